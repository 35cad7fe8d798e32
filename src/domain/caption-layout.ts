/**
 * Where a signature's caption goes (within its signature's width,
 * clipped or wrapped, never across the wall, whatever its characters).
 *
 * - Its **box** is a pure function of the outline, no font involved: the outline's width, from
 *   the outline's bottom edge down to a little under the last possible line's baseline. The
 *   board's tiles repaint that box when a signature comes or goes, and the painter clips to it,
 *   so nothing a browser's fonts do can reach past what a repaint covers.
 * - Its **lines**: the text wrapped to the outline's width at spaces, a word too long for a line
 *   (a URL, Chinese, 200 × 'W') broken between characters, at most `CAPTION_STYLE.maxLines`
 *   lines, the last one ending in '…' when the rest does not fit. Widths come from a `measure`
 *   function (the canvas's measureText when painting), so the wrapping matches the glyphs drawn.
 */
import { CAPTION_STYLE } from './presentation.ts';
import { grow, union, type Rect } from './geometry.ts';

/** The width of a text as the caption's font draws it, in wall pixels. */
export type MeasureText = (text: string) => number;

export const ELLIPSIS = '…';

/**
 * The most characters of a caption ever laid out: far more than three lines of the widest
 * outline hold (the database allows 200; this only guards rows from before that rule, so a
 * huge caption costs no more than a long one).
 */
export const MAX_LAID_OUT_CHARACTERS = 2000;

/** The part of the wall a signature's caption may paint: under the outline, as wide as it. */
export function captionBox(outline: Rect): Rect {
  const { baselineOffset, lineHeight, maxLines, descent } = CAPTION_STYLE;
  return {
    x: outline.x,
    y: outline.y + outline.height,
    width: outline.width,
    height: baselineOffset + (maxLines - 1) * lineHeight + descent,
  };
}

/** The baseline of the caption's line `index` (0 for the first: 15 px under the outline). */
export function captionBaseline(outline: Rect, index: number): number {
  return (
    outline.y + outline.height + CAPTION_STYLE.baselineOffset + index * CAPTION_STYLE.lineHeight
  );
}

/**
 * Made on first use, not when the module loads: making one loads ICU's break rules, which took
 * 40 ms in one task as the board's code arrived, and a wall of ASCII captions needs none.
 */
let sharedSegmenter: Intl.Segmenter | null | undefined;
function defaultSegmenter(): Intl.Segmenter | null {
  sharedSegmenter ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return sharedSegmenter;
}

/** Printable ASCII: each character is a grapheme of its own (no marks, no CR LF, no joiners). */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** A base character with its combining marks: the characters where Intl.Segmenter is missing. */
const APPROXIMATE_GRAPHEME = /\P{M}\p{M}*|\p{M}+/gsu;

/**
 * The text's first `limit` user-perceived characters (a letter with its accents, an emoji with
 * its modifiers, a Hangul syllable: never split in two by a line break), and whether more follow.
 * Without Intl.Segmenter (older Firefox; `segmenter` null), a base character with its combining
 * marks.
 */
export function graphemesOf(
  text: string,
  limit: number,
  segmenter?: Intl.Segmenter | null,
): { graphemes: string[]; truncated: boolean } {
  if (PRINTABLE_ASCII.test(text)) {
    return { graphemes: [...text.slice(0, limit)], truncated: text.length > limit };
  }
  const graphemes: string[] = [];
  const by = segmenter === undefined ? defaultSegmenter() : segmenter;
  const parts = by
    ? (function* () {
        for (const { segment } of by.segment(text)) yield segment;
      })()
    : text.matchAll(APPROXIMATE_GRAPHEME);
  for (const part of parts) {
    if (graphemes.length === limit) return { graphemes, truncated: true };
    graphemes.push(typeof part === 'string' ? part : part[0]);
  }
  return { graphemes, truncated: false };
}

/** Whitespace where a line may break; the no-break spaces keep what they join together. */
const BREAKABLE_SPACES = /[^\S\u00A0\u2007\u202F]+/u;

/**
 * The largest `to` in [lo, hi] for which `ok(to)` holds, where `ok` holds up to some point and
 * fails after it; lo - 1 when it holds nowhere.
 */
function largest(lo: number, hi: number, ok: (to: number) => boolean): number {
  let found = lo - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * `largest(lo, guess, ok)`, trying `guess` first: a line guessed from its characters' widths
 * nearly always holds, and saves a search. Never past the guess: a line may end a character
 * early where kerning would have made room, which nobody sees.
 */
function largestUpTo(guess: number, lo: number, ok: (to: number) => boolean): number {
  if (guess >= lo && ok(guess)) return guess;
  return largest(lo, guess - 1, ok);
}

/**
 * The caption's lines within `width`: at most `maxLines`, none wider than `width` as `measure`
 * measures it, except a single character wider than the whole line, which stands alone on its
 * line (the painter's clip cuts it). Runs of whitespace count as one space; no line starts or
 * ends with one. Empty for a caption with nothing to draw.
 *
 * Cheap enough for a wall of thousands: a caption that fits costs one measure; one that wraps,
 * one measure per character (single characters repeat, so the caller can memoise them) to guess
 * each line from their sum, and one measure per line to check the guess, searched back only when
 * kerning or shaping made the whole line wider than its characters.
 */
export function captionLines(
  text: string,
  width: number,
  measure: MeasureText,
  maxLines: number = CAPTION_STYLE.maxLines,
): string[] {
  const words = text.split(BREAKABLE_SPACES).filter((w) => w !== '');
  const flat = words.join(' ');
  // Most captions fit on one line: one measure, no segmenting.
  if (flat.length <= MAX_LAID_OUT_CHARACTERS && measure(flat) <= width) return flat ? [flat] : [];
  const { graphemes: g, truncated } = graphemesOf(flat, MAX_LAID_OUT_CHARACTERS);
  // A caption cut short above ends in '…' wherever its last line ends.
  if (truncated) g.push(ELLIPSIS);
  const n = g.length;
  const before = [0];
  for (const c of g) before.push(before[before.length - 1]! + measure(c));
  const sum = (from: number, to: number) => before[to]! - before[from]!;
  const join = (from: number, to: number) => g.slice(from, to).join('');
  const fits = (line: string) => measure(line) <= width;
  const ellipsisWidth = measure(ELLIPSIS);

  const lines: string[] = [];
  let start = 0;
  while (start < n) {
    if (sum(start, n) <= width && fits(join(start, n))) {
      lines.push(join(start, n));
      break;
    }
    if (lines.length === maxLines - 1) {
      // The last line: as much as fits before the ellipsis.
      const withEllipsis = (to: number) => join(start, to).trimEnd() + ELLIPSIS;
      const guess = largest(start, n - 1, (to) => sum(start, to) + ellipsisWidth <= width);
      const end = largestUpTo(guess, start, (to) => fits(withEllipsis(to)));
      lines.push(withEllipsis(Math.max(start, end)));
      break;
    }
    // At least one character per line, however wide.
    const guess = largest(start + 1, n - 1, (to) => sum(start, to) <= width);
    const end = Math.max(
      start + 1,
      largestUpTo(guess, start + 1, (to) => fits(join(start, to))),
    );
    // Break at the last space that fits, if any; else inside the word.
    let brk = end;
    if (g[end] !== ' ') {
      const space = g.lastIndexOf(' ', end - 1);
      if (space > start) brk = space;
    }
    lines.push(join(start, brk).trimEnd());
    start = brk;
    while (g[start] === ' ') start++;
  }
  return lines;
}

/**
 * The part of the wall a signature's paint can touch: its outline (the strokes, 3 px wide, stay
 * inside the 10 px padding) and its caption's box under it (caption-layout.ts), which the caption's
 * ink never leaves: the painter clips it there unless its ink was measured inside. Fonts play no
 * part: a repaint always covers the caption, whatever its characters. One pixel of margin for
 * anti-aliasing.
 */
export function paintedExtent(outline: Rect): Rect {
  return grow(union(outline, captionBox(outline)), 1);
}
