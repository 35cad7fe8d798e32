/**
 * The opt-in flood limit (INSERT_LIMIT_PER_MINUTE): the database counts saves per client address in
 * its pre-request function, the server only decides the address and passes it on. Requests leave
 * from distinct loopback addresses (127.0.0.2, 127.0.0.3 …), so the socket-address path is tested
 * as it runs in production; X-Forwarded-For only counts with TRUST_PROXY.
 */
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import {
  ANON_KEY,
  backends,
  nextSignature,
  startServer,
  useServer,
  type Target,
  type TestServer,
} from './harness.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface SendOptions {
  method?: string;
  path?: string;
  body?: string;
  /** The local (client) address the connection leaves from; default 127.0.0.1. */
  from?: string;
  headers?: Record<string, string>;
}

/** One request on a fresh connection from a chosen loopback address (fetch cannot choose one). */
function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method: options.method ?? 'GET',
        path: options.path ?? '/rest/v1/signatures?select=id',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          apikey: ANON_KEY,
          Authorization: `Bearer ${ANON_KEY}`,
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** One save of a fresh, non-overlapping signature. */
function save(url: string, options: Omit<SendOptions, 'method' | 'path' | 'body'> = {}) {
  return send(url, {
    ...options,
    method: 'POST',
    path: '/rest/v1/signatures',
    body: JSON.stringify({ signature: nextSignature() }),
  });
}

async function rowCount(server: TestServer): Promise<number> {
  const [row] = await server.db.transaction((tx) =>
    tx.query<{ n: number }>('select count(*)::int as n from public.signatures'),
  );
  return row!.n;
}

/** Checks a 429 as the app and a script would read it, and returns its Retry-After. */
function expectTooMany(answer: Answer, perMinute: number): number {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(JSON.parse(answer.body)).toEqual({
    code: 'PT429',
    message: `Too many signatures from your address: try again in ${retryAfter} seconds`,
    details: `At most ${perMinute} signatures a minute are accepted from one address.`,
    hint: 'Wait, then save again.',
  });
  return retryAfter;
}

const LIMIT = 3;

describe.each(backends)('flood limit by socket address on $name', (backend) => {
  const ctx = useServer(backend, { app: { insertLimitPerMinute: LIMIT } });

  it(`lets ${LIMIT} saves through, answers the next 429 with Retry-After, and writes nothing`, async () => {
    const from = '127.0.0.2';
    for (let i = 0; i < LIMIT; i++) {
      expect((await save(ctx.server.url, { from })).status).toBe(201);
    }
    const before = await rowCount(ctx.server);
    expectTooMany(await save(ctx.server.url, { from }), LIMIT);
    expectTooMany(await save(ctx.server.url, { from }), LIMIT);
    expect(await rowCount(ctx.server)).toBe(before);
    // Refused saves were not counted either: the counter still says LIMIT.
    const counters = await ctx.server.db.transaction((tx) =>
      tx.query<{ client: string; saves: number }>(
        "select client, saves from signwall.insert_counts where client = '127.0.0.2'",
      ),
    );
    expect(counters).toEqual([{ client: '127.0.0.2', saves: LIMIT }]);
  });

  it('answers supabase-js with the envelope, as the app sees a failed save', async () => {
    // The harness's client connects from 127.0.0.1, an address of its own.
    const table = () => ctx.server.client.from('signatures');
    for (let i = 0; i < LIMIT; i++) {
      expect((await table().insert({ signature: nextSignature() })).status).toBe(201);
    }
    const refused = await table().insert({ signature: nextSignature() });
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'PT429', hint: 'Wait, then save again.' });
    expect(refused.error?.message).toMatch(/^Too many signatures from your address: try again in/);
  });

  it('leaves another address unaffected', async () => {
    expect((await save(ctx.server.url, { from: '127.0.0.3' })).status).toBe(201);
  });

  it('ignores a forged X-Forwarded-For (and cf-connecting-ip) without TRUST_PROXY', async () => {
    const forged = { 'X-Forwarded-For': '198.51.100.7', 'CF-Connecting-IP': '198.51.100.8' };
    expectTooMany(await save(ctx.server.url, { from: '127.0.0.2', headers: forged }), LIMIT);
    // …and cannot pin a limit on someone else's address either.
    for (let i = 0; i < LIMIT; i++) {
      expect((await save(ctx.server.url, { from: '127.0.0.4', headers: forged })).status).toBe(201);
    }
    expect((await save(ctx.server.url, { from: '127.0.0.5' })).status).toBe(201);
  });

  it('never limits reads', async () => {
    for (let i = 0; i < 2 * LIMIT; i++) {
      const read = await send(ctx.server.url, { from: '127.0.0.2' });
      expect(read.status).toBe(200);
      const head = await send(ctx.server.url, { from: '127.0.0.2', method: 'HEAD' });
      expect(head.status).toBe(200);
    }
  });

  it('does not count a save refused for another reason', async () => {
    const from = '127.0.0.6';
    const overlapping = JSON.stringify({ signature: '[[[5,5],[6,6]]]' });
    expect(
      (
        await send(ctx.server.url, {
          from,
          method: 'POST',
          path: '/rest/v1/signatures',
          body: overlapping,
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 2 * LIMIT; i++) {
      const again = await send(ctx.server.url, {
        from,
        method: 'POST',
        path: '/rest/v1/signatures',
        body: overlapping,
      });
      expect(again.status).toBe(409);
    }
    for (let i = 1; i < LIMIT; i++) {
      expect((await save(ctx.server.url, { from })).status).toBe(201);
    }
    expectTooMany(await save(ctx.server.url, { from }), LIMIT);
  });

  it('is off after a restart with the limit at 0', async () => {
    await ctx.server.stop();
    ctx.server = await startServer(ctx.target, { app: { insertLimitPerMinute: 0 } });
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await save(ctx.server.url, { from: '127.0.0.2' })).status).toBe(201);
    }
  });
});

describe.each(backends)('flood limit behind a trusted proxy on $name', (backend) => {
  const ctx = useServer(backend, { app: { insertLimitPerMinute: LIMIT, trustProxy: 1 } });
  const via = (forwardedFor: string) => ({ headers: { 'X-Forwarded-For': forwardedFor } });

  it('counts the address the proxy forwarded, not the proxy', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await save(ctx.server.url, via('198.51.100.1'))).status).toBe(201);
    }
    expectTooMany(await save(ctx.server.url, via('198.51.100.1')), LIMIT);
    expect((await save(ctx.server.url, via('198.51.100.2'))).status).toBe(201);
  });

  it('takes the entry the proxy appended: a client-written first entry changes nothing', async () => {
    // An appending proxy turns the client's own "X-Forwarded-For: 203.0.113.9" into this.
    expectTooMany(await save(ctx.server.url, via('203.0.113.9, 198.51.100.1')), LIMIT);
  });

  it('counts IPv6 clients per /64', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const address = `2001:db8:1:2::${i + 1}`;
      expect((await save(ctx.server.url, via(address))).status).toBe(201);
    }
    expectTooMany(await save(ctx.server.url, via('2001:db8:1:2:ffff::1')), LIMIT);
    expect((await save(ctx.server.url, via('2001:db8:1:3::1'))).status).toBe(201);
  });
});

// Several servers on one database: only PostgreSQL can be shared (PGlite has a single opener).
describe.each(backends.filter((b) => b.name === 'postgres'))(
  'flood limit across two server processes on one $name',
  (backend) => {
    let target: Target | undefined;
    const servers: ServerProcess[] = [];

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await target?.cleanup();
    });

    it('shares one count between the servers, also for saves sent at the same moment', async () => {
      target = await backend.createTarget();
      if (!('databaseUrl' in target.config)) throw new Error('expected a PostgreSQL target');
      const env = {
        ANON_KEY,
        DATABASE_URL: target.config.databaseUrl,
        DIST_DIR: join(tmpdir(), 'signwall-no-build'),
        INSERT_LIMIT_PER_MINUTE: String(LIMIT),
        // The burst below sends 2 × LIMIT saves at once from one address: this counts the
        // database's limit, not the server's cap on saves in flight.
        MAX_SAVES_IN_FLIGHT_PER_ADDRESS: '0',
      };
      servers.push(await spawnServer(env), await spawnServer(env));
      const [a, b] = servers.map((server) => server.url) as [string, string];

      // One after the other, alternating servers.
      const from = '127.0.0.2';
      expect((await save(a, { from })).status).toBe(201);
      expect((await save(b, { from })).status).toBe(201);
      expect((await save(a, { from })).status).toBe(201);
      expectTooMany(await save(b, { from }), LIMIT);
      expectTooMany(await save(a, { from }), LIMIT);

      // All at once, half on each server: exactly LIMIT get through.
      const burst = await Promise.all(
        Array.from({ length: 2 * LIMIT }, (_, i) => save(i % 2 ? a : b, { from: '127.0.0.3' })),
      );
      const statuses = burst.map((answer) => answer.status).sort();
      expect(statuses).toEqual([
        ...Array<number>(LIMIT).fill(201),
        ...Array<number>(LIMIT).fill(429),
      ]);
    });
  },
);
