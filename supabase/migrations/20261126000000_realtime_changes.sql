-- The wall, live (issue #23): every change a visitor can see is announced by the database itself, so
-- every server process on one database learns of every save, hide, unhide and delete, whoever made it
-- (a visitor's save, the owner's CLI, SQL by hand).
--
-- 1. signwall.announce_change(): a row trigger that sends `pg_notify('signwall_changes', …)` with a
--    tiny payload, {"id": <id>, "type": "INSERT" | "DELETE"}, as anon sees the change: a new visible
--    row and an unhide are an INSERT, a delete and a hide are a DELETE. The row itself is not in the
--    payload (NOTIFY payloads are capped at 8000 bytes, and a signature is larger): each server reads
--    it once, as anon, and never sees removal_hash or a hidden row (server/realtime/change-feed.ts).
--    NOTIFY is transactional: nothing is announced for a save that rolls back, and listeners hear
--    of a change only after its commit, when anon can read it.
-- 2. Hosted Supabase (only where the `realtime` schema exists): its own Realtime server sends
--    postgres_changes from logical replication, but a hide is an UPDATE that anon's select policy no
--    longer lets through, so visitors would never hear of it. The documented route for that is a
--    trigger calling realtime.send(payload, event, topic, private => false) on a public broadcast
--    topic: here 'signwall:changes', event 'hide' or 'unhide', payload {"id": <id>}. Where the
--    `supabase_realtime` publication exists, the table joins it (the dashboard's "Enable Realtime").
--
-- Works unchanged on PGlite, PostgreSQL 15 and hosted Supabase; idempotent.

create or replace function signwall.announce_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  change_type text;
  row_id bigint;
begin
  if tg_op = 'INSERT' then
    -- A row can be written hidden only by the owner (service_role); anon never sees it.
    if new.hidden then return null; end if;
    change_type := 'INSERT';
    row_id := new.id;
  elsif tg_op = 'DELETE' then
    change_type := 'DELETE';
    row_id := old.id;
  elsif old.hidden is distinct from new.hidden then
    change_type := case when new.hidden then 'DELETE' else 'INSERT' end;
    row_id := new.id;
  else
    return null; -- other updates (the outline's refresh) change nothing the app shows
  end if;
  perform pg_catalog.pg_notify('signwall_changes',
    pg_catalog.json_build_object('id', row_id, 'type', change_type)::text);
  return null;
end
$$;

drop trigger if exists signatures_announce_change on public.signatures;
create trigger signatures_announce_change after insert or update of hidden or delete
  on public.signatures for each row execute function signwall.announce_change();

revoke execute on function signwall.announce_change()
  from public, anon, authenticated, service_role;

-- 2. Hosted Supabase only. Built with execute, so no object naming `realtime` exists elsewhere.
do $$
begin
  if exists (select from pg_catalog.pg_namespace where nspname = 'realtime') then
    execute $fn$
      create or replace function signwall.broadcast_hide() returns trigger
      language plpgsql security definer set search_path = '' as $body$
      begin
        perform realtime.send(pg_catalog.jsonb_build_object('id', new.id),
                              case when new.hidden then 'hide' else 'unhide' end,
                              'signwall:changes', false);
        return null;
      end
      $body$
    $fn$;
    execute 'revoke execute on function signwall.broadcast_hide() '
            'from public, anon, authenticated, service_role';
    execute 'drop trigger if exists signatures_broadcast_hide on public.signatures';
    execute 'create trigger signatures_broadcast_hide after update of hidden on public.signatures '
            'for each row when (old.hidden is distinct from new.hidden) '
            'execute function signwall.broadcast_hide()';
  end if;
  if exists (select from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (select from pg_catalog.pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public'
                        and tablename = 'signatures') then
    execute 'alter publication supabase_realtime add table public.signatures';
  end if;
end
$$;
