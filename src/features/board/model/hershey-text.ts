/**
 * A name written in a Hershey single-stroke font (the `hersheytext` package's glyph data): text
 * in, pen strokes out, in the font's own units (y down, as on the wall). Hershey glyphs are
 * polylines drawn with a pen, so what comes out is what a hand would have drawn: a few strokes of
 * a few dozen points per letter, well within a signature's limits.
 *
 * The script faces join their letters: a lowercase letter leaves at its right edge at the height
 * where the next one enters at its left edge. So each glyph advances by its rightmost point (not
 * hersheytext's own rendering advance, which leaves gaps in the joins), and a stroke that starts
 * exactly where the previous one ended continues it: "mamma" is one stroke, not five.
 */
import type { Point, Stroke } from '../../../domain/geometry.ts';

/** One glyph as hersheytext stores it: an SVG path of M and L commands, and a half-width. */
export interface HersheyGlyph {
  readonly d: string;
  readonly o: number;
}

/** A hersheytext font: glyphs for the character codes 33 ('!') onwards, in order. */
export interface HersheyFont {
  readonly chars: readonly HersheyGlyph[];
}

const FIRST_CODE = 33;
/** The pen's advance for a space, in font units (a narrow letter's width). */
export const SPACE_UNITS = 14;

/** A name as strokes in font units, and the box its points take. */
export interface TextStrokes {
  readonly strokes: readonly Stroke[];
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The glyph drawn for a character, if the font has one. */
export function glyphOf(font: HersheyFont, ch: string): HersheyGlyph | undefined {
  const code = ch.codePointAt(0);
  if (code === undefined || ch.length !== 1) return undefined;
  return font.chars[code - FIRST_CODE];
}

/** A glyph's pen strokes: each `M` lifts the pen and puts it down; `L` draws on. */
export function glyphStrokes(d: string): Point[][] {
  const strokes: Point[][] = [];
  for (const part of d.split('M')) {
    const numbers = part
      .replace(/L/g, ' ')
      .trim()
      .split(/[\s,]+/)
      .filter((n) => n !== '')
      .map(Number);
    const stroke: Point[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const x = numbers[i]!;
      const y = numbers[i + 1]!;
      if (Number.isFinite(x) && Number.isFinite(y)) stroke.push([x, y]);
    }
    if (stroke.length > 0) strokes.push(stroke);
  }
  return strokes;
}

/**
 * What of `text` the font can draw: accents dropped from letters it has without them (é → e),
 * characters it lacks left out, every run of spaces one space, trimmed.
 */
export function drawableText(font: HersheyFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    if (/\s/u.test(ch)) out += ' ';
    else if (glyphOf(font, ch)) out += ch;
  }
  return out.replace(/ +/g, ' ').trim();
}

/**
 * `text` in `font`, one line from x = 0, in font units; null when the font can draw none of it.
 * Strokes of a single point (none in the script faces) are left out: the wall keeps none.
 */
export function textStrokes(font: HersheyFont, text: string): TextStrokes | null {
  const strokes: Point[][] = [];
  let pen = 0;
  for (const ch of drawableText(font, text)) {
    const glyph = ch === ' ' ? undefined : glyphOf(font, ch);
    if (!glyph) {
      pen += SPACE_UNITS;
      continue;
    }
    const parts = glyphStrokes(glyph.d);
    let right = 0;
    for (const part of parts) {
      const placed = part.map(([x, y]): Point => [pen + x, y]);
      for (const [x] of part) right = Math.max(right, x);
      const last = strokes[strokes.length - 1];
      const end = last?.[last.length - 1];
      // The script's join: this stroke starts where the last one ended.
      if (last && end && end[0] === placed[0]![0] && end[1] === placed[0]![1]) {
        last.push(...placed.slice(1));
      } else {
        strokes.push(placed);
      }
    }
    pen += right;
  }
  const kept = strokes.filter((s) => s.length >= 2);
  if (kept.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of kept) {
    for (const [x, y] of stroke) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return { strokes: kept, minX, minY, maxX, maxY };
}
