/** How /moderate words times and rows. */
import { defaultCaption } from '../../domain/presentation.ts';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A stored time in the owner's own zone and language; the text as it came if it is no time. */
export function formatTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : TIME.format(ms);
}

export function captionOrId(row: { id: number; caption: string | null }): string {
  return row.caption ?? defaultCaption(row.id);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
