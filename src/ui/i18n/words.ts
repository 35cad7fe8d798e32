/**
 * The app's words, in the visitor's language: every component says what it shows by message id
 * (the English source and the ids: catalogs/en.json), through Lingui's context, so a change of
 * language renders every text again.
 */
import { useLingui } from '@lingui/react';
import type { Locale } from '../../domain/locales.ts';
import type english from './catalogs/en.json';

export type MessageId = keyof typeof english;
export type MessageValues = Readonly<Record<string, unknown>>;
/** A message's text in the active language, its placeholders filled with `values`. */
export type Words = (id: MessageId, values?: MessageValues) => string;

export function useWords(): Words {
  // Lingui's `_` is bound anew on every change of language: callbacks that use it follow.
  return useLingui()._ as Words;
}

/** The active language, for Intl's number and date formats. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}
