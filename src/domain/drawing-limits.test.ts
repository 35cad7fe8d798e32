import { describe, expect, it } from 'vitest';
import {
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from './rules.ts';
import {
  addPoint,
  startStroke,
  tallyAsSaved,
  tallyOf,
  type DrawingTally,
} from './drawing-limits.ts';
import { strokesLength, type Point, type Stroke } from './geometry.ts';
import { createOutlineIndex } from './outline-index.ts';
import { simplifyStroke } from './simplify.ts';
import { findSignatureProblem } from './signature.ts';
import { extentFits, extentOf } from './signature-size.ts';

const EMPTY = tallyOf(null);

/** Draws `points` as one stroke on top of `tally`: the points kept and why it stopped, if it did. */
function drawStroke(tally: DrawingTally, points: readonly Point[]) {
  const [first, ...rest] = points;
  const start = startStroke(tally, first!);
  if (!start.ok) return { kept: [] as Point[], limit: start.limit, tally };
  let current = start.tally;
  const kept: Point[] = [first!];
  for (const p of rest) {
    const step = addPoint(current, p);
    if (!step.ok) return { kept, limit: step.limit, tally: current };
    current = step.tally;
    kept.push(p);
  }
  return { kept, limit: null, tally: current };
}

/** A horizontal run of points from x0 to x1 at height y, one every `step` wall pixels. */
function run(x0: number, x1: number, y: number, step = 50): Point[] {
  const out: Point[] = [];
  for (let x = x0; x < x1; x += step) out.push([x, y]);
  out.push([x1, y]);
  return out;
}

describe('the tally of the pending strokes', () => {
  it('counts strokes and points and measures their extent', () => {
    const strokes: Stroke[] = [
      [
        [10, 20],
        [30, 5],
      ],
      [
        [15, 40],
        [16, 41],
        [17, 42],
      ],
    ];
    expect(tallyOf(strokes)).toEqual({
      extent: extentOf(strokes),
      strokes: 2,
      points: 5,
      length: strokesLength(strokes),
      last: null,
    });
    expect(EMPTY).toEqual({ extent: null, strokes: 0, points: 0, length: 0, last: null });
  });

  it('counts the pending strokes as they will be saved: simplified, unless near an outline', () => {
    // A straight stroke of 101 samples saves as its two ends.
    const straight: Stroke = Array.from({ length: 101 }, (_, i) => [1000 + i, 1000]);
    expect(simplifyStroke(straight)).toHaveLength(2);
    const free = tallyAsSaved([straight], createOutlineIndex([]));
    expect(free).toMatchObject({ strokes: 1, points: 2, length: 100 });
    // Bent 0.4 px over an outline's top: the shortcut would touch it, so it saves as drawn.
    const bent: Stroke = [
      [100, 100],
      [110, 100.4],
      [120, 100],
    ];
    const outline = { id: 1, outline: { x: 109, y: 95, width: 2, height: 5.1 } };
    const near = tallyAsSaved([straight, bent], createOutlineIndex([outline]));
    expect(near).toMatchObject({ strokes: 2, points: 5 });
    expect(tallyAsSaved(null, createOutlineIndex([]))).toEqual(EMPTY);
  });
});

describe('the size limit while drawing', () => {
  it('keeps a stroke exactly 800 wide and cuts one more tenth of a pixel', () => {
    const exact = drawStroke(EMPTY, [
      [100, 300],
      [100 + MAX_SIGNATURE_WIDTH, 300],
    ]);
    expect(exact.limit).toBeNull();
    const over = drawStroke(EMPTY, [
      [100, 300],
      [500, 300],
      [100 + MAX_SIGNATURE_WIDTH + 0.1, 300],
      [200, 300],
    ]);
    expect(over.limit).toBe('size');
    expect(over.kept).toEqual([
      [100, 300],
      [500, 300],
    ]);
  });

  it('keeps exactly 600 high and cuts one more', () => {
    expect(
      drawStroke(EMPTY, [
        [300, 1000],
        [300, 1000 + MAX_SIGNATURE_HEIGHT],
      ]).limit,
    ).toBeNull();
    expect(
      drawStroke(EMPTY, [
        [300, 1000],
        [300, 1000 + MAX_SIGNATURE_HEIGHT + 0.1],
      ]),
    ).toMatchObject({ limit: 'size', kept: [[300, 1000]] });
  });

  it('cuts a 1,200 px drag where it passes 800 wide, whichever way it goes', () => {
    const right = drawStroke(EMPTY, run(1000, 2200, 500));
    expect(right.limit).toBe('size');
    expect(right.kept.at(-1)).toEqual([1800, 500]);
    const left = drawStroke(EMPTY, run(1000, 2200, 500).reverse());
    expect(left.kept.at(-1)).toEqual([1400, 500]);
  });

  it('measures the pending strokes and the live one together', () => {
    const pending = tallyOf([
      [
        [1000, 1000],
        [1100, 1000],
      ],
    ]);
    // Starting 700 to the left of the pending box still fits: 800 wide in all.
    const fits = drawStroke(pending, [
      [400, 1000],
      [300, 1000],
    ]);
    expect(fits).toMatchObject({ limit: null });
    expect(extentFits(fits.tally.extent)).toBe(true);
    // A first point beyond what the pending strokes allow starts nothing.
    expect(startStroke(pending, [299.9, 1000])).toEqual({ ok: false, limit: 'size' });
    expect(startStroke(pending, [1050, 1000 + MAX_SIGNATURE_HEIGHT + 1])).toEqual({
      ok: false,
      limit: 'size',
    });
  });

  it('works in wall coordinates, whatever the zoom showed', () => {
    // The same wall points give the same answer: the tally never sees screen pixels.
    const points = run(0, MAX_SIGNATURE_WIDTH, 3200, 0.5);
    expect(drawStroke(EMPTY, points)).toMatchObject({ limit: null });
    expect(drawStroke(EMPTY, [...points, [MAX_SIGNATURE_WIDTH + 0.1, 3200]]).limit).toBe('size');
  });
});

describe('the stroke and point limits while drawing', () => {
  const dot = (i: number): Stroke => [
    [100 + i, 100],
    [100 + i, 101],
  ];

  it('starts the 64th stroke and refuses the 65th', () => {
    const pending63 = tallyOf(Array.from({ length: MAX_STROKES - 1 }, (_, i) => dot(i)));
    const sixtyFourth = drawStroke(pending63, dot(70));
    expect(sixtyFourth.limit).toBeNull();
    expect(sixtyFourth.tally.strokes).toBe(MAX_STROKES);
    expect(startStroke(sixtyFourth.tally, [150, 150])).toEqual({ ok: false, limit: 'strokes' });
  });

  it('ends a stroke at the last point in all that the limit allows', () => {
    // A zigzag of MAX_POINTS - 100 points inside a 100 × 10 box.
    const first: Stroke = Array.from({ length: MAX_POINTS - 100 }, (_, i) => [
      100 + (i % 100),
      300 + (i % 10),
    ]);
    const pending = tallyOf([first]);
    expect(pending.points).toBe(MAX_POINTS - 100);
    const live = run(100, 190, 400, 0.5); // 181 points; only 100 fit
    const cut = drawStroke(pending, live);
    expect(cut.limit).toBe('points');
    expect(cut.kept).toEqual(live.slice(0, 100));
    expect(cut.tally.points).toBe(MAX_POINTS);
    // Exactly what the database accepts, and one point more is what it refuses.
    expect(findSignatureProblem([first, cut.kept], null)).toBeNull();
    expect(findSignatureProblem([first, live.slice(0, 101)], null)).toBe('too-many-points');
  });

  it('refuses a stroke when fewer than two points are left for it', () => {
    const almostFull = { ...EMPTY, strokes: 1, points: MAX_POINTS - 1 };
    expect(startStroke(almostFull, [5, 5])).toEqual({ ok: false, limit: 'points' });
    const twoLeft = { ...EMPTY, strokes: 1, points: MAX_POINTS - 2 };
    expect(drawStroke(twoLeft, dot(0))).toMatchObject({ limit: null });
  });
});

describe('the length limit while drawing', () => {
  /** Back and forth along y = 500 between x = 1000 and 1800: `runs` runs of 800 px. */
  const runs = (count: number): Point[] =>
    Array.from({ length: count + 1 }, (_, i): Point => [i % 2 === 0 ? 1000 : 1800, 500]);

  it('ends a stroke where its strokes reach MAX_STROKE_LENGTH px in all', () => {
    const pending = tallyOf([runs(20)]); // 16,000 px
    expect(pending.length).toBe(16_000);
    // 4,000 px fit exactly; the next tenth of a pixel does not.
    const exact = drawStroke(pending, [...runs(5), [1800, 500.1]]);
    expect(exact.limit).toBe('length');
    expect(exact.kept).toEqual(runs(5));
    expect(exact.tally.length).toBe(MAX_STROKE_LENGTH);
    expect(findSignatureProblem([runs(20), exact.kept], null)).toBeNull();
    expect(findSignatureProblem([runs(20), [...runs(5), [1800, 500.1]]], null)).toBe('too-long');
    // With the length used up, no stroke starts: it could not move.
    expect(startStroke(exact.tally, [1500, 500])).toEqual({ ok: false, limit: 'length' });
  });

  it('counts only drawn segments: the jump to a new stroke is free', () => {
    const pending = tallyOf([runs(1)]);
    const second = drawStroke(pending, [
      [1000, 1000],
      [1000, 1010],
    ]);
    expect(second.tally.length).toBe(810);
  });

  it('adds one segment per point, as the database adds them', () => {
    const wobbly: Point[] = Array.from({ length: 500 }, (_, i) => [
      1000 + i * 0.7,
      1000 + Math.sin(i) * 3.3,
    ]);
    const drawn = drawStroke(tallyOf([wobbly.slice(0, 100)]), wobbly.slice(100));
    expect(drawn.tally.length).toBe(strokesLength([wobbly.slice(0, 100), wobbly.slice(100)]));
  });
});
