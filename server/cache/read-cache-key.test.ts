import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';
import type { ReadPlan } from '../rest/ast.ts';
import { readCacheKey } from './read-cache-key.ts';

const response = (body: string) => ({ status: 200, headers: { 'Content-Range': '0-0/*' }, body });

describe('readCacheKey', () => {
  it('keys reads by role: a service_role read is never served to anon, nor the reverse', () => {
    const plan: ReadPlan = {
      kind: 'read',
      table: 'signatures',
      select: [{ star: true }],
      singular: false,
      count: false,
      filters: [],
      order: [],
      limit: 1000,
      offset: 0,
    };
    const asService = readCacheKey('service_role', plan, {}, []);
    const asAnon = readCacheKey('anon', plan, {}, []);
    expect(asService).not.toBe(asAnon);
    expect(readCacheKey('anon', plan, {}, [])).toBe(asAnon);
    const cache = new ReadCache();
    cache.set(asService, '7', response('[{"hidden":true}]'));
    expect(cache.get(asAnon, '7')).toBeUndefined();
  });
});
