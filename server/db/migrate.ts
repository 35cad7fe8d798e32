/**
 * Applies `supabase/migrations/<version>_<name>.sql` in lexical order, each pending file once and in
 * its own transaction, recorded in `supabase_migrations.schema_migrations` like the Supabase CLI.
 * An advisory lock makes concurrent starts of several servers on one PostgreSQL safe: the second
 * waits, then sees the versions the first recorded.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATION_LOCK_KEY } from './bootstrap.ts';
import type { Database } from './types.ts';

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(
  new URL('../../supabase/migrations', import.meta.url),
);

/** The CLI's file name rule (`^([0-9]+)_(.*)\.sql$`). */
const FILE_NAME = /^([0-9]+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export interface MigrationResult {
  applied: string[];
}

export async function listMigrations(dir: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).sort();
  return names.flatMap((file) => {
    const match = FILE_NAME.exec(file);
    return match ? [{ version: match[1]!, name: match[2]!, path: join(dir, file) }] : [];
  });
}

export async function applyMigrations(
  db: Database,
  dir: string = DEFAULT_MIGRATIONS_DIR,
): Promise<MigrationResult> {
  const applied: string[] = [];
  for (const file of await listMigrations(dir)) {
    const sql = await readFile(file.path, 'utf8');
    const done = await db.transaction(
      async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        const seen = await tx.query(
          'select 1 from supabase_migrations.schema_migrations where version = $1',
          [file.version],
        );
        if (seen.length > 0) return false;
        try {
          await tx.exec(sql);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`migration ${file.version}_${file.name}.sql failed: ${reason}`, {
            cause: error,
          });
        }
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [file.version, file.name],
        );
        return true;
      },
      { maintenance: true },
    );
    if (done) applied.push(file.version);
  }
  return { applied };
}
