/** Opens PGlite in a data directory or PostgreSQL at a URL, bootstraps roles and applies migrations. */
import { bootstrap } from './bootstrap.ts';
import { applyMigrations, type MigrationResult } from './migrate.ts';
import { openPglite, type PgliteOptions } from './pglite.ts';
import { openPostgres, type PostgresOptions } from './postgres.ts';
import type { Database, DatabaseConfig } from './types.ts';

export type { Database, DatabaseConfig, Tx } from './types.ts';
export type { Logger } from './logger.ts';
export { DataDirError, DatabaseUnavailableError } from './errors.ts';

/** Limits and the logger: each backend reads the ones it has (defaults in pglite.ts, postgres.ts). */
export interface OpenOptions extends PgliteOptions, PostgresOptions {
  /** Folder of `<version>_<name>.sql` files; default `supabase/migrations` of this repository. */
  migrationsDir?: string;
  /** Skip bootstrap and migrations (tests that prepare a database by hand). */
  migrate?: boolean;
}

export interface OpenedDatabase extends Database {
  /** Versions applied by this open (empty when the database was up to date). */
  readonly applied: MigrationResult['applied'];
}

export async function openDatabase(
  config: DatabaseConfig,
  options: OpenOptions = {},
): Promise<OpenedDatabase> {
  const db =
    'databaseUrl' in config
      ? await openPostgres(config.databaseUrl, options)
      : await openPglite(config.dataDir, options);
  try {
    let applied: string[] = [];
    if (options.migrate !== false) {
      await bootstrap(db);
      applied = (await applyMigrations(db, options.migrationsDir)).applied;
    }
    return Object.assign(db, { applied });
  } catch (error) {
    await db.close();
    throw error;
  }
}
