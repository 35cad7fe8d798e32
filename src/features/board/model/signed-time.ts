/**
 * When a signature was signed, as its card says it, in the visitor's locale: how long
 * ago ("5 minutes ago", Intl.RelativeTimeFormat) and the date and time (Intl.DateTimeFormat).
 * `locale` undefined is the browser's own. Times are epoch milliseconds: reading a clock or
 * parsing the row's timestamp is the caller's (the rules hold no clock).
 */

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** How long before `now` the time `at` was, in the largest unit under which it fits. */
export function timeAgo(at: number, now: number, locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // A server clock a little ahead of this one must not make it "in 2 seconds".
  let amount = Math.max(0, (now - at) / 1000);
  for (const [unit, size] of UNITS) {
    if (amount < size) return format.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return format.format(-Math.floor(amount), 'year');
}

/** The date and time `at`, medium date and short time. */
export function signedAt(at: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
