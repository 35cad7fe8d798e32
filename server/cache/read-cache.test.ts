import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

const response = (body: string) => ({ status: 200, headers: { 'Content-Range': '0-0/*' }, body });

describe('ReadCache', () => {
  it('answers only for the version it was stored under', () => {
    const cache = new ReadCache();
    const r = response('[1]');
    cache.set('k', '1:1', r);
    expect(cache.get('k', '1:1')).toBe(r);
    expect(cache.get('k', '2:2')).toBeUndefined();
    // A miss on a new version drops the stale entry for good.
    expect(cache.get('k', '1:1')).toBeUndefined();
  });

  it('looks up a fresh answer, or the last one of an older version with its age, keeping it', () => {
    let now = 0;
    const cache = new ReadCache({ maxAgeMs: 1000, now: () => now });
    const r = response('[1]');
    cache.set('k', '1', r);
    now = 300;
    expect(cache.lookup('k', '1')).toEqual({ response: r, fresh: true, ageMs: 300 });
    expect(cache.lookup('k', '2')).toEqual({ response: r, fresh: false, ageMs: 300 });
    expect(cache.lookup('k', undefined)).toEqual({ response: r, fresh: false, ageMs: 300 });
    expect(cache.lookup('k', '1')?.fresh).toBe(true); // still there
    now = 1001;
    expect(cache.lookup('k', '2')).toBeUndefined();
    expect(cache.lookup('other', '1')).toBeUndefined();
  });

  it('expires entries after maxAgeMs', () => {
    let now = 0;
    const cache = new ReadCache({ maxAgeMs: 1000, now: () => now });
    cache.set('k', 'v', response('[]'));
    now = 1000;
    expect(cache.get('k', 'v')).toBeDefined();
    now = 1001;
    expect(cache.get('k', 'v')).toBeUndefined();
  });

  it('evicts the least recently used entries past maxBytes, and never keeps a huge one', () => {
    const one = new ReadCache({ sweepIntervalMs: 0 });
    one.set('a', 'v', response('a'.repeat(90)));
    const size = one.stats.bytes; // every entry below is the same size
    const cache = new ReadCache({ maxBytes: 4.5 * size, sweepIntervalMs: 0 });
    cache.set('a', 'v', response('a'.repeat(90)));
    cache.set('b', 'v', response('b'.repeat(90)));
    cache.get('a', 'v');
    cache.set('c', 'v', response('c'.repeat(90)));
    cache.set('d', 'v', response('d'.repeat(90)));
    cache.set('e', 'v', response('e'.repeat(90)));
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    cache.set('huge', 'v', response('h'.repeat(2 * size)));
    expect(cache.get('huge', 'v')).toBeUndefined();
  });

  it('compresses once per entry and encoding', async () => {
    const cache = new ReadCache();
    const r = response('x'.repeat(5000));
    cache.set('k', 'v', r);
    const first = cache.compressed('k', r, 'gzip, deflate, br');
    expect(cache.compressed('k', r, 'br')).toBe(first);
    expect((await first).encoding).toBe('br');
    expect((await cache.compressed('k', r, 'gzip')).encoding).toBe('gzip');
    expect((await cache.compressed('k', r, undefined)).body).toBe(r.body);
  });
});
