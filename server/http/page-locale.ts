/**
 * The language of a page the server sends: `?lang=`, then the cookie the welcome card's picker
 * sets, then Accept-Language (src/domain/locales.ts decides, as the page does). The page goes out
 * with `<html lang dir>` in that language and marked as the server's choice, so the app takes it
 * rather than deciding again.
 */
import type { FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  chooseLocale,
  cookieValue,
  directionOf,
  LANG_COOKIE,
  langParamOf,
  SERVER_LOCALE_ATTRIBUTE,
  type Locale,
} from '../../src/domain/locales.ts';

/** What a page's language depends on, for `Vary`. */
export const LOCALE_VARY = 'Accept-Language, Cookie';

export function pageLocale(request: FastifyRequest): Locale {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  const cookie = request.headers.cookie;
  const accept = request.headers['accept-language'];
  return chooseLocale({
    query: query < 0 ? null : langParamOf(url.slice(query)),
    remembered: cookieValue(typeof cookie === 'string' ? cookie : null, LANG_COOKIE),
    languages: acceptedLanguages(typeof accept === 'string' ? accept : null),
  });
}

const HTML_TAG = /<html\b[^>]*>/;

/** `html` with its `<html>` tag in `locale`, marked as the server's choice. */
export function withPageLocale(html: string, locale: Locale): string {
  return html.replace(
    HTML_TAG,
    `<html lang="${locale}" dir="${directionOf(locale)}" ${SERVER_LOCALE_ATTRIBUTE}="${locale}">`,
  );
}
