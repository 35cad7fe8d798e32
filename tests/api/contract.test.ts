/**
 * The calls the app makes, through real supabase-js against the real server and database, and what
 * PostgREST would answer on the wire (docs/research/postgrest-wire.md §2–§6).
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nextSignature, backends, useServer } from './harness.ts';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/;

describe.each(backends)('data API contract on $name', (backend) => {
  // A small row cap so paging past it is cheap to test.
  const ctx = useServer(backend, { maxRows: 5 });

  it('inserts a row and returns it as an array, with PostgREST types', async () => {
    const signature = nextSignature();
    const { data, error, status } = await ctx.server.client
      .from('signatures')
      .insert([{ signature, caption: 'first' }])
      .select('*');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toHaveLength(1);
    const row = data![0]!;
    // Table order; later migrations may append derived columns.
    expect(Object.keys(row).slice(0, 4)).toEqual(['id', 'signature', 'caption', 'created_at']);
    expect(row).toMatchObject({ signature, caption: 'first' });
    expect(typeof row.id).toBe('number');
    expect(row.created_at).toMatch(ISO_UTC);
  });

  it('inserts an object body and returns one object with .single()', async () => {
    const signature = nextSignature();
    const { data, error } = await ctx.server.client
      .from('signatures')
      .insert({ signature, caption: null })
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(false);
    expect(data).toMatchObject({ signature, caption: null });
  });

  it('inserts without .select(): 201 and no data', async () => {
    const { data, error, status } = await ctx.server.client
      .from('signatures')
      .insert({ signature: nextSignature() });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  it('reads all rows ordered, with a column list', async () => {
    const { data, error } = await ctx.server.client
      .from('signatures')
      .select('id, caption')
      .order('created_at')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, caption: 'first' },
      { id: 2, caption: null },
      { id: 3, caption: null },
    ]);
    const desc = await ctx.server.client
      .from('signatures')
      .select('id')
      .order('caption', { ascending: false, nullsFirst: false })
      .order('id', { ascending: false });
    expect(desc.data).toEqual([{ id: 1 }, { id: 3 }, { id: 2 }]);
  });

  it('reads incrementally with gt on id and with a created_at string', async () => {
    const { data } = await ctx.server.client
      .from('signatures')
      .select('id')
      .gt('id', 1)
      .order('id');
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    const first = await ctx.server.client.from('signatures').select('*').eq('id', 1).single();
    const later = await ctx.server.client
      .from('signatures')
      .select('id')
      .gte('created_at', first.data!.created_at)
      .order('id');
    expect(later.data!.map((row) => row.id)).toEqual([1, 2, 3]);
    const nulls = await ctx.server.client.from('signatures').select('id').is('caption', null);
    expect(nulls.data).toHaveLength(2);
  });

  it('caps every GET at max rows, and pages past the cap with .range()', async () => {
    const rows = Array.from({ length: 9 }, (_, index) => ({
      signature: nextSignature(),
      caption: `p${index}`,
    }));
    // One row per request (the database's rule for anon).
    for (const row of rows) {
      expect((await ctx.server.client.from('signatures').insert(row)).error).toBeNull();
    }
    // 12 rows now, cap 5: a plain read silently gets 5, like hosted max_rows.
    const capped = await ctx.server.client.from('signatures').select('id').order('id');
    expect(capped.data).toHaveLength(5);
    const ids: number[] = [];
    for (let from = 0; ; from += 5) {
      const page = await ctx.server.client
        .from('signatures')
        .select('id')
        .order('id')
        .range(from, from + 4);
      expect(page.error).toBeNull();
      ids.push(...page.data!.map((row) => row.id));
      if (page.data!.length < 5) break;
    }
    expect(ids).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    // Asking for more than the cap still gets the cap.
    const big = await ctx.server.client.from('signatures').select('id').limit(100);
    expect(big.data).toHaveLength(5);
  });

  it('counts exactly: count, Content-Range and 206 when the cap cut the page', async () => {
    const { count, data, status } = await ctx.server.client
      .from('signatures')
      .select('id', { count: 'exact' })
      .order('id');
    expect(count).toBe(12);
    expect(data).toHaveLength(5);
    expect(status).toBe(206);
    const res = await ctx.server.fetch('/rest/v1/signatures?select=id&offset=10', {
      headers: { Prefer: 'count=exact' },
    });
    // PostgREST: 206 whenever the page is shorter than the known total.
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('10-11/12');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    const plain = await ctx.server.fetch(`/rest/v1/signatures?select=*&order=created_at.asc`);
    expect(plain.headers.get('content-range')).toBe('0-4/*');
    expect(plain.headers.get('content-location')).toBe(`/signatures?order=created_at.asc&select=*`);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers HEAD with the headers and no body, also through supabase-js', async () => {
    const res = await ctx.server.fetch(`/rest/v1/signatures?select=*`, {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-4/12');
    expect(await res.text()).toBe('');
    const { count, data } = await ctx.server.client
      .from('signatures')
      .select('id', { count: 'exact', head: true });
    expect(count).toBe(12);
    expect(data).toBeNull();
  });

  it('answers the CORS preflight and exposes Content-Range', async () => {
    const requested = 'apikey,authorization,content-profile,content-type,prefer,x-client-info';
    const pre = await fetch(`${ctx.server.url}/rest/v1/signatures`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': requested,
      },
    });
    expect(pre.status).toBe(200);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toBe(
      `Authorization, ${requested}, Accept, Accept-Language, Content-Language`,
    );
    expect(pre.headers.get('access-control-max-age')).toBe('86400');
    expect(await pre.text()).toBe('');
    const get = await ctx.server.fetch('/rest/v1/signatures?select=id', {
      headers: { Origin: 'http://localhost:5173' },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('compresses API JSON for gzip and brotli clients', async () => {
    const stroke = Array.from({ length: 200 }, (_, index) => [100 + index, 3000 + (index % 7)]);
    const big = { signature: JSON.stringify([stroke]), caption: 'big' };
    expect((await ctx.server.client.from('signatures').insert(big)).error).toBeNull();
    const path = `/rest/v1/signatures?select=*&caption=eq.big`;
    const expected = await (await ctx.server.fetch(path)).text();
    expect(expected.length).toBeGreaterThan(1024);
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      // Node's fetch decodes transparently; raw bytes come from the response without decoding.
      const res = await rawGet(`${ctx.server.url}${path}`, encoding);
      expect(res.encoding).toBe(encoding);
      expect(res.body.length).toBeLessThan(expected.length);
      expect(decode(res.body).toString()).toBe(expected);
    }
  });
});

async function rawGet(url: string, encoding: string): Promise<{ encoding?: string; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { apikey: 'sb_publishable_signwall_test', 'Accept-Encoding': `${encoding}` },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(backends)('the byte cap on read answers on $name', (backend) => {
  // ~50 bytes of JSON a row (id and signature): a 120-byte cap holds 2 of them.
  const ctx = useServer(backend, { app: { maxResponseBytes: 120 } });

  it('answers a shorter page with Content-Range, and paging by it reads every row', async () => {
    for (let i = 0; i < 7; i++) {
      // One row per request: the database refuses more from an anonymous visitor.
      const { error } = await ctx.server.client
        .from('signatures')
        .insert({ signature: nextSignature() });
      expect(error).toBeNull();
    }

    const seen: number[] = [];
    let offset = 0;
    for (;;) {
      const res = await ctx.server.fetch(
        `/rest/v1/signatures?select=id,signature&order=id&offset=${offset}`,
        { headers: { Prefer: 'count=exact' } },
      );
      const rows = (await res.json()) as { id: number }[];
      const range = res.headers.get('content-range')!;
      expect(range).toBe(`${offset}-${offset + rows.length - 1}/7`);
      expect(res.status).toBe(206); // a part of the rows, as PostgREST says it
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(7);
      seen.push(...rows.map((row) => row.id));
      offset += rows.length;
      if (offset >= 7) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(7);
  });

  it('always answers at least one row, however large', async () => {
    const res = await ctx.server.fetch(`/rest/v1/signatures?select=*&limit=1`);
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });
});
