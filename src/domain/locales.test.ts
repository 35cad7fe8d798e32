import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  chooseLocale,
  cookieValue,
  directionOf,
  langParamOf,
  LOCALES,
  matchLocale,
} from './locales.ts';

describe('the languages', () => {
  it('are at least 20 besides English, Arabic, Hebrew and Persian right to left', () => {
    expect(LOCALES.length).toBeGreaterThanOrEqual(21);
    expect(new Set(LOCALES.map((l) => l.code)).size).toBe(LOCALES.length);
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar', 'fa', 'he']);
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ja')).toBe('ltr');
  });

  it('each name a real locale that Intl knows by that tag', () => {
    for (const { code } of LOCALES) {
      expect(Intl.getCanonicalLocales(code)).toEqual([code]);
      expect(new Intl.PluralRules(code).resolvedOptions().locale.split('-')[0]).toBe(
        code.split('-')[0],
      );
    }
  });
});

describe('matching a tag', () => {
  it('takes the tag itself in any case, else its language', () => {
    expect(matchLocale('de')).toBe('de');
    expect(matchLocale('DE-at')).toBe('de');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('en_GB')).toBe('en');
    expect(matchLocale('fa-IR')).toBe('fa');
  });

  it('tells Traditional from Simplified Chinese', () => {
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-SG')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-HK')).toBe('zh-TW');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-tw')).toBe('zh-TW');
  });

  it('knows the old tags and refuses what is no tag', () => {
    expect(matchLocale('iw')).toBe('he');
    expect(matchLocale('in-ID')).toBe('id');
    for (const junk of ['', '*', 'x', 'klingon', 'de;q=1', '<script>', 'de--', '../en', 'tlh']) {
      expect(matchLocale(junk), junk).toBeNull();
    }
  });
});

describe('Accept-Language', () => {
  it('lists the languages by q, then in their order', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedLanguages('en;q=0.1, ja')).toEqual(['ja', 'en']);
    expect(acceptedLanguages('de;q=0, ar;q=x, he;q=2, fa')).toEqual(['fa']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('reads at most 32 entries of a huge header', () => {
    const huge = Array.from({ length: 10_000 }, () => 'xx').join(',') + ',de';
    expect(acceptedLanguages(huge)).toHaveLength(32);
  });
});

describe('choosing', () => {
  const none = { query: null, remembered: null, languages: [] };

  it('takes ?lang= over the remembered choice over the browser, else English', () => {
    expect(chooseLocale({ query: 'ar', remembered: 'de', languages: ['ja'] })).toBe('ar');
    expect(chooseLocale({ query: null, remembered: 'de', languages: ['ja'] })).toBe('de');
    expect(chooseLocale({ ...none, languages: ['tlh', 'ja-JP', 'de'] })).toBe('ja');
    expect(chooseLocale(none)).toBe('en');
  });

  it('passes over what it cannot use', () => {
    expect(chooseLocale({ query: 'klingon', remembered: 'zz', languages: ['he'] })).toBe('he');
    expect(chooseLocale({ ...none, languages: ['en-US', 'de'] })).toBe('en');
  });

  it('reads the parameter and the cookie', () => {
    expect(langParamOf('?x=1&lang=de')).toBe('de');
    expect(langParamOf('')).toBeNull();
    expect(cookieValue('a=1; signwall-lang=fa; b=2', 'signwall-lang')).toBe('fa');
    expect(cookieValue('xsignwall-lang=fa', 'signwall-lang')).toBeNull();
    expect(cookieValue(undefined, 'signwall-lang')).toBeNull();
  });
});
