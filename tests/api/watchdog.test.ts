/**
 * The database never blocks or breaks the server. PGlite is driven into its failed states through the
 * server's own Database handle, below every HTTP guard: a JavaScript stack overflow inside Postgres
 * (deeply nested jsonb) and a statement past its budget. The server restarts PGlite by itself; in the
 * gap requests get 503 PGRST001, afterwards every acknowledged save is there and reads and saves work.
 * On PostgreSQL the same limits are the session's statement, lock and idle timeouts, and the pool's
 * acquire timeout (504 PGRST003).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../server/db/errors.ts';
import { captureLogger, startLimitedServer, type LimitedServer } from '../support/db-server.ts';
import { backends, signatureAt, type Target } from './harness.ts';

const pglite = backends.filter((b) => b.name === 'pglite');
const postgres = backends.filter((b) => b.name === 'postgres');

/** Nesting deep enough to overflow the worker's JavaScript stack inside jsonb's parser. */
const DEEP_JSON = '['.repeat(300_000) + ']'.repeat(300_000);

async function save(server: LimitedServer, cell: number): Promise<number> {
  const res = await server.fetch('/rest/v1/signatures?select=id', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: JSON.stringify({ signature: signatureAt(cell) }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const [row] = (await res.json()) as Array<{ id: number }>;
  return Number(row!.id);
}

async function ids(server: LimitedServer): Promise<number[]> {
  const res = await server.fetch('/rest/v1/signatures?select=id&order=id');
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: number }>).map((row) => Number(row.id));
}

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  // Busy, not broken: come back in a couple of seconds (a restart takes about one).
  expect(res.headers.get('retry-after')).toBe('2');
  expect(((await res.json()) as { code: string }).code).toBe('PGRST001');
}

describe.each(pglite)('PGlite watchdog on $name', (backend) => {
  let target: Target;
  let server: LimitedServer;
  let dist: string;
  const log = captureLogger();
  const acknowledged: number[] = [];
  let cell = 0;

  beforeAll(async () => {
    target = await backend.createTarget();
    dist = await mkdtemp(join(tmpdir(), 'signwall-watchdog-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>signwall</title>');
    server = await startLimitedServer(
      target,
      { statementTimeoutMs: 2_000, logger: log.logger },
      dist,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  /** After a failure: the gap answers 503, then the reopened database has every acknowledged save. */
  async function expectRecovery(recovered: Promise<{ fields: Record<string, unknown> }>) {
    await expectUnavailable(await server.fetch('/rest/v1/signatures?select=id'));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', reason: 'database restarting' });

    const { fields } = await recovered;
    console.log(`PGlite recovered in ${String(fields.recoveryMs)} ms`);
    expect(await ids(server)).toEqual(acknowledged);
    acknowledged.push(await save(server, cell++));
    expect(await ids(server)).toEqual(acknowledged);
  }

  it('restarts PGlite after a stack overflow inside Postgres, losing no acknowledged save', async () => {
    for (let i = 0; i < 3; i++) acknowledged.push(await save(server, cell++));
    const restarted = log.next('pglite_restart');
    const recovered = log.next('pglite_recovered');

    const overflow = server.db.transaction((tx) =>
      tx.query('select length(($1::text)::jsonb::text) as n', [DEEP_JSON]),
    );
    await expect(overflow).rejects.toBeInstanceOf(DatabaseUnavailableError);

    const why = await restarted;
    expect(why.level).toBe('error');
    expect(why.fields).toMatchObject({ event: 'pglite_restart', reason: 'pglite_broken' });
    expect(String(why.fields.detail)).toMatch(/RangeError|stack/i);
    await expectRecovery(recovered);
  });

  it('restarts PGlite when a statement runs past its budget; queued requests get 503', async () => {
    const restarted = log.next('pglite_restart');
    const recovered = log.next('pglite_recovered');

    const stuck = server.db.transaction((tx) => tx.query('select pg_sleep(600)'));
    const settled = stuck.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    // Queued behind the stuck statement: answered 503 when the watchdog fires, not left hanging.
    await expectUnavailable(await server.fetch('/rest/v1/signatures?select=id'));
    expect(await settled).toBeInstanceOf(DatabaseUnavailableError);

    const why = await restarted;
    expect(why.fields).toMatchObject({
      reason: 'statement_timeout',
      statement: 'select pg_sleep(600)',
    });
    await expectRecovery(recovered);
  });

  it('answers nesting that fits the worker stack with Postgres own clean error, no restart', async () => {
    const restarts = log.entries.filter((e) => e.fields.event === 'pglite_restart').length;
    const nested = '['.repeat(100_000) + ']'.repeat(100_000);
    await expect(
      server.db.transaction((tx) => tx.query('select ($1::text)::jsonb is null as x', [nested])),
    ).rejects.toMatchObject({ code: '54001' }); // stack depth limit exceeded
    expect(log.entries.filter((e) => e.fields.event === 'pglite_restart')).toHaveLength(restarts);
    expect(await ids(server)).toEqual(acknowledged);
  });

  it('serves static pages while a statement runs', async () => {
    let statementDone = false;
    const statement = server.db
      .transaction((tx) => tx.query('select pg_sleep(1)'))
      .then(() => (statementDone = true));
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('signwall');
    // The page came back while PGlite was still inside pg_sleep: the event loop was free.
    expect(statementDone).toBe(false);
    await statement;
    expect(statementDone).toBe(true);
  });
});

describe.each(postgres)('PostgreSQL session limits on $name', (backend) => {
  let target: Target;
  let server: LimitedServer;
  const log = captureLogger();

  beforeAll(async () => {
    target = await backend.createTarget();
    server = await startLimitedServer(target, {
      // Holders below stay busy in pg_sleep(0.5): active, so the idle timeout spares them, and
      // long enough that the 100 ms lock and acquire waits end first.
      statementTimeoutMs: 1_000,
      lockTimeoutMs: 100,
      idleInTransactionTimeoutMs: 300,
      acquireTimeoutMs: 100,
      poolSize: 2,
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('cancels a statement past statement_timeout', async () => {
    await expect(
      server.db.transaction((tx) => tx.query('select pg_sleep(5)')),
    ).rejects.toMatchObject({ code: '57014' });
  });

  it('gives up a lock wait past lock_timeout', async () => {
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(4242)');
      locked();
      await tx.query('select pg_sleep(0.5)');
    });
    await isLocked;
    await expect(
      server.db.transaction((tx) => tx.query('select pg_advisory_xact_lock(4242)')),
    ).rejects.toMatchObject({ code: '55P03' });
    await holder;
  });

  it('ends a session left idle in a transaction, and the server carries on', async () => {
    const idle = server.db.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 450));
      await tx.query('select 1');
    });
    await expect(idle).rejects.toThrow();
    const [row] = await server.db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'));
    expect(row).toEqual({ one: 1 });
  });

  it('answers 504 PGRST003 when no pooled connection frees up in time', async () => {
    let started = 0;
    let allStarted!: () => void;
    const bothStarted = new Promise<void>((resolve) => (allStarted = resolve));
    const holders = [1, 2].map(() =>
      server.db.transaction(async (tx) => {
        if (++started === 2) allStarted();
        await tx.query('select pg_sleep(0.5)');
      }),
    );
    await bothStarted;
    const res = await server.fetch('/rest/v1/signatures?select=id');
    expect(res.status).toBe(504);
    expect(res.headers.get('retry-after')).toBe('1');
    // PostgREST's code for it; the body of every 5xx says no more than this.
    expect(await res.json()).toMatchObject({ code: 'PGRST003', message: 'Internal server error' });
    await Promise.all(holders);
    expect((await server.fetch('/rest/v1/signatures?select=id')).status).toBe(200);
  });
});
