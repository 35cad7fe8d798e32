import { describe, expect, it } from 'vitest';
import vectors from '../../tests/vectors/geometry.json';
import {
  grow,
  outlineOf,
  pointInRect,
  segmentMeetsRect,
  union,
  type Point,
  type Stroke,
} from './geometry.ts';
import { createOutlineIndex } from './outline-index.ts';
import { parseStrokes } from './signature.ts';

const rect = vectors.rect;
const pt = (p: number[]) => p as unknown as Point;

describe('shared geometry vectors', () => {
  it.each(vectors.points)('point $name → blocked $blocked', ({ point, blocked }) => {
    expect(pointInRect(pt(point), rect)).toBe(blocked);
  });

  it.each(vectors.segments)('segment $name → blocked $blocked', ({ from, to, blocked }) => {
    expect(segmentMeetsRect(pt(from), pt(to), rect)).toBe(blocked);
    // Direction does not matter.
    expect(segmentMeetsRect(pt(to), pt(from), rect)).toBe(blocked);
  });

  it.each(vectors.outlines)('outline of $name', ({ strokes, outline }) => {
    expect(outlineOf(strokes as unknown as Stroke[])).toEqual(outline);
  });

  it.each(vectors.records)('record $name', ({ text, outline }) => {
    const strokes = parseStrokes(text);
    expect(strokes && outlineOf(strokes)).toEqual(outline);
  });
});

describe('outline index', () => {
  const items = [
    { id: 1, outline: rect },
    { id: 2, outline: { x: 3000, y: 3000, width: 200, height: 200 } },
    { id: 3, outline: { x: 0, y: 0, width: 1000, height: 20 } },
  ];
  const index = createOutlineIndex(items);

  it('agrees with the plain tests on every vector', () => {
    const only = createOutlineIndex([{ id: 1, outline: rect }]);
    for (const v of vectors.points) expect(!!only.itemAtPoint(pt(v.point))).toBe(v.blocked);
    for (const v of vectors.segments) {
      expect(!!only.itemOnSegment(pt(v.from), pt(v.to))).toBe(v.blocked);
    }
  });

  it('finds outlines that span several cells and the wall edge', () => {
    expect(index.itemAtPoint([990, 10])?.id).toBe(3);
    expect(index.itemAtPoint([3200, 3200])?.id).toBe(2);
    expect(index.itemAtPoint([1500, 1500])).toBeUndefined();
  });

  it('finds a long segment that jumps over whole cells', () => {
    expect(index.itemOnSegment([0, 500], [3200, 500])).toBeUndefined();
    expect(index.itemOnSegment([1000, 3100], [3199, 3100])?.id).toBe(2);
  });

  it('lists the outlines meeting a rectangle, in order, once each', () => {
    const ids = index.itemsInRect({ x: 0, y: 0, width: 400, height: 400 }).map((i) => i.id);
    expect(ids).toEqual([1, 3]);
  });

  it('matches a brute-force scan on seeded random segments', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 3200;
    const many = Array.from({ length: 200 }, (_, id) => ({
      id,
      outline: { x: rand(), y: rand(), width: rand() / 20, height: rand() / 20 },
    }));
    const big = createOutlineIndex(many);
    for (let n = 0; n < 2000; n++) {
      const a: Point = [rand(), rand()];
      const b: Point = [a[0] + rand() / 10 - 160, a[1] + rand() / 10 - 160];
      const brute = many.find((m) => segmentMeetsRect(a, b, m.outline));
      expect(big.itemOnSegment(a, b)?.id).toBe(brute?.id);
    }
  });
});

describe('rect helpers', () => {
  it('grows and unites rectangles', () => {
    expect(grow({ x: 10, y: 10, width: 5, height: 5 }, 2, 1)).toEqual({
      x: 8,
      y: 9,
      width: 9,
      height: 7,
    });
    expect(
      union({ x: 0, y: 0, width: 1, height: 1 }, { x: 5, y: -2, width: 1, height: 1 }),
    ).toEqual({ x: 0, y: -2, width: 6, height: 3 });
  });
});
