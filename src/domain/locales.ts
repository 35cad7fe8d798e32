/**
 * The languages the app speaks, and which one a visitor gets: `?lang=` first, then the choice the
 * welcome card's picker remembered (a cookie, so the server knows it too), then the browser's
 * languages in their order (Accept-Language on the server, navigator.languages in the page), then
 * English. The server (server/http/page-locale.ts) and the page (src/ui/i18n) both decide with
 * these, so the card the server pre-renders is the card the app renders.
 */

export interface LocaleInfo {
  /** The BCP 47 tag: the catalog's name, `<html lang>`, Intl's locale. */
  readonly code: string;
  /** The language's name in itself, as the picker lists it. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
}

export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fa', name: 'فارسی', dir: 'rtl' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'he', name: 'עברית', dir: 'rtl' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'id', name: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'it', name: 'Italiano', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'nl', name: 'Nederlands', dir: 'ltr' },
  { code: 'pl', name: 'Polski', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'sv', name: 'Svenska', dir: 'ltr' },
  { code: 'tr', name: 'Türkçe', dir: 'ltr' },
  { code: 'uk', name: 'Українська', dir: 'ltr' },
  { code: 'vi', name: 'Tiếng Việt', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'zh-TW', name: '繁體中文', dir: 'ltr' },
] as const satisfies readonly LocaleInfo[];

export type Locale = (typeof LOCALES)[number]['code'];

/** The spec's language, and the one a visitor gets when nothing else matches. */
export const DEFAULT_LOCALE: Locale = 'en';
/** The query parameter that names a language (`/?lang=de`); it wins over everything else. */
export const LANG_PARAM = 'lang';
/** The cookie the picker sets: the remembered choice, which the server reads too. */
export const LANG_COOKIE = 'signwall-lang';
/** How long the remembered choice lasts, in seconds (a year). */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/**
 * Set on `<html>` by the server when the page it sends is already in the language it chose, so
 * the app takes that language rather than deciding again (and perhaps differently).
 */
export const SERVER_LOCALE_ATTRIBUTE = 'data-server-locale';

const BY_LOWER_CODE = new Map<string, Locale>(LOCALES.map((l) => [l.code.toLowerCase(), l.code]));

/** Chinese: Traditional for Taiwan, Hong Kong and Macau (and the Hant script), else Simplified. */
function chinese(subtags: readonly string[]): Locale {
  const traditional = subtags.some((s) => ['hant', 'tw', 'hk', 'mo'].includes(s));
  return traditional ? 'zh-TW' : 'zh-CN';
}

/** Old tags browsers still send for some languages. */
const LEGACY: Readonly<Record<string, Locale>> = { iw: 'he', in: 'id', ji: 'he' };

/**
 * The app's locale for one BCP 47 tag, or null: the tag itself (any case), else its language
 * (`de-AT` → `de`, `pt-PT` → `pt-BR`, `zh-HK` → `zh-TW`). Anything not shaped like a tag is null.
 */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(lower)) return null;
  const exact = BY_LOWER_CODE.get(lower);
  if (exact) return exact;
  const [language, ...rest] = lower.split('-') as [string, ...string[]];
  if (language === 'zh') return chinese(rest);
  if (language === 'pt') return 'pt-BR';
  return BY_LOWER_CODE.get(language) ?? LEGACY[language] ?? null;
}

export function localeInfo(locale: Locale): LocaleInfo {
  return LOCALES.find((l) => l.code === locale)!;
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return localeInfo(locale).dir;
}

/**
 * The languages of an Accept-Language header, most wanted first (by q, then by their order);
 * `*`, q=0 and malformed entries are left out. At most 32 entries are read.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header.split(',').slice(0, 32).entries()) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (tag === '*' || tag === '' || !(q > 0 && q <= 1)) continue;
    entries.push({ tag: tag.trim(), q, at });
  }
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/** One cookie's value from a Cookie header (or document.cookie); null when it is not there. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

export interface LocaleHints {
  /** The `lang` query parameter, if the address has one. */
  readonly query: string | null;
  /** The remembered choice (the picker's cookie). */
  readonly remembered: string | null;
  /** The browser's languages, most wanted first. */
  readonly languages: readonly string[];
}

/** Which language a visitor gets: `?lang=`, then the remembered choice, then the browser's. */
export function chooseLocale({ query, remembered, languages }: LocaleHints): Locale {
  for (const hint of [query, remembered]) {
    const locale = hint === null ? null : matchLocale(hint);
    if (locale) return locale;
  }
  for (const language of languages) {
    const locale = matchLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The `lang` parameter of a query string (`?a=1&lang=de`), or null. */
export function langParamOf(search: string): string | null {
  return new URLSearchParams(search).get(LANG_PARAM);
}
