/**
 * What the owner is sent for a digest of reports (digest-queue.ts reads it): one JSON object, as
 * before, with one human message in `text` (Slack shows it) and `content` (Discord shows it), and
 * ntfy shows the whole body. A digest of one report keeps the fields of a single report's post
 * (`signature_id`, `reason`, `note`, `report_count`, `hidden`, `link` to `/moderate#id=…`); every
 * digest also says how many reports on how many signatures it accounts for, how many reports hid,
 * and whether community hiding is paused, and why. A visitor's note is only ever inert
 * (chat-safe.ts).
 *
 * Sizes: Discord refuses a `content` over 2,000 characters and ntfy turns a body over 4,096 bytes
 * into an attachment, so the lines about single signatures stop where the message would outgrow
 * either; the first line's counts always cover the whole digest, and /moderate lists every one.
 */
import { discordCode, inertText, NO_MENTIONS, slackCode } from './chat-safe.ts';

export interface DigestItem {
  signature_id: number;
  /** Reports of it in this digest, and by reason. */
  reports: number;
  offensive: number;
  spam: number;
  personal_information: number;
  other: number;
  /** A report in this digest hid it / would have, but community hiding was paused / came after
   * the owner kept it. */
  hidden: boolean;
  held: boolean;
  kept: boolean;
  /** Its reports in all, after the latest one. */
  report_count: number;
  last_reason: string;
  /** The latest note given, as the database stored it. */
  note: string | null;
}

export interface HidingState {
  reportsToHide: number;
  hidesPerHour: number;
  hiddenLastHour: number;
  paused: boolean;
  resumesAt: Date | null;
  /** Reported signatures that reached the threshold and wait for the owner. */
  waiting: number;
}

export interface Digest {
  reports: number;
  signatures: number;
  /** Signatures a report of this digest hid; that reached the threshold while paused. */
  hidden: number;
  held: number;
  firstAt: Date;
  lastAt: Date;
  /** The most telling signatures first: hidden, held, most reported, latest. */
  items: DigestItem[];
  hiding: HidingState;
}

/** Discord's limit on `content`, with room to spare. */
export const MAX_MESSAGE_CHARS = 1900;
/** ntfy's limit on a message, with room to spare. */
export const MAX_BODY_BYTES = 4000;
/** Signatures described one by one in the JSON's `items`. */
const MAX_ITEMS = 10;

const REASONS = ['offensive', 'spam', 'personal_information', 'other'] as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type CodeSpan = (text: string) => string;

function noteOf(item: DigestItem): string | null {
  const note = item.note === null ? '' : inertText(item.note);
  return note === '' ? null : note;
}

function stateOf(item: DigestItem): string {
  if (item.hidden) return 'hidden by reports';
  if (item.held) return 'not hidden: community hiding paused';
  if (item.kept) return 'stays up: you kept it';
  return '';
}

/** Why community hiding is paused, and until when; '' when it is not. */
export function pauseLine(digest: Digest): string {
  const { hiding } = digest;
  if (!hiding.paused && digest.held === 0) return '';
  const waiting = `${plural(hiding.waiting, 'reported signature')} ${hiding.waiting === 1 ? 'waits' : 'wait'} for you`;
  if (!hiding.paused) {
    // The budget has room again, but these reached the threshold while it had none.
    return (
      `Community hiding was paused when ${plural(digest.held, 'signature')} of these reached ` +
      `REPORTS_TO_HIDE: the hour's REPORTS_HIDE_PER_HOUR (${hiding.hidesPerHour}) was spent; ${waiting}.`
    );
  }
  if (hiding.hidesPerHour === 0) {
    return `Community hiding is paused: REPORTS_HIDE_PER_HOUR is 0, so reports hide nothing; ${waiting}.`;
  }
  const resumes = hiding.resumesAt
    ? `; it resumes at ${hiding.resumesAt.toISOString().slice(11, 16)} UTC`
    : '';
  return (
    `Community hiding is paused: ${plural(hiding.hiddenLastHour, 'signature')} hidden by reports ` +
    `in the last hour, the most REPORTS_HIDE_PER_HOUR allows (${hiding.hidesPerHour}); ${waiting}${resumes}.`
  );
}

function singleLine(digest: Digest, item: DigestItem, link: string, code: CodeSpan): string {
  const state = item.hidden ? 'now hidden' : stateOf(item);
  const note = noteOf(item);
  const pause = pauseLine(digest);
  return (
    `Signature #${item.signature_id} reported as ${item.last_reason} ` +
    `(${plural(item.report_count, 'report')}${state ? `, ${state}` : ''})` +
    `${note ? `: ${code(note)}` : ''} ${link}${pause ? `\n${pause}` : ''}`
  );
}

function headLine(digest: Digest, link: string): string {
  const paused = digest.hiding.paused || digest.held > 0;
  return (
    `${plural(digest.reports, 'new report')} on ${plural(digest.signatures, 'signature')}` +
    `${digest.hidden > 0 ? `, ${digest.hidden} hidden by reports` : ''}` +
    `${paused ? ', community hiding paused' : ''}: ${link}`
  );
}

function itemLine(item: DigestItem, code: CodeSpan): string {
  const reasons = REASONS.filter((reason) => item[reason] > 0)
    .map((reason) => `${item[reason]} ${reason.replace('_', ' ')}`)
    .join(', ');
  const state = stateOf(item);
  const note = noteOf(item);
  return (
    `• #${item.signature_id}: ${plural(item.reports, 'report')} (${reasons})` +
    `${state ? `, ${state}` : ''}${note ? `, latest note ${code(note)}` : ''}`
  );
}

/** The lines of a digest of several reports, with the first `count` item lines (one app's). */
function severalLines(head: string[], itemLines: string[], count: number, total: number): string {
  const lines = [...head, ...itemLines.slice(0, count)];
  const left = total - Math.min(count, itemLines.length);
  if (left > 0) lines.push(`…and ${plural(left, 'more signature')} on /moderate.`);
  return lines.join('\n');
}

/** The JSON body posted for `digest`; `publicUrl` without a trailing slash ('' for a bare path). */
export function digestPayload(digest: Digest, publicUrl: string): Record<string, unknown> {
  const base = publicUrl.replace(/\/+$/, '');
  const summary = {
    reports: digest.reports,
    signatures: digest.signatures,
    hidden_by_reports: digest.hidden,
    community_hiding_paused: digest.hiding.paused || digest.held > 0,
    waiting_for_you: digest.hiding.waiting,
    first_report_at: digest.firstAt.toISOString(),
    last_report_at: digest.lastAt.toISOString(),
  };
  const only = digest.reports === 1 ? digest.items[0] : undefined;
  if (only) {
    const link = `${base}/moderate#id=${only.signature_id}`;
    return {
      signature_id: only.signature_id,
      reason: only.last_reason,
      note: noteOf(only),
      report_count: only.report_count,
      hidden: only.hidden,
      link,
      ...summary,
      text: singleLine(digest, only, link, slackCode),
      content: singleLine(digest, only, link, discordCode),
      allowed_mentions: NO_MENTIONS,
    };
  }
  const link = `${base}/moderate`;
  const items = digest.items.slice(0, MAX_ITEMS).map((item) => ({
    signature_id: item.signature_id,
    reports: item.reports,
    hidden: item.hidden,
    held: item.held,
    kept: item.kept,
    note: noteOf(item),
    link: `${base}/moderate#id=${item.signature_id}`,
  }));
  const head = [headLine(digest, link), pauseLine(digest)].filter((line) => line !== '');
  const slackLines = digest.items.map((item) => itemLine(item, slackCode));
  const discordLines = digest.items.map((item) => itemLine(item, discordCode));
  // The most item lines that keep both messages and the whole body within the apps' limits (an
  // item line is more than 20 characters, so no more than this many can fit).
  for (let count = Math.min(digest.items.length, Math.floor(MAX_MESSAGE_CHARS / 20)); ; count--) {
    const text = severalLines(head, slackLines, count, digest.signatures);
    const content = severalLines(head, discordLines, count, digest.signatures);
    const payload = {
      ...summary,
      link,
      items: items.slice(0, count),
      text,
      content,
      allowed_mentions: NO_MENTIONS,
    };
    const fits =
      text.length <= MAX_MESSAGE_CHARS &&
      content.length <= MAX_MESSAGE_CHARS &&
      Buffer.byteLength(JSON.stringify(payload)) <= MAX_BODY_BYTES;
    if (fits || count === 0) return payload;
  }
}
