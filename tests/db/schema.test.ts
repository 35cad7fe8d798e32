/**
 * supabase/schema.sql is the migrated database, dumped (scripts/schema/dump.ts): this fails when it
 * drifts from the migrations, e.g. after a new migration without `npm run schema`.
 *
 *   - On PGlite, always: the file, loaded into a fresh database, gives the same catalog as the
 *     migrations do (every table, column, constraint, index, trigger, policy, function body, grant,
 *     comment and seeded row of the schemas public and signwall), so the file says what they do.
 *   - On PostgreSQL (TEST_DATABASE_URL; CI sets it): the file is, byte for byte, what pg_dump makes
 *     of a freshly migrated database, so it is also exactly what `npm run schema` writes.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_SQL } from '../../server/db/bootstrap.ts';
import { dumpMigratedSchema, SCHEMA_FILE } from '../../scripts/schema/dump.ts';
import { createFreshPglite } from '../support/pglite-template.ts';
import { openMigratedPglite } from './support/databases.ts';
import { POSTGRES_URL } from '../support/test-databases.ts';

const REGENERATE = 'supabase/schema.sql is out of date: run `npm run schema` (README, "Tests")';

/** The schemas the migrations own: every object in them, as text, one line each, sorted. */
const CATALOG = `
with ns as (
  select oid, nspname from pg_namespace where nspname in ('public', 'signwall')
)
select line from (
  select format('schema %s acl=%s comment=%s', nspname,
    (select array_agg(a::text order by a::text) from unnest(coalesce(n.nspacl, acldefault('n', n.nspowner))) a),
    obj_description(n.oid, 'pg_namespace')) as line
  from pg_namespace n where nspname in ('public', 'signwall')
  union all
  select format('relation %s.%s kind=%s rls=%s/%s acl=%s comment=%s', ns.nspname, c.relname,
    c.relkind, c.relrowsecurity, c.relforcerowsecurity,
    (select array_agg(a::text order by a::text) from unnest(coalesce(c.relacl, acldefault('r', c.relowner))) a),
    obj_description(c.oid, 'pg_class'))
  from pg_class c join ns on ns.oid = c.relnamespace
  union all
  select format('column %s.%s.%s %s notnull=%s default=%s identity=%s generated=%s acl=%s comment=%s',
    ns.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
    pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated,
    (select array_agg(x::text order by x::text) from unnest(a.attacl) x),
    col_description(c.oid, a.attnum))
  from pg_attribute a join pg_class c on c.oid = a.attrelid join ns on ns.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'v', 'm', 'p', 'f')
  union all
  select format('constraint %s.%s.%s %s', ns.nspname, c.relname, k.conname, pg_get_constraintdef(k.oid))
  from pg_constraint k join ns on ns.oid = k.connamespace left join pg_class c on c.oid = k.conrelid
  union all
  select format('index %s', pg_get_indexdef(i.indexrelid))
  from pg_index i join pg_class c on c.oid = i.indrelid join ns on ns.oid = c.relnamespace
  union all
  select format('trigger %s', pg_get_triggerdef(t.oid))
  from pg_trigger t join pg_class c on c.oid = t.tgrelid join ns on ns.oid = c.relnamespace
  where not t.tgisinternal
  union all
  select format('policy %s.%s %s %s roles=%s using=%s check=%s', schemaname, tablename,
    policyname, cmd, roles::text, qual, with_check)
  from pg_policies where schemaname in ('public', 'signwall')
  union all
  select format('function %s acl=%s comment=%s', pg_get_functiondef(p.oid),
    (select array_agg(a::text order by a::text) from unnest(coalesce(p.proacl, acldefault('f', p.proowner))) a),
    obj_description(p.oid, 'pg_proc'))
  from pg_proc p join ns on ns.oid = p.pronamespace
  union all
  select format('sequence %s.%s start=%s last=%s', schemaname, sequencename, start_value, last_value)
  from pg_sequences where schemaname in ('public', 'signwall')
  union all
  select format('row signwall.insert_limit %s', to_jsonb(l)) from signwall.insert_limit l
  union all
  select format('row signwall.table_versions %s', to_jsonb(v)) from signwall.table_versions v
) lines
order by line`;

async function catalogOf(query: (sql: string) => Promise<Array<{ line: string }>>) {
  // The pg_get_*def functions qualify names by the search path: the same (empty) one on both sides.
  await query("select set_config('search_path', '', false)");
  return (await query(CATALOG)).map((row) => row.line);
}

describe('supabase/schema.sql', () => {
  it('gives, loaded into a fresh PGlite, the catalog the migrations give', async () => {
    const migrated = await openMigratedPglite();
    const loaded = await createFreshPglite();
    try {
      const expected = await catalogOf((sql) => migrated.query<{ line: string }>(sql));
      // As on Supabase: the platform's roles and grants first (server/db/bootstrap.ts), then the file.
      await loaded.exec(BOOTSTRAP_SQL);
      await loaded.exec(await readFile(SCHEMA_FILE, 'utf8'));
      const actual = await catalogOf(
        async (sql) => (await loaded.query<{ line: string }>(sql)).rows,
      );
      expect(expected.length).toBeGreaterThan(100);
      expect(actual, REGENERATE).toEqual(expected);
    } finally {
      await migrated.close();
      await loaded.close();
    }
  });

  const adminUrl = POSTGRES_URL;
  if (adminUrl) {
    it('is what pg_dump makes of a freshly migrated PostgreSQL database', async () => {
      const dumped = await dumpMigratedSchema(adminUrl);
      expect(await readFile(SCHEMA_FILE, 'utf8'), REGENERATE).toBe(dumped);
    });
  }
});
