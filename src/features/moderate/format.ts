/** How /moderate words times and rows. */
import type { Locale } from '../../domain/locales.ts';
import { defaultCaption } from '../../domain/presentation.ts';

const timeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A stored time in the owner's own zone and the page's language; the text as it came if no time. */
export function formatTime(iso: string, locale: Locale): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    timeFormats.set(locale, format);
  }
  return format.format(ms);
}

export function captionOrId(row: { id: number; caption: string | null }): string {
  return row.caption ?? defaultCaption(row.id);
}
