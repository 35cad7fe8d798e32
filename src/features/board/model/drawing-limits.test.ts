import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_NODE,
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from '../../../domain/rules.ts';
import {
  addPoint,
  startStroke,
  tallyAsSaved,
  tallyOf,
  type DrawingTally,
} from './drawing-limits.ts';
import { strokesLength, type Point, type Stroke } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import { simplifyStroke } from '../../../domain/simplify.ts';
import { findSignatureProblem, serializeStrokes } from '../../../domain/new-signature.ts';
import { claimedNodes, weightOf } from '../../../domain/signature-weight.ts';
import { extentFits, extentOf } from '../../../domain/signature-size.ts';

const EMPTY = tallyOf(null);

/** Draws `points` as one stroke on top of `tally`: the points kept and why it stopped, if it did. */
function drawStroke(tally: DrawingTally, points: readonly Point[]) {
  const [first, ...rest] = points;
  const start = startStroke(tally, first!);
  if (!start.ok) return { kept: [] as Point[], limit: start.limit, tally };
  let current = start.tally;
  const kept: Point[] = [first!];
  for (const p of rest) {
    const step = addPoint(current, p, kept);
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
    expect(tallyOf(strokes)).toMatchObject({
      extent: extentOf(strokes),
      strokes: 2,
      points: 5,
      length: strokesLength(strokes),
      last: null,
      weight: { bytes: serializeStrokes(strokes).length },
    });
    expect(tallyOf(strokes).weight.nodes).toEqual(claimedNodes(strokes));
    expect(EMPTY).toMatchObject({ extent: null, strokes: 0, points: 0, length: 0, last: null });
    expect(EMPTY.weight).toMatchObject({ bytes: 0, nodes: new Set() });
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
  // Each on a node of its own (the weight rule): 10 px apart.
  const dot = (i: number): Stroke => [
    [100 + i * 10, 100],
    [100 + i * 10, 101],
  ];

  it('starts the 64th stroke and refuses the 65th', () => {
    const pending63 = tallyOf(Array.from({ length: MAX_STROKES - 1 }, (_, i) => dot(i)));
    const sixtyFourth = drawStroke(pending63, dot(70));
    expect(sixtyFourth.limit).toBeNull();
    expect(sixtyFourth.tally.strokes).toBe(MAX_STROKES);
    expect(startStroke(sixtyFourth.tally, [150, 150])).toEqual({ ok: false, limit: 'strokes' });
  });

  it('ends a stroke at the last point in all that the limit allows', () => {
    // MAX_POINTS - 100 points, 2.7 px apart, back and forth along rows 11 px apart (10 rows of
    // 290): spread out enough for the weight rule, within 800 × 600.
    const first: Stroke = Array.from({ length: MAX_POINTS - 100 }, (_, i) => {
      const row = Math.floor(i / 290);
      const along = row % 2 === 0 ? i % 290 : 289 - (i % 290);
      return [Math.round((100 + along * 2.7) * 10) / 10, 300 + row * 11];
    });
    const pending = tallyOf([first]);
    expect(pending.points).toBe(MAX_POINTS - 100);
    const live = run(100, 190, 420, 0.5); // 181 points; only 100 fit
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
      1000 + i * 1.5,
      1000 + Math.sin(i) * 3.3,
    ]);
    const drawn = drawStroke(tallyOf([wobbly.slice(0, 100)]), wobbly.slice(100));
    expect(drawn.tally.length).toBe(strokesLength([wobbly.slice(0, 100), wobbly.slice(100)]));
  });
});

describe('the weight limit while drawing', () => {
  it('lets a slow, careful stroke go on as long as its saved form is light', () => {
    // 2,900 samples a quarter of a pixel apart (a slow stroke at 4× zoom): 37 KB as drawn, far
    // over the 73 nodes' 11 KB, but a straight line saves as its two ends.
    const slow = run(1000, 1725, 1000, 0.25);
    const drawn = drawStroke(EMPTY, slow);
    expect(drawn.limit).toBeNull();
    expect(drawn.kept).toHaveLength(slow.length);
    expect(findSignatureProblem([simplifyStroke(drawn.kept)], null)).toBeNull();
  });

  it('stops a scribble on one spot where its saved form would be too heavy, and keeps what fits', () => {
    // Back and forth inside 4 × 4 px, 1 px steps: every turn is a point the simplified stroke
    // keeps, and the scribble claims 1 or 2 nodes.
    const scribble: Point[] = Array.from({ length: 200 }, (_, i) => [
      2000.1 + (i % 5),
      300.1 + (Math.floor(i / 5) % 2) * 4,
    ]);
    expect(findSignatureProblem([simplifyStroke(scribble)], null)).toBe('too-heavy');
    const drawn = drawStroke(EMPTY, scribble);
    expect(drawn.limit).toBe('weight');
    // What was kept saves, and it stopped near the limit: its saved form uses most of the bytes
    // its nodes allow (near the limit the saved form is checked at most every 1/8 of the points).
    const saved = simplifyStroke(drawn.kept);
    expect(findSignatureProblem([saved], null)).toBeNull();
    const { bytes, nodes } = weightOf([saved], null);
    expect(bytes).toBeGreaterThan(0.75 * nodes * BYTES_PER_NODE);
  });

  it('counts the pending strokes as saved, so a stroke added later is held to the rest', () => {
    const scribble: Point[] = Array.from({ length: 60 }, (_, i) => [
      2000.1 + (i % 5),
      300.1 + (Math.floor(i / 5) % 2) * 4,
    ]);
    const first = drawStroke(EMPTY, scribble);
    const pending = tallyOf([first.kept]);
    // On the same spot nothing more fits; a stroke away from it claims nodes of its own.
    expect(startStroke(pending, [2001.1, 301.1])).toEqual({ ok: false, limit: 'weight' });
    expect(
      drawStroke(pending, [
        [2100, 300],
        [2150, 300],
      ]).limit,
    ).toBeNull();
  });
});
