import { describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from './rules.ts';
import { extendExtent, extentFits, extentOf } from './signature-size.ts';

describe('the size rule', () => {
  it('measures the points, not the padded outline', () => {
    expect(
      extentOf([
        [
          [10, 20],
          [30, 5],
        ],
        [
          [15, 40],
          [16, 41],
        ],
      ]),
    ).toEqual({
      minX: 10,
      minY: 5,
      maxX: 30,
      maxY: 41,
    });
    expect(extentOf([])).toBeNull();
  });

  it('fits exactly 800 × 600 and refuses one pixel more on either axis', () => {
    const at = (w: number, h: number) =>
      extentOf([
        [
          [100, 100],
          [100 + w, 100 + h],
        ],
      ]);
    expect(extentFits(at(MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT))).toBe(true);
    expect(extentFits(at(MAX_SIGNATURE_WIDTH + 0.1, 10))).toBe(false);
    expect(extentFits(at(10, MAX_SIGNATURE_HEIGHT + 0.1))).toBe(false);
    expect(extentFits(null)).toBe(true);
  });

  it('grows by a point exactly as re-reading the strokes would', () => {
    const strokes = [
      [
        [400, 300],
        [420, 310],
      ],
    ] as const;
    const grown = extendExtent(extentOf(strokes), [1300, 250]);
    expect(grown).toEqual(extentOf(strokes, [[1300, 250]]));
    expect(extentFits(grown)).toBe(false);
    expect(extendExtent(null, [5, 6])).toEqual({ minX: 5, minY: 6, maxX: 5, maxY: 6 });
  });
});
