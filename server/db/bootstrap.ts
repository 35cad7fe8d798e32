/**
 * What Supabase's platform provides before any migration runs, recreated for PGlite and plain
 * PostgreSQL: the API roles, usage on schema public, and the CLI's migration history table.
 * Never part of supabase/migrations, since Supabase creates these itself.
 */
import type { Database } from './types.ts';

/** One key for every server process sharing a database: bootstrap and migrations run one at a time. */
export const MIGRATION_LOCK_KEY = 7_422_119_001;

/** Idempotent: safe on every start and in every test database. */
export const BOOTSTRAP_SQL = `
do $$
declare
  api_role text;
begin
  -- Roles are per cluster, so another database's server may create them at the same moment.
  begin
    if not exists (select 1 from pg_roles where rolname = 'anon') then
      create role anon nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'authenticated') then
      create role authenticated nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'service_role') then
      create role service_role nologin noinherit bypassrls;
    end if;
  exception when duplicate_object or unique_violation then null;
  end;
  -- A non-superuser owner must be a member of each API role to SET ROLE to it per request: anon
  -- for visitors, service_role for requests with the service key.
  for api_role in select unnest(array['anon', 'service_role']) loop
    if not (select rolsuper from pg_roles where rolname = current_user)
       and not pg_has_role(current_user, api_role, 'member') then
      begin
        execute format('grant %I to %I', api_role, current_user);
      exception when others then
        raise warning 'could not grant % to %: %', api_role, current_user, sqlerrm;
      end;
    end if;
  end loop;
end $$;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz default now()
);
`;

export async function bootstrap(db: Database): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(BOOTSTRAP_SQL);
    },
    { maintenance: true },
  );
}
