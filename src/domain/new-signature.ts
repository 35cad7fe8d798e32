/**
 * A new signature, checked as the database will check it (docs/architecture.md §3, enforced by
 * the database too): its numbers, every limit, its caption as stored, the weight rule; and its text
 * as stored. Apart from signature.ts so that a page that only reads the wall leaves these rules
 * (and the combining marks' table) out of its first script.
 */
import {
  MAX_CAPTION_LENGTH,
  MAX_POINTS,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
  WALL_SIZE,
} from './rules.ts';
import { COMBINING_MARK_RANGES } from './combining-marks.ts';
import { strokesLength, type Stroke } from './geometry.ts';
import { isPoint } from './signature.ts';
import { extentFits, extentOf } from './signature-size.ts';
import {
  canonicalStrokes,
  captionBytes,
  captionRoom,
  weightFits,
  weightOf,
} from './signature-weight.ts';

/**
 * The database's cheap checks on a signature's text (supabase/migrations/…_limit_signatures.sql),
 * run before it parses anything. A number is at most this many characters…
 */
export const MAX_NUMBER_CHARS = 24;
/** …and its exponent at most this many digits: no coordinate in [0, 3200] needs more. */
export const MAX_EXPONENT_DIGITS = 2;
/**
 * The text's size cap: MAX_POINTS points of two 24-character numbers (`[x,y],`: 52 bytes), 64
 * strokes' brackets and commas (3 each) and the outer brackets. It applies to the text as sent;
 * the database stores it without whitespace.
 */
export const MAX_SIGNATURE_TEXT_BYTES =
  MAX_POINTS * (2 * MAX_NUMBER_CHARS + 4) + MAX_STROKES * 3 + 2;
/** At most this many `[` in the text: one per point, one per stroke, one around them all. */
export const MAX_OPEN_BRACKETS = MAX_POINTS + MAX_STROKES + 1;

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A character class of ranges given as first, last, first, last, … code points. */
function markClass(ranges: readonly number[]): string {
  const escape = (cp: number) => `\\u{${cp.toString(16)}}`;
  let inside = '';
  for (let i = 0; i < ranges.length; i += 2) {
    inside += `${escape(ranges[i]!)}-${escape(ranges[i + 1]!)}`;
  }
  return `[${inside}]`;
}
/** Any combining mark (general category M): the list the database uses too. */
const MARK = markClass(COMBINING_MARK_RANGES);
/** A run of more than 3 combining marks: the first 3 are kept. */
const LONG_MARK_RUN = new RegExp(`(${MARK}{3})${MARK}+`, 'gu');

/** Whitespace (what trim() strips) and the characters that draw nothing. */
const ONLY_INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- U+034F and U+FE00–FE0F, listed alone
  /^[\s\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u034F\u180E\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F]*$/u;

/**
 * The caption as the database stores it (signwall.normalize_caption; both are checked against
 * tests/vectors/captions.json), in this order: bidi controls stripped (before NFC, so the marks
 * they kept apart compose), NFC, runs of combining marks cut to 3, trimmed; null when nothing, or
 * nothing visible, is left. The 200-character limit applies to the result.
 */
export function normalizeCaption(caption: string | null | undefined): string | null {
  const trimmed = (caption ?? '')
    .replace(BIDI_CONTROLS, '')
    .normalize('NFC')
    .replace(LONG_MARK_RUN, '$1')
    .trim();
  return ONLY_INVISIBLE.test(trimmed) ? null : trimmed;
}

/** True when the number's JSON text passes the database's number-token check. */
function isShortNumber(n: number): boolean {
  const text = JSON.stringify(n);
  const exponent = /e[-+]?(\d+)$/i.exec(text);
  return (
    text.length <= MAX_NUMBER_CHARS && (!exponent || exponent[1]!.length <= MAX_EXPONENT_DIGITS)
  );
}

export type SignatureProblem =
  | 'no-strokes'
  | 'short-stroke'
  | 'bad-point'
  | 'off-wall'
  /** A coordinate whose JSON text is too long or has a 3-digit exponent (e.g. 1e-300). */
  | 'bad-number'
  | 'too-many-strokes'
  | 'too-many-points'
  /** The points' bounding box is over MAX_SIGNATURE_WIDTH × MAX_SIGNATURE_HEIGHT. */
  | 'too-big'
  /** The strokes measure more than MAX_STROKE_LENGTH in all. */
  | 'too-long'
  | 'caption-too-long'
  /** More bytes (text and caption) than the nodes its strokes claim allow (signature-weight.ts). */
  | 'too-heavy';

/**
 * Why the database would refuse these strokes and caption, or null when it would accept them.
 * As the database does, every rule after the numbers' own is checked on the strokes as stored
 * (canonical coordinates).
 */
export function findSignatureProblem(
  strokes: readonly Stroke[],
  caption: string | null,
): SignatureProblem | null {
  if (strokes.length === 0) return 'no-strokes';
  if (strokes.length > MAX_STROKES) return 'too-many-strokes';
  let points = 0;
  for (const stroke of strokes) {
    for (const p of stroke) {
      if (!isPoint(p)) return 'bad-point';
      if (!isShortNumber(p[0]) || !isShortNumber(p[1])) return 'bad-number';
    }
    points += stroke.length;
  }
  const stored = canonicalStrokes(strokes);
  for (const stroke of stored) {
    if (stroke.length < 2) return 'short-stroke';
    for (const [x, y] of stroke) {
      if (x < 0 || x > WALL_SIZE || y < 0 || y > WALL_SIZE) return 'off-wall';
    }
  }
  if (points > MAX_POINTS) return 'too-many-points';
  if (!extentFits(extentOf(stored))) return 'too-big';
  if (strokesLength(stored) > MAX_STROKE_LENGTH) return 'too-long';
  const normalized = normalizeCaption(caption);
  if (normalized !== null && [...normalized].length > MAX_CAPTION_LENGTH) return 'caption-too-long';
  const { bytes, nodes } = weightOf(stored, normalized);
  if (!weightFits(bytes, nodes)) return 'too-heavy';
  return null;
}

/**
 * The caption as typed, cut (at a character) to what these strokes, as saved, leave room for
 * under the weight rule: a small signature holds a shorter caption. The same string when it fits.
 */
export function captionWithin(caption: string, savedStrokes: readonly Stroke[]): string {
  const room = captionRoom(canonicalStrokes(savedStrokes));
  const fits = (text: string) => captionBytes(normalizeCaption(text)) <= room;
  if (fits(caption)) return caption;
  const chars = [...caption];
  // The longest prefix that fits (its bytes grow with its length).
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(chars.slice(0, mid).join(''))) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('');
}

/**
 * The `signature` text for new strokes as the database stores it: the current format, a list of
 * strokes, every coordinate canonical (signature-weight.ts), no whitespace.
 */
export function serializeStrokes(strokes: readonly Stroke[]): string {
  return JSON.stringify(canonicalStrokes(strokes));
}
