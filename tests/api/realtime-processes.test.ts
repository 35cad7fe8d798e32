/**
 * Every server process on one database delivers every change. `node server/main.ts` as
 * the owner runs it: two processes on one PostgreSQL (each LISTENs on its own connection), one on
 * PGlite (one opener). A save through any process reaches the supabase-js channels of all of them,
 * and so does a hide, even one no server made (SQL by hand). The REALTIME_* variables reach the door.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { ANON_KEY, backends, databaseEnv, makeClient, signWith, type Target } from './harness.ts';
import { openRaw, subscribeWithSupabase, type Subscription } from './realtime-support.ts';

const SERVICE_KEY = 'sk_test_realtime_processes_0123456789abcdef';

/** Server processes on one database: PGlite has one opener, PostgreSQL takes several. */
const PROCESSES = { pglite: 1, postgres: 2 } as const;
const setups = backends.map((backend) => ({
  backend,
  name: backend.name,
  processes: PROCESSES[backend.name],
}));

describe.each(setups)('Realtime from server/main.ts on $name ($processes processes)', (setup) => {
  const servers: ServerProcess[] = [];
  const subscriptions: Subscription[] = [];
  let target: Target | undefined;
  /** SQL as the owner, where the database allows a second opener (PostgreSQL). */
  let ownerUrl: string | undefined;
  beforeAll(async () => {
    target = await setup.backend.createTarget();
    ownerUrl = 'databaseUrl' in target.config ? target.config.databaseUrl : undefined;
    for (let i = 0; i < setup.processes; i++) {
      servers.push(
        await spawnServer({
          ...databaseEnv(target.config),
          ANON_KEY,
          DIST_DIR: join(tmpdir(), 'signwall-no-build'),
          SERVICE_ROLE_KEY: SERVICE_KEY,
          REALTIME_CONNECTIONS_PER_ADDRESS: '2',
        }),
      );
    }
    for (const server of servers) {
      subscriptions.push(await subscribeWithSupabase(server.url, ANON_KEY));
    }
  });
  afterAll(async () => {
    for (const subscription of subscriptions) await subscription.close();
    for (const server of servers) await server.stop();
    await target?.cleanup();
  });

  const reachesAll = async (id: number, type: 'INSERT' | 'DELETE') => {
    for (const subscription of subscriptions) {
      await subscription.next(`${type} #${id}`, (e) => {
        const row = (type === 'INSERT' ? e.new : e.old) as { id?: number };
        return e.eventType === type && row.id === id;
      });
    }
  };

  it('a save through any process reaches the channels of every process', async () => {
    for (const server of servers) {
      const id = await signWith(makeClient(server.url));
      await reachesAll(id, 'INSERT');
    }
  });

  it('a hide reaches every process: by SQL as the owner (no server made it), or the service key', async () => {
    const id = await signWith(makeClient(servers[0]!.url));
    if (ownerUrl) {
      const owner = new pg.Client({ connectionString: ownerUrl });
      await owner.connect();
      await owner.query('update public.signatures set hidden = true where id = $1', [id]);
      await owner.end();
    } else {
      // PGlite has one opener, the server: the owner hides through it.
      const service = makeClient(servers[0]!.url, SERVICE_KEY);
      const { error } = await service.from('signatures').update({ hidden: true }).eq('id', id);
      expect(error).toBeNull();
    }
    await reachesAll(id, 'DELETE');
  });

  it('REALTIME_CONNECTIONS_PER_ADDRESS bounds the sockets of one address', async () => {
    // The subscription above holds one of this address's 2.
    const second = await openRaw(servers[0]!.url, { apikey: ANON_KEY, vsn: '2.0.0' });
    const third = await openRaw(servers[0]!.url, { apikey: ANON_KEY, vsn: '2.0.0' }).then(
      () => 'open',
      (error: { status?: number }) => error.status,
    );
    expect(third).toBe(429);
    second.ws.close();
  });
});
