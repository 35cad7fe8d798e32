/**
 * The columns of the exposed tables, read once after migrations (PostgREST's schema cache). Used to
 * type json_to_recordset's column list and to answer unknown body columns with PGRST204.
 */
import type { ColumnDef, FunctionCache, FunctionDef, SchemaCache } from '../rest/ast.ts';
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

/** The API roles whose EXECUTE right the function cache records. */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

/**
 * The functions of schema public callable by name (PostgREST's routine cache): plain functions
 * whose input arguments all have names, not variadic. Who may execute each is read from the
 * database, so a grant or revoke in a migration is the whole rule; nothing here lists functions.
 */
export async function loadFunctionCache(db: Database): Promise<FunctionCache> {
  const rows = await db.transaction((tx) =>
    tx.query<{
      name: string;
      arg_names: string[];
      arg_types: string[];
      defaults: number;
      set_returning: boolean;
      returns_void: boolean;
      executable_by: string[];
    }>(
      `select p.proname as name,
              coalesce(array(select u.n from unnest(p.proargnames, coalesce(p.proargmodes,
                        array_fill('i'::"char", array[coalesce(cardinality(p.proargnames), 0)]))) u(n, m)
                      where u.m in ('i', 'b')), '{}') as arg_names,
              array(select format_type(u.t, null) from unnest(p.proargtypes::oid[]) with ordinality u(t, i)
                     order by u.i) as arg_types,
              p.pronargdefaults as defaults,
              p.proretset as set_returning,
              p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as returns_void,
              array(select r from unnest($1::text[]) r
                     where exists (select 1 from pg_roles where rolname = r)
                       and has_function_privilege(r, p.oid, 'execute')) as executable_by
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' and p.provariadic = 0
        order by p.proname, p.oid`,
      [API_ROLES],
    ),
  );
  const cache = new Map<string, FunctionDef>();
  for (const row of rows) {
    // Unnamed arguments cannot be named in a body; overloads are not supported (first one wins).
    if (row.arg_names.length !== row.arg_types.length || row.arg_names.includes('')) continue;
    if (cache.has(row.name)) continue;
    cache.set(row.name, {
      name: row.name,
      args: row.arg_names.map((name, i) => ({ name, type: row.arg_types[i]! })),
      requiredArgs: row.arg_types.length - Number(row.defaults),
      returns: row.returns_void ? 'void' : row.set_returning ? 'set' : 'scalar',
      executableBy: row.executable_by,
    });
  }
  return cache;
}
