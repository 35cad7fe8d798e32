/**
 * The read cache's memory bounds: what an entry counts, the caps on bytes and entries,
 * the sweep of expired entries while nobody asks, and which reads are not stored at all.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaCache } from '../rest/ast.ts';
import { parseRequest } from '../rest/parse.ts';
import { ReadCache, stringBytes } from './read-cache.ts';
import {
  CACHEABLE_IN_LIST_MAX,
  CACHEABLE_QUERY_MAX_CHARS,
  readCacheKey,
  worthCaching,
} from './read-cache-key.ts';

const schema: SchemaCache = new Map([
  [
    'signatures',
    ['id', 'signature', 'caption', 'created_at', 'hidden', 'min_x', 'max_x', 'min_y', 'max_y'].map(
      (name) => ({ name, type: name === 'signature' || name === 'caption' ? 'text' : 'bigint' }),
    ),
  ],
]);

/** A read as the server parses it from `search` (the part after `?`). */
function read(search: string) {
  const query = [...new URLSearchParams(search).entries()];
  const { plan, prefs } = parseRequest(
    { method: 'GET', path: 'signatures', query, headers: {} },
    schema,
    1000,
  );
  return { plan, prefs, query };
}

/** `id=in.(…)` of `count` ids from `first`, the tester's flood query (~14 KB at 1300 ids). */
function inList(count: number, first = 1_000_000_000): string {
  return `select=id&id=in.(${Array.from({ length: count }, (_, i) => first + i).join(',')})`;
}

const emptyAnswer = (location: string) => ({
  status: 200,
  headers: {
    'Content-Profile': 'public',
    'Content-Range': '*/*',
    'Content-Location': location,
    'Content-Type': 'application/json; charset=utf-8',
  },
  body: '[]',
});

describe('what a cache entry counts', () => {
  it('counts the key and headers, not only the body', () => {
    const { plan, prefs, query } = read(inList(1300));
    const key = readCacheKey('anon', plan, prefs, query);
    const location = `/signatures?${inList(1300)}`;
    const cache = new ReadCache({ sweepIntervalMs: 0 });
    cache.set(key, '1:1', emptyAnswer(location));
    // The tester's entry: a 2-byte answer under ~28 KB of key and a 14 KB Content-Location.
    expect(key.length).toBeGreaterThan(28_000);
    expect(cache.stats.bytes).toBeGreaterThan(key.length + location.length + 2);
  });

  it('counts a string past U+00FF twice (V8 keeps it as UTF-16)', () => {
    expect(stringBytes('abc')).toBe(3);
    expect(stringBytes('名前')).toBe(4);
    expect(stringBytes('a✍️')).toBe(6);
  });

  it('counts each compressed copy it keeps, held in a buffer of its own size', async () => {
    const cache = new ReadCache({ sweepIntervalMs: 0 });
    const body = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, caption: 'hi' })));
    const answer = { ...emptyAnswer('/signatures?select=*'), body };
    cache.set('k', 'v', answer);
    const plain = cache.stats.bytes;
    const br = await cache.compressed('k', answer, 'br');
    expect(br.encoding).toBe('br');
    const buffer = br.body as Buffer;
    // zlib's own output is a view into a 16 KiB chunk; the cache keeps a copy of the bytes alone.
    expect(buffer.buffer.byteLength).toBeLessThanOrEqual(2 * buffer.byteLength);
    expect(cache.stats.bytes).toBeGreaterThanOrEqual(plain + buffer.byteLength);
    const withBr = cache.stats.bytes;
    await cache.compressed('k', answer, 'gzip');
    expect(cache.stats.bytes).toBeGreaterThan(withBr);
    // Asking again for a kept encoding adds nothing.
    const withBoth = cache.stats.bytes;
    await cache.compressed('k', answer, 'br');
    expect(cache.stats.bytes).toBe(withBoth);
  });

  it('gives back every byte it counted when entries go', async () => {
    let now = 0;
    const cache = new ReadCache({ maxAgeMs: 10, sweepIntervalMs: 0, now: () => now });
    const body = 'x'.repeat(5000);
    for (const key of ['a', 'b', 'c']) {
      const answer = { ...emptyAnswer('/signatures'), body };
      cache.set(key, 'v', answer);
      await cache.compressed(key, answer, 'gzip');
    }
    cache.set('a', 'v', emptyAnswer('/signatures')); // replaced
    expect(cache.get('b', 'v2')).toBeUndefined(); // a new version drops it
    now = 11;
    cache.sweep();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('the caps', () => {
  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new ReadCache({ maxEntries: 3, sweepIntervalMs: 0 });
    for (const key of ['a', 'b', 'c']) cache.set(key, 'v', emptyAnswer('/signatures'));
    cache.get('a', 'v');
    cache.set('d', 'v', emptyAnswer('/signatures'));
    cache.set('e', 'v', emptyAnswer('/signatures'));
    expect(cache.stats.entries).toBe(3);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('c', 'v')).toBeUndefined();
    for (const key of ['a', 'd', 'e']) expect(cache.get(key, 'v')).toBeDefined();
  });

  it('stays within maxBytes when compressed copies arrive', async () => {
    const body = JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, n: id * 7919 })));
    const answer = { ...emptyAnswer('/signatures'), body };
    const probe = new ReadCache({ sweepIntervalMs: 0 });
    probe.set('0', 'v', answer);
    await probe.compressed('0', answer, 'gzip');
    const withCopy = probe.stats.bytes;
    const cache = new ReadCache({ maxBytes: 3 * withCopy, sweepIntervalMs: 0 });
    for (let i = 0; i < 6; i++) {
      cache.set(String(i), 'v', answer);
      await cache.compressed(String(i), answer, 'gzip');
      expect(cache.stats.bytes).toBeLessThanOrEqual(3 * withCopy);
    }
    expect(cache.stats.entries).toBe(3);
  });
});

describe('the sweep', () => {
  it('drops expired entries on its own timer, with nobody asking', async () => {
    let now = 0;
    const cache = new ReadCache({ maxAgeMs: 1000, sweepIntervalMs: 5, now: () => now });
    for (const key of ['a', 'b']) cache.set(key, 'v', emptyAnswer('/signatures'));
    now = 500;
    cache.set('c', 'v', emptyAnswer('/signatures'));
    now = 1200; // a and b have expired, c has not
    for (let tick = 0; tick < 400 && cache.stats.entries > 1; tick++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(cache.stats.entries).toBe(1);
    expect(cache.get('c', 'v')).toBeDefined();
  });
});

describe('which reads are worth caching', () => {
  // The app's reads, as supabase-js writes them for src/data (signatures.ts, wall-load.ts,
  // live-signatures.ts, removed-signatures.ts).
  const appReads = [
    'select=*&order=created_at.asc%2Cid.asc&offset=0&limit=1000',
    'select=*&created_at=gte.2026-11-23T10%3A00%3A00.000Z&order=created_at.asc%2Cid.asc&offset=0&limit=1000',
    'select=*&max_x=gte.1234&min_x=lte.2034&max_y=gte.987&min_y=lte.1587&order=id.asc&limit=250',
    'select=*&max_x=gte.1234&min_x=lte.2034&min_y=gt.1587&id=gt.1024&id=lte.2048&order=id.asc&limit=250',
    'select=*&min_x=is.null&order=id.asc&limit=250',
    'select=id%2Ccreated_at&order=id.desc&limit=1',
    'select=id&order=id.asc&limit=1000&id=gt.99999',
  ];

  it.each(appReads)('caches the app’s %s', (search) => {
    const { plan, query } = read(search);
    expect(worthCaching(plan, query)).toBe(true);
  });

  it('caches a short in list, not a long one', () => {
    const short = read(inList(CACHEABLE_IN_LIST_MAX, 1));
    expect(worthCaching(short.plan, short.query)).toBe(true);
    const long = read(inList(CACHEABLE_IN_LIST_MAX + 1, 1));
    expect(worthCaching(long.plan, long.query)).toBe(false);
    const flood = read(inList(1300));
    expect(worthCaching(flood.plan, flood.query)).toBe(false);
  });

  it('does not cache a query longer than the app ever sends', () => {
    const caption = 'c'.repeat(CACHEABLE_QUERY_MAX_CHARS);
    const long = read(`select=*&caption=eq.${caption}`);
    expect(worthCaching(long.plan, long.query)).toBe(false);
    const fits = read(`select=*&caption=eq.${caption.slice(0, 900)}`);
    expect(worthCaching(fits.plan, fits.query)).toBe(true);
  });
});
