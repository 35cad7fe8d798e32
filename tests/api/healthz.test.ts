/**
 * `GET /healthz`: 200 `{"status":"ok"}` without an apikey while the database answers, never cached;
 * 503 `{"status":"unavailable",…}` once it does not (closed, or busy past 2 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLimitedServer, type LimitedServer } from '../support/db-server.ts';
import { backends, type Target } from './harness.ts';

describe.each(backends)('GET /healthz on $name', (backend) => {
  let target: Target;
  let server: LimitedServer;

  beforeAll(async () => {
    target = await backend.createTarget();
    server = await startLimitedServer(target, {});
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('answers 200 ok without an apikey, never cached', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  if (backend.name === 'pglite') {
    it('answers 503 while the database is busy past 2 s', async () => {
      // PGlite has one connection: a long statement holds it (within its 10 s budget).
      const busy = server.db.transaction((tx) => tx.query('select pg_sleep(3)'));
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        reason: 'database did not answer within 2 s',
      });
      await busy;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  }

  it('answers 503 once the database is closed', async () => {
    await server.db.close();
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { status: string; reason: string };
    expect(body.status).toBe('unavailable');
    expect(body.reason).toMatch(/^database /);
    await server.app.close();
  });
});
