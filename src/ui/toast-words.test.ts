import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compiledPart, readCatalog } from '../../scripts/i18n-catalogs.ts';
import type { Locale } from '../domain/locales.ts';
import type { ToastKind } from '../domain/toast.ts';
import type { Words } from './i18n/words.ts';
import { TOAST_MESSAGES, toastText } from './toast-words.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** What the page says in `locale`: its compiled catalog, through Lingui's own runtime. */
function wordsIn(locale: Locale): Words {
  const messages = compiledPart(readCatalog(ROOT, locale), 'app');
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (id, values) => i18n._(id, values);
}

const english = wordsIn('en');
const englishOf = (kind: ToastKind) => toastText(kind, english);

describe("the toasts' words", () => {
  it('are the spec’s own in English, word for word (§4, §8)', () => {
    expect(
      Object.fromEntries(
        (
          [
            'loaded',
            'loadError',
            'saving',
            'saved',
            'saveError',
            'canceled',
            'drawingEnabled',
            'panningEnabled',
            'blocked',
            'preparingExport',
            'generatingPng',
            'exportComplete',
          ] as const
        ).map((kind) => [kind, englishOf(kind)]),
      ),
    ).toEqual({
      loaded: 'Signatures loaded!',
      loadError: 'Error loading signatures.',
      saving: 'Saving...',
      saved: 'Signature saved!',
      saveError: 'Error saving signature.',
      canceled: 'Drawing canceled',
      drawingEnabled: 'Drawing enabled',
      panningEnabled: 'Panning enabled',
      blocked: "You can't draw over an existing signature!",
      preparingExport: 'Preparing export...',
      generatingPng: 'Generating PNG...',
      exportComplete: 'Export complete!',
    });
  });

  it('quote the limits from the rules, as numbers of the language', () => {
    expect(englishOf('tooBig')).toBe('A signature must fit in 800 × 600 px!');
    expect(englishOf('tooManyStrokes')).toBe('A signature holds at most 64 strokes!');
    expect(englishOf('tooManyPoints')).toBe('A signature holds at most 3,000 points!');
    expect(englishOf('tooLong')).toBe('A signature holds at most 20,000 px of strokes!');
    expect(englishOf('removalTooLate')).toBe(
      'Too late: a signature can be removed only in its first 10 minutes.',
    );
    expect(toastText('tooManyPoints', wordsIn('de'))).toContain('3.000');
  });

  it('are said in every language, none left in English where a language has its own', () => {
    const kinds = Object.keys(TOAST_MESSAGES) as ToastKind[];
    for (const locale of ['de', 'ja', 'ar'] as const) {
      const t = wordsIn(locale);
      const same = kinds.filter((kind) => toastText(kind, t) === englishOf(kind));
      expect(same, locale).toEqual([]);
    }
  });
});
