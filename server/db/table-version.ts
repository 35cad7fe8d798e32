/**
 * Table versions for read caches: a counter per table that every insert, update, delete and
 * truncate moves, in the writing transaction (signwall.table_versions, kept by a statement trigger:
 * supabase/migrations/20261123000100_moderation.sql). Read in the reader's own transaction, before
 * its rows, so the same version always means the same rows, whoever changed them — this server,
 * another server process on the same PostgreSQL, or the owner with SQL.
 */
import type { Database, Tx } from './types.ts';

/**
 * The tables that have a version, read once at start (after migrations). A database without the
 * versions table (migrations of an older release) has none, and then nothing is cached.
 */
export async function versionedTables(db: Database): Promise<ReadonlySet<string>> {
  const rows = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ exists: boolean }>(
      `select to_regclass('signwall.table_versions') is not null as exists`,
    );
    if (!found?.exists) return [];
    return tx.query<{ table_name: string }>('select table_name from signwall.table_versions');
  });
  return new Set(rows.map((row) => row.table_name));
}

/** The table's version as this transaction sees it; undefined when the table has none. */
export async function readTableVersion(tx: Tx, table: string): Promise<string | undefined> {
  const [row] = await tx.query<{ version: string }>(
    'select version::text as version from signwall.table_versions where table_name = $1',
    [table],
  );
  return row?.version;
}
