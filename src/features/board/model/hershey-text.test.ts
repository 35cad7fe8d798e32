import { describe, expect, it } from 'vitest';
import { scripts } from 'hersheytext/hersheytext.min.json';
import {
  drawableText,
  glyphOf,
  glyphStrokes,
  SPACE_UNITS,
  textStrokes,
  type HersheyFont,
} from './hershey-text.ts';

const SCRIPT: HersheyFont = scripts;
const points = (strokes: readonly (readonly unknown[])[]) =>
  strokes.reduce((n, s) => n + s.length, 0);

describe('Hershey glyphs', () => {
  it('reads a path of M and L commands as pen strokes', () => {
    expect(glyphStrokes('M1,2 L3,4 5,6 M7,8 L9,10')).toEqual([
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      [
        [7, 8],
        [9, 10],
      ],
    ]);
  });

  it("finds a character's glyph from '!' on, and none outside the font", () => {
    // '!' is a stem drawn thrice and a dot: four strokes; 'a' is one.
    expect(glyphStrokes(glyphOf(SCRIPT, '!')!.d)).toHaveLength(4);
    expect(glyphStrokes(glyphOf(SCRIPT, 'a')!.d)).toHaveLength(1);
    expect(glyphOf(SCRIPT, ' ')).toBeUndefined();
    expect(glyphOf(SCRIPT, 'é')).toBeUndefined();
    expect(glyphOf(SCRIPT, '😀')).toBeUndefined();
  });
});

describe('drawable text', () => {
  it('drops accents from letters the font has, and leaves out what it cannot draw', () => {
    expect(drawableText(SCRIPT, 'Zoë Ångström')).toBe('Zoe Angstrom');
    expect(drawableText(SCRIPT, '  李  Wei\t Chen  ')).toBe('Wei Chen');
    expect(drawableText(SCRIPT, '李雷')).toBe('');
  });
});

describe('text as strokes', () => {
  it("joins the script: a letter's exit stroke goes on into the next letter's entry", () => {
    // 'n' is two strokes: its first arch, then its second from the middle of the first, which
    // ends where the next 'n' starts.
    const n = glyphStrokes(glyphOf(SCRIPT, 'n')!.d);
    expect(n).toHaveLength(2);
    const nn = textStrokes(SCRIPT, 'nn')!;
    expect(nn.strokes).toHaveLength(3);
    // The join's shared point is kept once.
    expect(points(nn.strokes)).toBe(2 * points(n) - 1);
    // 'a' starts in its bowl, not at the join: no stroke goes on into it.
    expect(textStrokes(SCRIPT, 'na')!.strokes).toHaveLength(3);
  });

  it('advances each letter by its width, and a space by SPACE_UNITS', () => {
    const a = textStrokes(SCRIPT, 'a')!;
    const aa = textStrokes(SCRIPT, 'a a')!;
    const width = a.maxX - a.minX;
    expect(aa.maxX - aa.minX).toBeCloseTo(2 * a.maxX + SPACE_UNITS - a.minX, 5);
    expect(width).toBeGreaterThan(0);
  });

  it("draws a name in a few strokes and points, with a capital's height of about 21 units", () => {
    const name = textStrokes(SCRIPT, 'Jane Doe')!;
    expect(name.strokes.length).toBeLessThan(12);
    expect(points(name.strokes)).toBeLessThan(200);
    expect(name.strokes.every((s) => s.length >= 2)).toBe(true);
    // 'J' has a descender below the baseline (y = 22), 'D' reaches the capitals' top (y ≈ 1).
    expect(name.minY).toBeLessThanOrEqual(2);
    expect(name.maxY).toBeGreaterThan(22);
  });

  it('is null when nothing can be drawn', () => {
    expect(textStrokes(SCRIPT, '李雷')).toBeNull();
    expect(textStrokes(SCRIPT, '   ')).toBeNull();
  });
});
