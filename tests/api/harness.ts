/**
 * Starts the real server in-process (`buildServer` on port 0) over a real database, and a real
 * supabase-js client pointed at it. One suite runs on every backend: PGlite in a fresh temporary
 * DATA_DIR always, and PostgreSQL too when TEST_DATABASE_URL is set (a fresh database per target,
 * created on that server and dropped at the end).
 *
 * A target starts as the migrated template the e2e servers use (a copy of a database the server has
 * already bootstrapped and migrated, no rows; tests/support/pglite-template.ts and
 * postgres-database.ts), so a file does not pay initdb and every migration. Tests about migrating
 * and first starts ask for `createTarget({ empty: true })`: a database nothing has touched.
 *
 *   describe.each(backends)('… on $name', (backend) => {
 *     const ctx = useServer(backend, { maxRows: 5 });
 *     it('…', async () => { const { data } = await ctx.server.client.from('signatures').select('*'); });
 *   });
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import { buildServer, type ServerOptions as AppOptions } from '../../server/app.ts';
import {
  openDatabase,
  type DatabaseConfig,
  type OpenedDatabase,
  type OpenOptions,
} from '../../server/db/index.ts';
import { fetchFrom } from '../support/fetch-from.ts';
import { signatureAt } from '../support/grid.ts';
import { copyFreshPgliteData, copyMigratedPgliteData } from '../support/pglite-template.ts';
import { createMigratedDatabase, createScratchDatabase } from '../support/postgres-database.ts';
import { POSTGRES_URL, WITH_PGLITE } from '../support/test-databases.ts';

export const ANON_KEY = 'sb_publishable_signwall_test';

/** Where a database lives: created empty, reusable across restarts, removed by cleanup(). */
export interface Target {
  backend: string;
  config: DatabaseConfig;
  cleanup(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgres';
  /** Migrated, no rows; or, with `empty`, never bootstrapped nor migrated. */
  createTarget(options?: { empty?: boolean }): Promise<Target>;
}

const pglite: Backend = {
  name: 'pglite',
  async createTarget({ empty = false } = {}) {
    const dir = await mkdtemp(join(tmpdir(), 'signwall-api-'));
    await (empty ? copyFreshPgliteData : copyMigratedPgliteData)(join(dir, 'data'));
    return {
      backend: 'pglite',
      config: { dataDir: join(dir, 'data') },
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

function postgres(adminUrl: string): Backend {
  return {
    name: 'postgres',
    async createTarget({ empty = false } = {}) {
      const database = await (empty ? createScratchDatabase : createMigratedDatabase)(adminUrl);
      return {
        backend: 'postgres',
        config: { databaseUrl: database.url },
        cleanup: () => database.drop(),
      };
    },
  };
}

/** The environment that points a server process (`server/main.ts`) at `config`'s database. */
export function databaseEnv(config: DatabaseConfig): Record<string, string> {
  return 'databaseUrl' in config
    ? { DATABASE_URL: config.databaseUrl }
    : { DATA_DIR: config.dataDir };
}

export const backends: Backend[] = [
  ...(WITH_PGLITE ? [pglite] : []),
  ...(POSTGRES_URL ? [postgres(POSTGRES_URL)] : []),
];

export interface ServerOptions {
  maxRows?: number;
  /** Built app to serve; default: a folder without index.html (API only). */
  distDir?: string;
  migrationsDir?: string;
  /** Anything else for buildServer: HTTP limits, byte cap, logger … */
  app?: Partial<Omit<AppOptions, 'db' | 'anonKey'>>;
  /** Anything else for openDatabase: statement budgets, pool size, the database's logger … */
  open?: OpenOptions;
}

export interface TestServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  anonKey: string;
  client: SupabaseClient;
  app: FastifyInstance;
  /** The server's own database handle, for owner-level checks (`db.transaction(tx => …)`). */
  db: OpenedDatabase;
  /** fetch() against the server with the apikey (and bearer) headers set, unless overridden. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export function makeClient(
  url: string,
  key = ANON_KEY,
  fetch?: typeof globalThis.fetch,
): SupabaseClient {
  return createClient(url, key, {
    ...(fetch ? { global: { fetch } } : {}),
    // Node 20 has no global WebSocket, which supabase-js needs to construct its realtime client.
    realtime: { transport: WebSocket as never },
    // A failed GET would otherwise be retried for ~7 s.
    db: { retry: false },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export async function startServer(
  target: Target,
  options: ServerOptions = {},
): Promise<TestServer> {
  const db = await openDatabase(target.config, {
    migrationsDir: options.migrationsDir,
    ...options.open,
  });
  const app = await buildServer({
    db,
    anonKey: ANON_KEY,
    maxRows: options.maxRows ?? 1000,
    distDir: options.distDir ?? join(tmpdir(), 'signwall-no-build'),
    logRequests: false,
    ...options.app,
  });
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  let stopped = false;
  return {
    url,
    anonKey: ANON_KEY,
    client: makeClient(url),
    app,
    db,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', ANON_KEY);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await db.close();
    },
  };
}

/** Another visitor: requests to `server` whose connections leave from `localAddress` (127.0.0.2 …). */
export interface AddressedClient {
  client: SupabaseClient;
  /** As TestServer.fetch, from this address. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Closes its kept-alive sockets. */
  close(): void;
}

export function clientFrom(
  server: TestServer,
  localAddress: string,
  maxSockets?: number,
): AddressedClient {
  const addressed = fetchFrom(localAddress, maxSockets);
  return {
    client: makeClient(server.url, server.anonKey, addressed.fetch),
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', server.anonKey);
      return addressed.fetch(`${server.url}${path}`, { ...init, headers });
    },
    close: addressed.close,
  };
}

/** Runs SQL as the database owner while no server holds the database (PGlite has one opener). */
export async function asOwner(target: Target, sql: string): Promise<void> {
  const db = await openDatabase(target.config, { migrate: false });
  try {
    await db.transaction((tx) => tx.exec(sql));
  } finally {
    await db.close();
  }
}

/** A fresh target and server for the whole file (beforeAll/afterAll); `ctx.server` after setup. */
export function useServer(backend: Backend, options: ServerOptions = {}) {
  const ctx = {} as { server: TestServer; target: Target };
  beforeAll(async () => {
    ctx.target = await backend.createTarget();
    ctx.server = await startServer(ctx.target, options);
  });
  afterAll(async () => {
    await ctx.server?.stop();
    await ctx.target?.cleanup();
  });
  return ctx;
}

/**
 * Every server one database can have for the whole file (beforeAll/afterAll): two on PostgreSQL
 * (two processes' worth of pools and read caches on one database), one on PGlite (one opener).
 */
export function useServersOnOneDatabase(backend: Backend): TestServer[] {
  const servers: TestServer[] = [];
  let target: Target | undefined;
  beforeAll(async () => {
    target = await backend.createTarget();
    servers.push(await startServer(target));
    if (backend.name === 'postgres') servers.push(await startServer(target));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await target?.cleanup();
  });
  return servers;
}

/** Every row, in id order, read through the API: the observable state of the table. */
export async function allRows(server: TestServer): Promise<unknown[]> {
  const { data, error } = await server.client.from('signatures').select('*').order('id');
  if (error) throw new Error(`reading rows failed: ${error.message}`);
  return data;
}

export { signatureAt } from '../support/grid.ts';

let cells = 0;
/** A signature in a cell no other call in this test file has used. */
export function nextSignature(): string {
  return signatureAt(cells++);
}

/**
 * Saves a new signature (nextSignature) through `client` and answers its id; `extra` adds columns
 * a visitor may write (`removal_hash`).
 */
export async function signWith(
  client: SupabaseClient,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const { data, error } = await client
    .from('signatures')
    .insert({ signature: nextSignature(), ...extra })
    .select('id')
    .single();
  expect(error).toBeNull();
  return (data as { id: number }).id;
}
