import { describe, expect, it } from 'vitest';
import type { Rect } from './geometry.ts';
import { rectsMeet } from './geometry.ts';
import { regionHolds, wallRegions } from './wall-regions.ts';

const VIEW: Rect = { x: 1000, y: 800, width: 390, height: 844 };

describe('wallRegions', () => {
  it("puts every outline in exactly one region, the view's when it meets the view", () => {
    const { view, rest } = wallRegions(VIEW);
    const all = [view, ...rest];
    // A grid of outlines around and across every edge and corner of the view, edges touching too.
    const xs = [0, 500, 980, 990, 1000, 1200, 1380, 1390, 1400, 2000];
    const ys = [0, 500, 780, 790, 800, 1200, 1634, 1644, 1650, 3000];
    let checked = 0;
    for (const x of xs) {
      for (const y of ys) {
        for (const size of [10, 20, 300]) {
          const outline = { x, y, width: size, height: size / 2 };
          const holding = all.filter((r) => regionHolds(r, outline)).map((r) => r.name);
          expect(holding, JSON.stringify(outline)).toHaveLength(1);
          expect(holding[0] === 'view', JSON.stringify(outline)).toBe(rectsMeet(outline, VIEW));
          checked++;
        }
      }
    }
    expect(checked).toBe(300);
  });

  it('filters with plain comparisons on the outline columns', () => {
    expect(wallRegions(VIEW).view.filters).toEqual([
      { column: 'max_x', op: 'gte', value: 1000 },
      { column: 'min_x', op: 'lte', value: 1390 },
      { column: 'max_y', op: 'gte', value: 800 },
      { column: 'min_y', op: 'lte', value: 1644 },
    ]);
  });
});
