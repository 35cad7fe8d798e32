/**
 * The catalogs in the page: English's first part is here from the start; any other part loads
 * once, when the page first needs it (scripts/i18n-catalogs.ts cuts them), and a part that failed
 * to load is tried again the next time it is asked for.
 */
import { i18n } from '@lingui/core';
import { englishFirst, loaders } from 'virtual:signwall-catalogs';
import { DEFAULT_LOCALE, directionOf, type Locale } from '../../domain/locales.ts';

export type CatalogPart = 'first' | 'app' | 'moderate';

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const keyOf = (locale: Locale, part: CatalogPart) => `${locale}/${part}`;

i18n.load(DEFAULT_LOCALE, englishFirst);
loaded.add(keyOf(DEFAULT_LOCALE, 'first'));
loading.set(keyOf(DEFAULT_LOCALE, 'first'), Promise.resolve());

export { i18n };

export function partLoaded(locale: Locale, part: CatalogPart): boolean {
  return loaded.has(keyOf(locale, part));
}

/** Loads one part of a language's catalog into Lingui (once; again after a failure). */
export function loadPart(locale: Locale, part: CatalogPart): Promise<void> {
  const key = keyOf(locale, part);
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[locale]![part]().then((module) => {
      i18n.load(locale, module.default);
      loaded.add(key);
    });
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** The page speaks `locale` from now on: its first part loaded, `<html lang dir>` set. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadPart(locale, 'first');
  i18n.activate(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
