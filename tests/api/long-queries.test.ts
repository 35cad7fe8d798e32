/**
 * Answer headers stay small whatever the query. A legal query may be ~14 KB (as long as Node lets a
 * request's head be); PostgREST repeats the whole query in `Content-Location`, percent-encoded, so
 * such an answer's headers grew to ~28 KB, past the 16 KiB that Node's fetch (undici) and Node's
 * http client read by default: supabase-js then failed with UND_ERR_HEADERS_OVERFLOW instead of
 * returning the rows. Each long query here is sent through Node's http client with its default
 * limit, its header block measured, and read again through Node's fetch and supabase-js.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { backends, useServer } from './harness.ts';

/** The most an answer's header block (status line and headers) may take, whatever the query. */
const HEADER_BUDGET = 4096;
/** 11-digit ids no row has: 1150 of them make a ~13.8 KB query, under Node's 16 KiB head. */
const IDS = Array.from({ length: 1150 }, (_, i) => 10_000_000_000 + i);

interface RawAnswer {
  status: number;
  headerBytes: number;
  body: string;
}

/** GET (or HEAD) with Node's http client and its default header limit; the header block's size. */
function rawRequest(base: string, path: string, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: Number(url.port),
        path,
        method,
        headers: { apikey: 'sb_publishable_signwall_test' },
      },
      (response) => {
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        const headerBytes = Buffer.byteLength(lines.join('\r\n') + '\r\n\r\n');
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headerBytes, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** [what, query, the status it is answered with]: refusals' headers are bounded as well. */
const longQueries: Array<[string, string, number]> = [
  ['an in list of numbers', `select=id&id=in.(${IDS.join(',')})`, 200],
  ['an in list of quoted texts', `select=id&caption=in.(${IDS.map((id) => `"${id}"`)})`, 200],
  [
    'one filter per id',
    IDS.slice(0, 800)
      .map((id) => `id=neq.${id}`)
      .join('&') + '&select=id',
    200,
  ],
  ['a long order', `select=id&order=${Array(1800).fill('id.asc').join(',')}`, 200],
  ['a malformed list', `select=id&id=in.(${IDS.join(',')}`, 400],
  [
    'an or of equalities (refused)',
    `select=id&or=(${IDS.slice(0, 800).map((id) => `id.eq.${id}`)})`,
    400,
  ],
  ['a column named 3500 times (refused)', `select=${Array(3500).fill('id').join(',')}`, 400],
];

describe.each(backends)('answers to long queries on $name', (backend) => {
  const ctx = useServer(backend);

  it.each(longQueries)(
    `%s: the headers take at most ${HEADER_BUDGET} bytes, whatever the query's length`,
    async (_name, query, status) => {
      expect(query.length).toBeGreaterThan(9_000);
      const path = `/rest/v1/signatures?${query}`;
      for (const method of ['GET', 'HEAD']) {
        const answer = await rawRequest(ctx.server.url, path, method);
        expect(answer.status, method).toBe(status);
        expect(answer.headerBytes, method).toBeLessThanOrEqual(HEADER_BUDGET);
      }
    },
  );

  it('a ~14 KB query is read by Node fetch and by supabase-js', async () => {
    const query = `select=id&id=in.(${IDS.join(',')})`;
    expect(query.length).toBeGreaterThan(13_500);
    const res = await ctx.server.fetch(`/rest/v1/signatures?${query}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    // Too long to repeat within the budget: left out (a short query keeps it: contract.test.ts).
    expect(res.headers.get('content-location')).toBeNull();

    // supabase-js percent-encodes the commas: 1000 ids make its request as long as Node takes.
    const ids = IDS.slice(0, 1000);
    const { data, error } = await ctx.server.client.from('signatures').select('id').in('id', ids);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
