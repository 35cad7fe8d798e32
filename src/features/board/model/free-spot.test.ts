import { describe, expect, it } from 'vitest';
import { WALL_SIZE } from '../../../domain/rules.ts';
import { centreOf, findFreeSpot, FREE_SPOT_SIZE } from './free-spot.ts';
import { rectsMeet, type Rect } from '../../../domain/geometry.ts';

/** Outlines of `w` × `h` tiled over the wall with `gap` between them, skipping `holes` (col,row). */
function tiled(w: number, h: number, gap: number, holes: Array<[number, number]> = []): Rect[] {
  const out: Rect[] = [];
  for (let row = 0; row * (h + gap) < WALL_SIZE; row++) {
    for (let col = 0; col * (w + gap) < WALL_SIZE; col++) {
      if (holes.some(([c, r]) => c === col && r === row)) continue;
      out.push({ x: col * (w + gap), y: row * (h + gap), width: w, height: h });
    }
  }
  return out;
}

function expectClear(spot: Rect, outlines: readonly Rect[]): void {
  expect(spot.width).toBe(FREE_SPOT_SIZE.width);
  expect(spot.height).toBe(FREE_SPOT_SIZE.height);
  expect(spot.x).toBeGreaterThanOrEqual(0);
  expect(spot.y).toBeGreaterThanOrEqual(0);
  expect(spot.x + spot.width).toBeLessThanOrEqual(WALL_SIZE);
  expect(spot.y + spot.height).toBeLessThanOrEqual(WALL_SIZE);
  for (const o of outlines) expect(rectsMeet(spot, o), JSON.stringify(o)).toBe(false);
}

describe('findFreeSpot', () => {
  it('on an empty wall, the spot is where the view already is', () => {
    const spot = findFreeSpot([], [1600, 1600])!;
    expect(centreOf(spot)).toEqual([1600, 1600]);
  });

  it('keeps the spot on the wall when the view is at its edge', () => {
    expect(findFreeSpot([], [0, 0])).toEqual({ x: 0, y: 0, width: 200, height: 120 });
    expect(findFreeSpot([], [9999, 9999])).toEqual({ x: 3000, y: 3080, width: 200, height: 120 });
  });

  it('moves off a signature to the nearest clear place', () => {
    const outlines = [{ x: 1000, y: 1000, width: 400, height: 300 }];
    const spot = findFreeSpot(outlines, [1200, 1150])!;
    expectClear(spot, outlines);
    // The nearest way out is downwards (150 + 60, to the next corner of the 8 px grid) rather
    // than upwards (the same, but the grid's corner lies further) or sideways (200 + 100).
    expect(spot).toEqual({ x: 1096, y: 1304, width: 200, height: 120 });
  });

  it('finds the one hole on a wall otherwise full', () => {
    // 300 × 200 outlines 50 px apart: no 200 × 120 spot fits between them.
    const full = tiled(300, 200, 50);
    expect(findFreeSpot(full, [100, 100])).toBeNull();
    const holed = tiled(300, 200, 50, [[7, 11]]);
    const spot = findFreeSpot(holed, [100, 100])!;
    expectClear(spot, holed);
    // The hole runs from the end of tile 6 to the start of tile 8 (and likewise for rows).
    expect(spot.x).toBeGreaterThan(7 * 350 - 50);
    expect(spot.x + spot.width).toBeLessThan(8 * 350);
    expect(spot.y).toBeGreaterThan(11 * 250 - 50);
    expect(spot.y + spot.height).toBeLessThan(12 * 250);
  });

  it('of two holes, takes the one nearer to the view', () => {
    const outlines = tiled(300, 200, 50, [
      [1, 1],
      [6, 9],
    ]);
    const near = findFreeSpot(outlines, [2100, 2300])!;
    expect(near.x).toBeGreaterThan(1700);
    const far = findFreeSpot(outlines, [100, 100])!;
    expect(far.x).toBeLessThan(800);
    expectClear(near, outlines);
    expectClear(far, outlines);
  });

  it('counts touching as meeting: a gap exactly the spot’s size is not enough', () => {
    // Two walls of outlines leave a column exactly 200 px wide, edges included in both.
    const outlines = [
      { x: 0, y: 0, width: 1000, height: WALL_SIZE },
      { x: 1200, y: 0, width: 2000, height: WALL_SIZE },
    ];
    expect(findFreeSpot(outlines, [1100, 1600])).toBeNull();
    const wider = [outlines[0]!, { ...outlines[1]!, x: 1216, width: 1984 }];
    expectClear(findFreeSpot(wider, [1100, 1600])!, wider);
  });

  it('ignores outlines that are not finite and a start that is not a number', () => {
    const spot = findFreeSpot([{ x: NaN, y: 0, width: 10, height: 10 }], [NaN, Infinity]);
    expect(spot).not.toBeNull();
  });

  it('checks every answer on seeded random walls of 2000 signatures', () => {
    let seed = 3;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let wall = 0; wall < 5; wall++) {
      const outlines: Rect[] = Array.from({ length: 2000 }, () => ({
        x: rand() * 3100,
        y: rand() * 3100,
        width: 20 + rand() * 100,
        height: 20 + rand() * 80,
      }));
      const from = [rand() * 3200, rand() * 3200] as const;
      const spot = findFreeSpot(outlines, from);
      if (spot) expectClear(spot, outlines);
    }
  });
});
