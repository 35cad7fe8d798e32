/**
 * Every refusal answers with PostgREST's status and code in the envelope, and leaves the table as
 * it was. Requests go through supabase-js where it can express them, raw fetch where it cannot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/domain/rules.ts';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app.ts';
import type { Database } from '../../server/db/index.ts';
import { createLogger } from '../../server/log.ts';
import {
  nextSignature,
  allRows,
  backends,
  makeClient,
  useServer,
  type TestServer,
} from './harness.ts';

interface Outcome {
  status: number;
  body: { code: string | null; message: string; details: string | null; hint: string | null };
  headers?: Headers;
}

type Case = [
  name: string,
  run: (server: TestServer) => Promise<Outcome>,
  status: number,
  code: string | null,
];

/** supabase-js result → outcome (its `error` is the response body). */
function viaClient(result: { status: number; error: unknown }): Outcome {
  return { status: result.status, body: result.error as Outcome['body'] };
}

async function viaFetch(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<Outcome> {
  const res = await server.fetch(path, init);
  return { status: res.status, body: (await res.json()) as Outcome['body'], headers: res.headers };
}

const post = (body: string, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': contentType, Prefer: 'return=representation' },
  body,
});

const table = (server: TestServer) => server.client.from('signatures');

const cases: Case[] = [
  // Bodies
  [
    'malformed JSON without columns',
    (s) => viaFetch(s, '/rest/v1/signatures', post('not json')),
    400,
    'PGRST102',
  ],
  ['empty body', (s) => viaFetch(s, '/rest/v1/signatures', post('')), 400, 'PGRST102'],
  // PostgREST stores nothing and answers 201 for these (its issue #1323); here they are refused.
  ['scalar body 42', (s) => viaFetch(s, '/rest/v1/signatures', post('42')), 400, 'PGRST102'],
  ['scalar body null', (s) => viaFetch(s, '/rest/v1/signatures', post('null')), 400, 'PGRST102'],
  ['string body', (s) => viaFetch(s, '/rest/v1/signatures', post('"x"')), 400, 'PGRST102'],
  [
    'body nested deeper than a row',
    (s) => viaFetch(s, '/rest/v1/signatures', post(`[${'{"a":'.repeat(9)}1${'}'.repeat(9)}]`)),
    400,
    'PGRST102',
  ],
  [
    'body nested deeper than a row, with columns=',
    (s) =>
      viaFetch(
        s,
        '/rest/v1/signatures?columns=%22signature%22',
        post(`[{"signature":${'['.repeat(5000)}${']'.repeat(5000)}}]`),
      ),
    400,
    'PGRST102',
  ],
  [
    'malformed JSON with columns',
    (s) => viaFetch(s, '/rest/v1/signatures?columns=%22signature%22', post('not json')),
    400,
    '22P02',
  ],
  [
    'array objects with different keys',
    (s) => viaFetch(s, '/rest/v1/signatures', post('[{"signature":"a"},{"caption":"b"}]')),
    400,
    'PGRST102',
  ],
  [
    'missing signature',
    async (s) => viaClient(await table(s).insert({ caption: 'x' }).select('*')),
    400,
    '23502',
  ],
  // Columns
  ['unknown column in select', async (s) => viaClient(await table(s).select('nope')), 400, '42703'],
  [
    'system columns in select',
    async (s) => viaClient(await table(s).select('ctid,xmin')),
    400,
    '42703',
  ],
  [
    'system column in a filter',
    async (s) => viaClient(await table(s).select('id').gt('xmin', 0)),
    400,
    '42703',
  ],
  [
    'a column selected twice',
    (s) => viaFetch(s, '/rest/v1/signatures?select=signature,signature'),
    400,
    '42701',
  ],
  ['a column next to *', async (s) => viaClient(await table(s).select('*,id')), 400, '42701'],
  [
    'unknown column in filter',
    async (s) => viaClient(await table(s).select('*').eq('nope', 1)),
    400,
    '42703',
  ],
  [
    'unknown column in order',
    async (s) => viaClient(await table(s).select('*').order('nope')),
    400,
    '42703',
  ],
  [
    'unknown column in an object body',
    async (s) =>
      viaClient(await table(s).insert({ signature: nextSignature(), nope: 1 }).select('*')),
    400,
    'PGRST204',
  ],
  [
    'unknown column in columns=',
    async (s) =>
      viaClient(
        await table(s)
          .insert([{ signature: nextSignature(), nope: 1 }])
          .select('*'),
      ),
    400,
    'PGRST204',
  ],
  // Values Postgres cannot cast
  [
    'bad bigint filter value',
    async (s) => viaClient(await table(s).select('*').gt('id', 'abc')),
    400,
    '22P02',
  ],
  [
    'bad timestamp filter value',
    async (s) => viaClient(await table(s).select('*').gt('created_at', 'yesterday-ish')),
    400,
    '22007',
  ],
  // Keys
  [
    'wrong apikey',
    async (s) =>
      viaClient(await makeClient(s.url, 'sb_publishable_wrong').from('signatures').select('*')),
    401,
    null,
  ],
  [
    'missing apikey',
    async (s) => {
      const res = await fetch(`${s.url}/rest/v1/signatures?select=*`);
      return { status: res.status, body: (await res.json()) as Outcome['body'] };
    },
    401,
    null,
  ],
  // Privileges, decided by the database's grants
  [
    'update as anon',
    async (s) => viaClient(await table(s).update({ caption: 'x' }).eq('id', 1)),
    401,
    '42501',
  ],
  ['delete as anon', async (s) => viaClient(await table(s).delete().eq('id', 1)), 401, '42501'],
  [
    'client-chosen id',
    async (s) =>
      viaClient(await table(s).insert({ id: 999, signature: nextSignature() }).select('*')),
    401,
    '42501',
  ],
  [
    'client-chosen created_at',
    async (s) =>
      viaClient(
        await table(s).insert({ signature: nextSignature(), created_at: '2020-01-01T00:00:00Z' }),
      ),
    401,
    '42501',
  ],
  // Syntax outside the subset
  [
    'like operator',
    async (s) => viaClient(await table(s).select('*').like('caption', '%a%')),
    400,
    'PGRST100',
  ],
  [
    'contains operator',
    async (s) => viaClient(await table(s).select('*').contains('caption', 'a')),
    400,
    'PGRST100',
  ],
  [
    'not. negation',
    async (s) => viaClient(await table(s).select('*').not('id', 'eq', 1)),
    400,
    'PGRST100',
  ],
  [
    'or= logic tree',
    async (s) => viaClient(await table(s).select('*').or('id.eq.1,id.eq.2')),
    400,
    'PGRST100',
  ],
  [
    'embedded select',
    async (s) => viaClient(await table(s).select('*, other(*)')),
    400,
    'PGRST100',
  ],
  ['filter without operator', (s) => viaFetch(s, '/rest/v1/signatures?id=1'), 400, 'PGRST100'],
  [
    'upsert',
    async (s) => viaClient(await table(s).upsert({ signature: nextSignature() })),
    400,
    'PGRST100',
  ],
  [
    'PUT',
    (s) => viaFetch(s, '/rest/v1/signatures?id=eq.1', { ...post('{}'), method: 'PUT' }),
    400,
    'PGRST100',
  ],
  // Routing and negotiation
  [
    'unknown table',
    async (s) => viaClient(await s.client.from('nope').select('*')),
    404,
    'PGRST205',
  ],
  ['path below a table', (s) => viaFetch(s, '/rest/v1/signatures/1'), 404, 'PGRST125'],
  [
    'wrong read profile',
    async (s) => viaClient(await s.client.schema('private').from('signatures').select('*')),
    406,
    'PGRST106',
  ],
  [
    'wrong write profile',
    async (s) =>
      viaClient(
        await s.client.schema('private').from('signatures').insert({ signature: nextSignature() }),
      ),
    406,
    'PGRST106',
  ],
  [
    'single() over several rows',
    async (s) => viaClient(await table(s).select('*').single()),
    406,
    'PGRST116',
  ],
  [
    // The database refuses the second row (one row per request) before single() could count.
    'single() on an insert of two rows',
    async (s) =>
      viaClient(
        await table(s)
          .insert([{ signature: nextSignature() }, { signature: nextSignature() }])
          .select('*')
          .single(),
      ),
    400,
    '23514',
  ],
  [
    'CSV accept',
    (s) => viaFetch(s, '/rest/v1/signatures', { headers: { Accept: 'text/csv' } }),
    406,
    'PGRST107',
  ],
  // HTTP limits
  [
    'oversized body (raw)',
    (s) =>
      viaFetch(s, '/rest/v1/signatures', post(`{"signature":"${'x'.repeat(MAX_BODY_BYTES)}"}`)),
    413,
    'PGRST413',
  ],
  [
    'oversized body (supabase-js)',
    async (s) => viaClient(await table(s).insert({ signature: 'x'.repeat(MAX_BODY_BYTES + 1) })),
    413,
    'PGRST413',
  ],
  [
    'wrong content type',
    (s) => viaFetch(s, '/rest/v1/signatures', post('{}', 'text/plain')),
    415,
    'PGRST107',
  ],
];

describe.each(backends)('refusals on $name', (backend) => {
  const ctx = useServer(backend);
  let before: unknown[];

  beforeAll(async () => {
    const seed: Array<{ signature: string; caption: string | null }> = [
      { signature: nextSignature(), caption: 'one' },
      { signature: nextSignature(), caption: null },
    ];
    // One row per request (the database's rule for anon).
    for (const row of seed) {
      expect((await ctx.server.client.from('signatures').insert(row)).error).toBeNull();
    }
    before = await allRows(ctx.server);
    expect(before).toHaveLength(2);
  });

  it.each(cases)('%s → %i %s', async (_name, run, status, code) => {
    const outcome = await run(ctx.server);
    expect(outcome.status).toBe(status);
    expect(outcome.body.code).toBe(code);
    expect(Object.keys(outcome.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(outcome.body.message).toEqual(expect.any(String));
    expect(await allRows(ctx.server)).toEqual(before);
  });

  it('says which apikey problem it was, as the gateway does', async () => {
    const missing = await fetch(`${ctx.server.url}/rest/v1/signatures`);
    expect(await missing.json()).toMatchObject({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await ctx.server.fetch('/rest/v1/signatures', { headers: { apikey: 'nope' } });
    expect((await wrong.json()).message).toBe('Invalid API key');
    const inUrl = await fetch(
      `${ctx.server.url}/rest/v1/signatures?select=id&apikey=${ctx.server.anonKey}`,
    );
    expect(inUrl.status).toBe(200);
  });

  it('refuses an oversized body sent without Content-Length (chunked) with 413', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await ctx.server.fetch('/rest/v1/signatures', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('PGRST413');
    expect(await allRows(ctx.server)).toEqual(before);
  });

  it('closes the socket after refusing a body by its declared length, rather than keeping it for a body it will not read', async () => {
    const { hostname, port } = new URL(ctx.server.url);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /rest/v1/signatures HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `apikey: ${ctx.server.anonKey}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n[`,
    );
    // Without the close, the socket would wait for the rest of the body until the request timeout
    // (30 s), past this test's own (20 s).
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(await allRows(ctx.server)).toEqual(before);
  }, 20_000);

  it('answers 42501 as PostgREST does for anon: 401 with WWW-Authenticate', async () => {
    const res = await viaFetch(ctx.server, '/rest/v1/signatures?id=eq.1', { method: 'DELETE' });
    expect(res.status).toBe(401);
    expect(res.headers!.get('www-authenticate')).toBe('Bearer');
    expect(res.body.message).toBe('permission denied for table signatures');
  });

  it('passes Postgres texts through, and PostgREST texts as PostgREST words them', async () => {
    const bad = await viaFetch(ctx.server, '/rest/v1/signatures?id=41');
    expect(bad.body).toEqual({
      code: 'PGRST100',
      details: 'unexpected "4" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (41)" (line 1, column 1)',
    });
    const json = await viaFetch(
      ctx.server,
      '/rest/v1/signatures?columns=signature',
      post('not json'),
    );
    expect(json.body).toMatchObject({ message: 'invalid input syntax for type json' });
    const column = await viaFetch(ctx.server, '/rest/v1/signatures?select=nope');
    expect(column.body.message).toBe('column signatures.nope does not exist');
    const system = await viaFetch(ctx.server, '/rest/v1/signatures?select=id,ctid');
    expect(system.body.message).toBe('column signatures.ctid does not exist');
    const twice = await viaFetch(ctx.server, '/rest/v1/signatures?select=caption,id,caption');
    expect(twice.body.message).toBe('column "caption" specified more than once');
    const scalar = await viaFetch(ctx.server, '/rest/v1/signatures', post('42'));
    expect(scalar.body).toMatchObject({ message: 'Empty or invalid json' });
    expect(scalar.body.details).toContain('number');
    const table = await viaFetch(ctx.server, '/rest/v1/nope');
    expect(table.body.message).toBe("Could not find the table 'public.nope' in the schema cache");
    const size = await viaFetch(
      ctx.server,
      '/rest/v1/signatures',
      post('x'.repeat(MAX_BODY_BYTES + 1)),
    );
    expect(size.body.message).toBe(`Request body is larger than ${MAX_BODY_BYTES} bytes`);
  });
});

describe.each(backends)('failures inside the server on $name', (backend) => {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const ctx = useServer(backend, {
    app: { logger: createLogger('info', destination), logRequests: true },
  });

  it('logs one line per request with id, method, path, status and time, never the query', async () => {
    const res = await fetch(
      `${ctx.server.url}/rest/v1/signatures?select=id&apikey=${ctx.server.anonKey}`,
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const line = lines.find((entry) => entry.path === '/rest/v1/signatures');
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      status: 200,
      reqId: expect.any(String),
    });
    expect(line!.ms).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain(ctx.server.anonKey);
  });

  it('answers a 5xx with "Internal server error" only, and logs the cause', async () => {
    // The same database, failing the way an internal error does: with a message naming a path.
    const real = ctx.server.db;
    const cause = new Error(
      'PGlite: /srv/signwall/data/base/5/1259: ERRORDATA_STACK_SIZE exceeded',
    );
    let failing = false;
    const db: Database = {
      kind: real.kind,
      tableVersions: real.tableVersions,
      close: async () => {},
      transaction: (fn, options) =>
        failing ? Promise.reject(cause) : real.transaction(fn, options),
    };
    const app = await buildServer({
      db,
      anonKey: ctx.server.anonKey,
      distDir: join(tmpdir(), 'signwall-no-build'),
      logger: createLogger('info', destination),
    });
    failing = true; // after startup, which read the schema through it
    const broken = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    try {
      for (const path of ['/rest/v1/signatures?select=id', '/rest/v1/signatures']) {
        const res = await fetch(`${broken.url}${path}`, {
          method: path.includes('?') ? 'GET' : 'POST',
          headers: { apikey: ctx.server.anonKey, 'Content-Type': 'application/json' },
          body: path.includes('?') ? undefined : '{"signature":"[[[1,1],[2,2]]]"}',
        });
        expect(res.status).toBe(500);
        const text = await res.text();
        expect(JSON.parse(text)).toEqual({
          code: 'PGRST500',
          details: null,
          hint: null,
          message: 'Internal server error',
        });
        expect(text).not.toContain('/srv/');
      }
      const logged = lines.find((entry) => entry.msg === 'request failed');
      expect(logged).toMatchObject({ level: 50, err: { message: cause.message } });
    } finally {
      await broken.app.close();
    }
  });
});
