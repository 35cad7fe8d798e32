import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import {
  contentLocation,
  contentRange,
  MAX_CONTENT_LOCATION_BYTES,
  rangeStatus,
  respond,
} from './respond.ts';
import type { Plan } from './ast.ts';

describe('Content-Range and status (PostgREST RangeQuery)', () => {
  it.each<[number, number, number | null, string, number]>([
    [0, 3, null, '0-2/*', 200],
    [0, 0, null, '*/*', 200],
    [0, 0, 0, '*/0', 200],
    [0, 5, 12, '0-4/12', 206],
    [10, 2, 12, '10-11/12', 206],
    [0, 12, 12, '0-11/12', 200],
    [12, 0, 12, '*/12', 206],
  ])('offset %i, %i rows, total %j → %s, %i', (lower, rows, total, range, status) => {
    expect(contentRange(lower, rows, total)).toBe(range);
    expect(rangeStatus(lower, rows, total)).toBe(status);
  });

  it('answers an offset past the total with 416 PGRST103', () => {
    expect(() => rangeStatus(20, 0, 12)).toThrow(ApiError);
    try {
      rangeStatus(20, 0, 12);
    } catch (error) {
      expect((error as ApiError).status).toBe(416);
      expect((error as ApiError).body.code).toBe('PGRST103');
    }
  });
});

describe('Content-Location', () => {
  it.each<[Array<[string, string]>, string]>([
    [
      [
        ['select', '*'],
        ['order', 'created_at.asc'],
      ],
      '/signatures?order=created_at.asc&select=*',
    ],
    [[], '/signatures'],
    [
      [
        ['select', 'id,signature'],
        ['id', 'gt.41'],
      ],
      '/signatures?id=gt.41&select=id%2Csignature',
    ],
  ])('%j → %s', (query, expected) => {
    expect(contentLocation('signatures', query)).toBe(expected);
  });

  it(`is left out past ${MAX_CONTENT_LOCATION_BYTES} bytes, percent-encoding counted`, () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => 1000 + i).join(',');
    // `/signatures?id=in.%28`, 7 bytes an id (4 digits and `%2C`, the last without), `%29&select=id`.
    const length = (count: number) => 21 + 7 * count - 3 + 13;
    const fits = Math.floor((MAX_CONTENT_LOCATION_BYTES - 31) / 7);
    const at = (count: number) =>
      contentLocation('signatures', [
        ['select', 'id'],
        ['id', `in.(${ids(count)})`],
      ]);
    expect(at(fits)).toHaveLength(length(fits));
    expect(at(fits)!.length).toBeLessThanOrEqual(MAX_CONTENT_LOCATION_BYTES);
    expect(at(fits + 1)).toBeUndefined();
  });
});

describe('a page cut short without a count', () => {
  const read = (rowCapped: boolean, limit: number) =>
    ({
      kind: 'read',
      table: 'signatures',
      select: [{ star: true }],
      filters: [],
      order: [],
      limit,
      offset: 0,
      singular: false,
      count: false,
      ...(rowCapped ? { rowCapped } : {}),
    }) as unknown as Plan;
  const row = (page_total: number, cut = false) => ({
    total_count: null,
    page_total,
    body: '[]',
    cut,
  });

  it('is 206 when the byte cap cut it, or the row cap filled it; else 200', () => {
    expect(respond(read(false, 1000), {}, row(600, true), []).status).toBe(206);
    expect(respond(read(true, 3), {}, row(3), []).status).toBe(206);
    expect(respond(read(true, 3), {}, row(2), []).status).toBe(200);
    expect(respond(read(false, 1000), {}, row(1000), []).status).toBe(200);
  });
});
