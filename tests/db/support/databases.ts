/**
 * Real databases for the SQL-level tests: PGlite in memory always, and a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set (created per call, dropped on close). Both get the roles Supabase
 * would provide (the server's own bootstrap SQL) and
 * then the migrations, optionally only those before a given version.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { BOOTSTRAP_SQL } from '../../../server/db/bootstrap.ts';
import { DEFAULT_MIGRATIONS_DIR, listMigrations } from '../../../server/db/migrate.ts';
import { createScratchDatabase } from '../../support/postgres-database.ts';
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

export async function openPglite(): Promise<TestDb> {
  const pglite = new PGlite();
  await pglite.exec(BOOTSTRAP_SQL);
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

/** A fresh database on the server at `adminUrl`, dropped again by close(). */
export async function openPostgres(adminUrl: string): Promise<TestDb> {
  const database = await createScratchDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query(BOOTSTRAP_SQL);
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

/** The kinds to run against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TARGETS: Array<{ kind: TestDb['kind']; open: () => Promise<TestDb> }> = [
  { kind: 'pglite', open: openPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ kind: 'postgres' as const, open: () => openPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
];
