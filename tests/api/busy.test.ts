/**
 * Busy is not broken, and one client gets its share. With the database's only turn held by a long
 * transaction (PGlite has one connection; the PostgreSQL server here a pool of one):
 *   - a read the cache can answer is answered without a turn;
 *   - a read whose cached answer is older is answered from that last snapshot, with an Age header,
 *     once its short wait for a turn runs out; fresh again once the turn is free;
 *   - a read with nothing cached waits its turn and answers 504 PGRST003 with Retry-After;
 *   - a third save in flight from one address is refused at once, 429 PT429 with Retry-After, while
 *     another address and the owner's service key are not limited.
 * On PostgreSQL, a save waiting past lock_timeout for the wall's lock, or running past
 * statement_timeout, answers 503 with Retry-After. A database out of resources (SQLSTATE class 53,
 * a full disk) answers 503 with Retry-After too.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import type { Database } from '../../server/db/types.ts';
import {
  backends,
  clientFrom,
  nextSignature,
  useServer,
  type AddressedClient,
  type Target,
  type TestServer,
} from './harness.ts';

const SERVICE_KEY = 'signwall-busy-test-service-role-key-0123456789';
const WALL = '/rest/v1/signatures?select=id&order=id';

/**
 * Holds the database's only turn from inside a transaction of the server's own, until `release` is
 * called; resolves once the turn is held.
 */
async function holdTurn(server: TestServer) {
  let held!: () => void;
  let release!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let over = false;
  const done = server.db
    .transaction(async (tx) => {
      await tx.query('select 1');
      held();
      await released;
    })
    .then(() => {
      over = true;
    });
  await isHeld;
  return {
    /** Whether the holder has finished (so the turn was held throughout until then). */
    isOver: () => over,
    release: async () => {
      release();
      await done;
    },
  };
}

async function ids(res: Response): Promise<number[]> {
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: number }>).map((row) => Number(row.id));
}

function save(from: Pick<AddressedClient, 'fetch'>, headers: Record<string, string> = {}) {
  return from.fetch('/rest/v1/signatures?select=id', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Prefer: 'return=representation', ...headers },
    body: JSON.stringify({ signature: nextSignature() }),
  });
}

describe.each(backends)('a busy database on $name', (backend) => {
  const ctx = useServer(backend, {
    // One turn, so one held transaction makes the database busy; a short wait for it.
    open: { poolSize: 1, acquireTimeoutMs: 3_000 },
    app: { serviceRoleKey: SERVICE_KEY },
  });

  it('answers a read the cache holds without a turn, while a long write holds it', async () => {
    const server = ctx.server;
    await save(server);
    const warm = await ids(await server.fetch(WALL));
    const holder = await holdTurn(server);
    const res = await server.fetch(WALL);
    expect(res.headers.get('age')).toBeNull(); // fresh, not a snapshot
    expect(await ids(res)).toEqual(warm);
    expect(holder.isOver()).toBe(false);
    await holder.release();
  });

  it('answers from the last snapshot, with its Age, while busy; fresh again after', async () => {
    const server = ctx.server;
    const before = await ids(await server.fetch(WALL));
    const created = await save(server);
    expect(created.status).toBe(201);
    const saved = ((await created.json()) as Array<{ id: number }>).map((row) => Number(row.id));
    const holder = await holdTurn(server);
    const res = await server.fetch(WALL);
    expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(0);
    expect(await ids(res)).toEqual(before); // the snapshot from before the save
    expect(holder.isOver()).toBe(false);
    await holder.release();
    const fresh = await server.fetch(WALL);
    expect(fresh.headers.get('age')).toBeNull();
    expect(await ids(fresh)).toEqual([...before, ...saved]);
  });

  it('answers 504 PGRST003 with Retry-After when no turn comes and nothing is cached', async () => {
    const holder = await holdTurn(ctx.server);
    const res = await ctx.server.fetch('/rest/v1/signatures?select=id&limit=7');
    expect(res.status).toBe(504);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ code: 'PGRST003' });
    await holder.release();
  });

  it('refuses a third save in flight from one address at once: 429 with Retry-After', async () => {
    const server = ctx.server;
    const visitor = clientFrom(server, '127.0.0.2');
    const neighbour = clientFrom(server, '127.0.0.3');
    const holder = await holdTurn(server);
    const inFlight = [save(visitor), save(visitor)];
    // No signal tells that the server has taken both in; on loopback half a second is ample.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const third = await save(visitor);
    expect(holder.isOver()).toBe(false); // answered while the first two still wait
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(await third.json()).toMatchObject({
      code: 'PT429',
      details: 'At most 2 saves at a time are accepted from one address.',
    });
    // Not limited: another address, and the owner's key from the same one.
    const others = [
      save(neighbour),
      save(visitor, { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` }),
    ];
    await holder.release();
    for (const res of await Promise.all([...inFlight, ...others])) expect(res.status).toBe(201);
    // The count went back down: the next save from the first address is taken.
    expect((await save(visitor)).status).toBe(201);
    visitor.close();
    neighbour.close();
  });
});

/**
 * A save while another session holds the wall's lock (signwall.lock_wall), as a long save would:
 * whichever of lock_timeout and statement_timeout is shorter cuts it.
 */
async function saveWhileTheWallIsLocked(ctx: { target: Target; server: TestServer }) {
  const target = ctx.target.config;
  if (!('databaseUrl' in target)) throw new Error('expected a PostgreSQL target');
  const other = new pg.Client({ connectionString: target.databaseUrl });
  await other.connect();
  try {
    await other.query('select pg_advisory_lock(7422119101)');
    const res = await save(ctx.server);
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    };
  } finally {
    await other.end();
  }
}

describe.each(backends.filter((b) => b.name === 'postgres'))(
  'waits that run out on $name',
  (backend) => {
    describe('lock_timeout first', () => {
      const ctx = useServer(backend, { open: { lockTimeoutMs: 300, statementTimeoutMs: 1_000 } });
      it('answers 503 55P03 with Retry-After to a save that waits past lock_timeout', async () => {
        const res = await saveWhileTheWallIsLocked(ctx);
        expect(res).toMatchObject({ status: 503, retryAfter: '1', body: { code: '55P03' } });
        expect((await save(ctx.server)).status).toBe(201);
      });
    });

    // No save the rules allow runs long enough to meet statement_timeout by itself any more; one
    // held at the lock with the statement timeout below the lock timeout does.
    describe('statement_timeout first', () => {
      const ctx = useServer(backend, { open: { lockTimeoutMs: 5_000, statementTimeoutMs: 300 } });
      it('answers 503 57014 with Retry-After to a save that runs past statement_timeout', async () => {
        const res = await saveWhileTheWallIsLocked(ctx);
        expect(res).toMatchObject({ status: 503, retryAfter: '1', body: { code: '57014' } });
        expect((await save(ctx.server)).status).toBe(201);
      });
    });
  },
);

describe.each(backends.filter((b) => b.name === 'pglite'))(
  'a database out of resources on $name',
  (backend) => {
    const ctx = useServer(backend);

    it('answers 503 with Retry-After when the disk is full, never 500', async () => {
      const real = ctx.server.db;
      // What Postgres raises when it cannot extend a file; a disk cannot be filled here for real.
      const diskFull = Object.assign(new Error('could not extend file: No space left on device'), {
        code: '53100',
      });
      let full = false;
      const db: Database = {
        kind: real.kind,
        tableVersions: real.tableVersions,
        close: async () => {},
        transaction: (fn, options) =>
          full ? Promise.reject(diskFull) : real.transaction(fn, options),
      };
      const app = await buildServer({
        db,
        anonKey: ctx.server.anonKey,
        distDir: join(tmpdir(), 'signwall-no-build'),
      });
      full = true; // after startup, which read the schema through it
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const res = await fetch(`${url}/rest/v1/signatures?select=id`, {
          method: 'POST',
          headers: { apikey: ctx.server.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ signature: nextSignature() }),
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('10');
        expect(await res.json()).toMatchObject({ code: '53100' });
      } finally {
        await app.close();
      }
    });
  },
);
