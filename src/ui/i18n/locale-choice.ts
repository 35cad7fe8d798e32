/**
 * Which language the page speaks (src/domain/locales.ts decides): the server's choice when the
 * page it sent is already in it, else `?lang=`, the picker's remembered choice (a cookie, so the
 * server reads it at the next visit) and the browser's languages.
 */
import {
  chooseLocale,
  cookieValue,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  LANG_PARAM,
  langParamOf,
  matchLocale,
  SERVER_LOCALE_ATTRIBUTE,
  type Locale,
} from '../../domain/locales.ts';
import { activateLocale, loadPart } from './catalog.ts';

/** The language the page opens in. */
export function openingLocale(): Locale {
  const served = document.documentElement.getAttribute(SERVER_LOCALE_ATTRIBUTE);
  const fromServer = served === null ? null : matchLocale(served);
  if (fromServer) return fromServer;
  return chooseLocale({
    query: langParamOf(window.location.search),
    remembered: cookieValue(document.cookie, LANG_COOKIE),
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

/**
 * Remembers a choice from the picker: in the cookie, and in the address when it names a language
 * (it would win over the cookie at the next load).
 */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANG_PARAM)) {
    url.searchParams.set(LANG_PARAM, locale);
    window.history.replaceState(window.history.state, '', url);
  }
}

/**
 * The picker's choice: remembered, then the page switches to it (its first words fetched first);
 * the board's words start loading too, as they did for the language the page opened in.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await activateLocale(locale);
  loadPart(locale, 'app').catch(() => undefined);
}
