import { describe, expect, it } from 'vitest';
import type { Rect } from './geometry.ts';
import { rectsMeet } from './geometry.ts';
import { idWindows, MAX_WINDOWS, regionHolds, wallRegions } from './wall-regions.ts';

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

describe('idWindows', () => {
  it('cuts what is left after a page into windows of about a page, unbounded at the end', () => {
    expect(idWindows(400, 2000, 1000, 250)).toEqual([
      { after: 400, upTo: 800 },
      { after: 800, upTo: 1200 },
      { after: 1200, upTo: 1600 },
      { after: 1600, upTo: null },
    ]);
  });

  it('makes at most MAX_WINDOWS, and one when a page holds what is left', () => {
    expect(idWindows(10, 100_000, 50_000, 250)).toHaveLength(MAX_WINDOWS);
    expect(idWindows(10, 500, 100, 250)).toEqual([{ after: 10, upTo: null }]);
  });

  it('leaves no id out: each window starts where the previous ended', () => {
    const windows = idWindows(17, 1999, 700, 250);
    expect(windows[0]!.after).toBe(17);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.after).toBe(windows[i - 1]!.upTo);
    expect(windows.at(-1)!.upTo).toBeNull();
  });
});
