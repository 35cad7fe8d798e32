import { describe, expect, it } from 'vitest';
import { bandCountFor, bandsOf, MAX_BANDS } from './export-workers-start.ts';
import { WALL_SIZE } from '../../domain/rules.ts';

describe('the export bands', () => {
  it('leaves a core to the page: one band on one or two cores, one per core but one above', () => {
    expect([1, 2, 3, 4, 5].map(bandCountFor)).toEqual([1, 1, 2, 3, 4]);
  });

  it('never cuts the wall into more than MAX_BANDS bands, nor fewer than one', () => {
    expect(bandCountFor(64)).toBe(MAX_BANDS);
    expect(bandCountFor(0)).toBe(1);
  });

  it('cuts the wall into bands of whole rows that meet edge to edge', () => {
    const bands = bandsOf(3);
    expect(bands[0]!.top).toBe(0);
    expect(bands.at(-1)!.bottom).toBe(WALL_SIZE);
    for (let i = 1; i < bands.length; i++) expect(bands[i]!.top).toBe(bands[i - 1]!.bottom);
    for (const { top, bottom } of bands) expect(Number.isInteger(top) && bottom > top).toBe(true);
  });
});
