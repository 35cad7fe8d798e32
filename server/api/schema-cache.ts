/**
 * The columns of the exposed tables, read once after migrations (PostgREST's schema cache). Used to
 * type json_to_recordset's column list and to answer unknown body columns with PGRST204.
 */
import type { ColumnDef, SchemaCache } from '../rest/ast.ts';
import type { Database } from '../db/types.ts';

export async function loadSchemaCache(db: Database, tables: string[]): Promise<SchemaCache> {
  const rows = await db.transaction((tx) =>
    tx.query<{ table_name: string; name: string; type: string }>(
      `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = any($1::text[])
          and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
      [tables],
    ),
  );
  const cache = new Map<string, ColumnDef[]>();
  for (const row of rows) {
    const columns = cache.get(row.table_name) ?? [];
    columns.push({ name: row.name, type: row.type });
    cache.set(row.table_name, columns);
  }
  return cache;
}
