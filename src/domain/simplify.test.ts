import { describe, expect, it } from 'vitest';
import type { Point, Stroke } from './geometry.ts';
import { createOutlineIndex } from './outline-index.ts';
import { wallPoint } from './signature.ts';
import { findSignatureProblem } from './new-signature.ts';
import { SIMPLIFY_TOLERANCE, simplifyStroke, simplifyStrokes, strokesToSave } from './simplify.ts';

/** Distance from p to the polyline through `line`. */
function distanceToPolyline(p: Point, line: Stroke): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = dx * dx + dy * dy;
    const t =
      len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return best;
}

/** A seeded pen-like stroke: small wobbly steps, as pointer samples arrive. */
function wobblyStroke(seed: number, points: number): Stroke {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let x = 400;
  let y = 400;
  let heading = random() * 2 * Math.PI;
  const out: Point[] = [];
  for (let i = 0; i < points; i++) {
    heading += (random() - 0.5) * 0.6;
    x += Math.cos(heading) * (1 + random() * 3);
    y += Math.sin(heading) * (1 + random() * 3);
    out.push(wallPoint(x, y));
  }
  return out;
}

describe('simplifyStroke', () => {
  it('keeps a two-point stroke, and both ends of every stroke', () => {
    const two: Stroke = [
      [1, 1],
      [2, 2],
    ];
    expect(simplifyStroke(two)).toBe(two);
    const stroke = wobblyStroke(7, 300);
    const simple = simplifyStroke(stroke);
    expect(simple[0]).toBe(stroke[0]);
    expect(simple.at(-1)).toBe(stroke.at(-1));
  });

  it('collapses a straight line to its ends, even with repeated points', () => {
    const line: Stroke = [
      [0, 0],
      [1, 1],
      [1, 1],
      [2, 2],
      [3.5, 3.5],
      [10, 10],
    ];
    expect(simplifyStroke(line)).toEqual([
      [0, 0],
      [10, 10],
    ]);
  });

  it('drops a point within half a wall pixel of the line and keeps one further off', () => {
    const within: Stroke = [
      [0, 0],
      [5, 0.5],
      [10, 0],
    ];
    const beyond: Stroke = [
      [0, 0],
      [5, 0.6],
      [10, 0],
    ];
    expect(simplifyStroke(within)).toHaveLength(2);
    expect(simplifyStroke(beyond)).toEqual(beyond);
  });

  it('keeps every original point within the tolerance of the simplified stroke, with fewer points', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const stroke = wobblyStroke(seed, 400);
      const simple = simplifyStroke(stroke);
      expect(simple.length).toBeLessThan(stroke.length);
      // The kept points are the visitor's own, in order.
      let at = 0;
      for (const p of simple) {
        at = stroke.indexOf(p, at);
        expect(at).toBeGreaterThanOrEqual(0);
      }
      for (const p of stroke) {
        expect(distanceToPolyline(p, simple)).toBeLessThanOrEqual(SIMPLIFY_TOLERANCE + 1e-9);
      }
    }
  });

  it('handles a 10,000-point stroke without deep recursion', () => {
    const long = wobblyStroke(3, 10_000);
    expect(simplifyStroke(long).length).toBeGreaterThan(1);
  });
});

describe('strokesToSave', () => {
  it('saves the simplified strokes when they meet no outline; they stay within the limits', () => {
    const strokes = [wobblyStroke(11, 200), wobblyStroke(12, 150)];
    const saved = strokesToSave(strokes, createOutlineIndex([]));
    expect(saved).toEqual(simplifyStrokes(strokes));
    expect(findSignatureProblem(saved, null)).toBeNull();
  });

  it("saves the strokes as drawn when a simplified segment would cut an outline's corner", () => {
    // The drawn path bends over the outline's top (y ≤ 0.1) by 0.4 px; the shortcut at y = 0 meets it.
    const drawn: Stroke = [
      [100, 100],
      [110, 100.4],
      [120, 100],
    ];
    const index = createOutlineIndex([
      { id: 1, outline: { x: 109, y: 95, width: 2, height: 5.1 } },
    ]);
    expect(index.itemOnSegment(drawn[0]!, drawn[1]!)).toBeUndefined();
    expect(index.itemOnSegment(drawn[1]!, drawn[2]!)).toBeUndefined();
    expect(simplifyStroke(drawn)).toHaveLength(2);
    expect(strokesToSave([drawn], index)).toEqual([drawn]);
  });

  it('decides stroke by stroke: only the stroke that would cut the corner is saved as drawn', () => {
    const drawn: Stroke = [
      [100, 100],
      [110, 100.4],
      [120, 100],
    ];
    const far = wobblyStroke(13, 200);
    const index = createOutlineIndex([
      { id: 1, outline: { x: 109, y: 95, width: 2, height: 5.1 } },
    ]);
    expect(strokesToSave([far, drawn], index)).toEqual([simplifyStroke(far), drawn]);
  });
});
