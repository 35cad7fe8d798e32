/**
 * Real databases for the SQL-level tests: PGlite in memory always, and a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (created per call, dropped on close).
 *   - `openMigrated`: every migration applied, no rows, copied from a template built once per
 *     machine and schema (tests/support/pglite-template.ts, postgres-database.ts): what most tests
 *     start from, without paying initdb and the migrations per file;
 *   - `open`: only the roles Supabase would provide (the server's own bootstrap SQL), for the tests
 *     about migrating, which then apply the migrations themselves (`migrate`), optionally only those
 *     before a given version.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { BOOTSTRAP_SQL } from '../../../server/db/bootstrap.ts';
import { DEFAULT_MIGRATIONS_DIR, listMigrations } from '../../../server/db/migrate.ts';
import { createFreshPglite, pgliteTarball } from '../../support/pglite-template.ts';
import {
  createMigratedDatabase,
  createScratchDatabase,
  type ScratchDatabase,
} from '../../support/postgres-database.ts';
import { POSTGRES_URL, WITH_PGLITE } from '../../support/test-databases.ts';
export const GUARD_VERSION = '20261122000100';
export const LIMITS_VERSION = '20261123000000';

export interface TestDb {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  /** Several statements in one transaction, rolled back if one fails (a migration). */
  execTx(text: string): Promise<void>;
  /** Runs fn in one transaction as role anon, as the server runs each request. */
  asAnon<T>(fn: (q: TestDb['query']) => Promise<T>): Promise<T>;
  /** Only for PostgreSQL: a connection string to this database (for extra connections). */
  readonly url?: string;
  close(): Promise<void>;
}

/**
 * Applies the migrations the server would (its own list: supabase/migrations, in its order), each in
 * its own transaction, but unrecorded and in part when asked: `before` stops ahead of that version,
 * `after` starts at it (to seed old rows in between), which the server's runner never does.
 */
export async function migrate(
  db: TestDb,
  options: { before?: string; after?: string } = {},
): Promise<void> {
  for (const m of await listMigrations(DEFAULT_MIGRATIONS_DIR)) {
    if (options.before && m.version >= options.before) break;
    if (options.after && m.version < options.after) continue;
    await db.execTx(await readFile(m.path, 'utf8'));
  }
}

/** Applies only the named migration (e.g. the guard a second time). */
export async function applyVersion(db: TestDb, version: string): Promise<void> {
  const m = (await listMigrations(DEFAULT_MIGRATIONS_DIR)).find((x) => x.version === version);
  if (!m) throw new Error(`no migration ${version}`);
  await db.execTx(await readFile(m.path, 'utf8'));
}

/** Bootstrapped and every migration applied, as the in-memory template is built. */
async function migratePglite(pglite: PGlite): Promise<void> {
  await pglite.exec(BOOTSTRAP_SQL);
  for (const m of await listMigrations(DEFAULT_MIGRATIONS_DIR)) {
    const sql = await readFile(m.path, 'utf8');
    await pglite.transaction((tx) => tx.exec(sql));
  }
}

export async function openPglite(): Promise<TestDb> {
  const pglite = await createFreshPglite();
  await pglite.exec(BOOTSTRAP_SQL);
  return wrapPglite(pglite);
}

export async function openMigratedPglite(): Promise<TestDb> {
  return wrapPglite(
    await PGlite.create({ loadDataDir: await pgliteTarball('migrated', migratePglite) }),
  );
}

function wrapPglite(pglite: PGlite): TestDb {
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await pglite.query<T>(text, params)).rows;
  return {
    kind: 'pglite',
    query,
    exec: async (text) => {
      await pglite.exec(text);
    },
    execTx: (text) => pglite.transaction((tx) => tx.exec(text)).then(() => undefined),
    asAnon: (fn) =>
      pglite.transaction(async (tx) => {
        await tx.exec('set local role anon');
        return fn(
          async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
        );
      }),
    close: () => pglite.close(),
  };
}

/** A fresh, bootstrapped database on the server at `adminUrl`, dropped again by close(). */
export async function openPostgres(adminUrl: string): Promise<TestDb> {
  const database = await createScratchDatabase(adminUrl);
  const db = wrapPostgres(database);
  await db.exec(BOOTSTRAP_SQL);
  return db;
}

/** A copy of the migrated template on the server at `adminUrl`, dropped again by close(). */
export async function openMigratedPostgres(adminUrl: string): Promise<TestDb> {
  return wrapPostgres(await createMigratedDatabase(adminUrl));
}

function wrapPostgres(database: ScratchDatabase): TestDb {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // An idle client the server ends (a database dropped with its connections, an administrator's
  // termination) must not take the test run down as an uncaught error; its query fails instead.
  pool.on('error', () => undefined);
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await pool.query(text, params)).rows as T[];
  return {
    kind: 'postgres',
    url: database.url,
    query,
    exec: async (text) => {
      await pool.query(text);
    },
    async execTx(text) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(text);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async asAnon(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin; set local role anon');
        const result = await fn(
          async <T>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as T[],
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

export interface DbTarget {
  kind: TestDb['kind'];
  /** Bootstrapped, nothing migrated. */
  open: () => Promise<TestDb>;
  /** Every migration applied, no rows. */
  openMigrated: () => Promise<TestDb>;
}

/** The kinds to run against (tests/support/test-databases.ts). */
export const TARGETS: DbTarget[] = [
  ...(WITH_PGLITE
    ? [{ kind: 'pglite' as const, open: openPglite, openMigrated: openMigratedPglite }]
    : []),
  ...(POSTGRES_URL
    ? [
        {
          kind: 'postgres' as const,
          open: () => openPostgres(POSTGRES_URL!),
          openMigrated: () => openMigratedPostgres(POSTGRES_URL!),
        },
      ]
    : []),
];
