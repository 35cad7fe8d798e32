-- An opt-in flood limit: at most N saves per client address per minute, decided by the database in
-- PostgREST's pre-request hook (`db-pre-request`), so it holds across any number of API servers on
-- one database and works unchanged on hosted Supabase. Off (0) unless switched on.
--
-- How a request reaches it:
--   * Our server (server/http/request-settings.ts) sets `request.method`, `request.path` and
--     `request.headers` for every request, as PostgREST does, and calls signwall.limit_inserts()
--     before the request's statement when INSERT_LIMIT_PER_MINUTE > 0; at start it writes that
--     number into signwall.insert_limit (the last server to start sets it for all of them). It
--     passes the client address it decided on (the socket's, or X-Forwarded-For's per TRUST_PROXY)
--     as `x-forwarded-for`, overwriting whatever the client sent, and never passes `cf-connecting-ip`.
--   * Hosted Supabase: switch it on once, in the SQL editor:
--         update signwall.insert_limit set per_minute = 10;   -- 0 switches the limit off again
--         alter role authenticator set pgrst.db_pre_request = 'signwall.limit_inserts';
--         notify pgrst, 'reload config';
--     (If the project already has a pre-request function, call signwall.limit_inserts() from it
--     instead: PostgREST takes one.) Undo with `alter role authenticator reset
--     pgrst.db_pre_request; notify pgrst, 'reload config';`. There the client address is read from
--     `cf-connecting-ip`, which Cloudflare, in front of every hosted project, sets itself; the first
--     `x-forwarded-for` entry is only the fallback, because a client can write it (see
--     github.com/orgs/supabase/discussions/34647).
--
-- What it counts: saves that were written. The counter is bumped in the save's own transaction, so
-- a save refused for any reason (this limit, an overlap, a bad shape) rolls the bump back with it:
-- a person whose save hit a taken spot is not charged for it, and a refused request writes nothing
-- at all. The price: invalid attempts are never limited here (they write nothing to the wall; the
-- server's per-address connection cap and the guard's cost bounds deal with volume).
--
-- The window is a fixed minute per client that starts at its first counted save (not the calendar
-- minute), so "N per minute" means N in any window that opens with a save, and Retry-After says
-- exactly when that window closes.
--
-- IPv6 clients are counted per /64, the block one subscriber usually gets, since a single host can
-- pick any address inside it; IPv4 clients per address.

-- The limit: one row; 0 = off.
create table if not exists signwall.insert_limit (
  only_row   boolean primary key default true check (only_row),
  per_minute integer not null default 0 check (per_minute >= 0)
);
comment on table signwall.insert_limit is
  'Saves allowed per client address per minute (0: no limit). Read by signwall.limit_inserts().';
insert into signwall.insert_limit default values on conflict do nothing;

-- One row per client whose window is open (or closed but not yet pruned).
create table if not exists signwall.insert_counts (
  client       text primary key,          -- '203.0.113.7', '2001:db8:1:2::/64', or 'unknown'
  window_start timestamptz not null,
  saves        integer not null
);
comment on table signwall.insert_counts is
  'Saves per client in its current one-minute window; rows of closed windows are pruned as saves come in.';
create index if not exists insert_counts_window_start_idx on signwall.insert_counts (window_start);

-- Only the SECURITY DEFINER function below reads and writes these; the API roles get nothing, and
-- RLS without policies keeps it so even if someone grants them later.
alter table signwall.insert_limit enable row level security;
alter table signwall.insert_counts enable row level security;
revoke all on table signwall.insert_limit, signwall.insert_counts from public, anon, authenticated;

-- The key a request's saves are counted under, from PostgREST's `request.headers` JSON:
-- `cf-connecting-ip` when present (hosted Supabase), else the first `x-forwarded-for` entry (our
-- server puts exactly one there). IPv4-mapped IPv6 counts as the IPv4 address. Anything missing or
-- unparseable shares the one key 'unknown', so it cannot be used to escape the limit.
create or replace function signwall.client_key(headers text) returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  h jsonb;
  raw text;
  address inet;
begin
  begin
    h := headers::jsonb;
    raw := pg_catalog.btrim(coalesce(
      nullif(pg_catalog.btrim(h ->> 'cf-connecting-ip'), ''),
      pg_catalog.split_part(h ->> 'x-forwarded-for', ',', 1)));
    address := raw::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  if pg_catalog.family(address) = 6 and address <<= '::ffff:0.0.0.0/96'::inet then
    address := pg_catalog.substr(pg_catalog.host(address), 8)::inet;
  end if;
  if pg_catalog.family(address) = 6 then
    return pg_catalog.network(pg_catalog.set_masklen(address, 64))::text;
  end if;
  return pg_catalog.host(address);
end
$$;

-- The pre-request function. Runs before every API request (PostgREST: as the request's role, after
-- `request.*` are set); only POSTs by the API's own roles are counted, so reads are never limited
-- and the owner's service_role is never limited. SECURITY DEFINER: the API roles cannot touch the
-- counters themselves.
--
-- The upsert takes the client's row lock until the save commits or rolls back, so concurrent saves
-- of one client, on any number of servers, are counted one after the other and never both let
-- through on the same last slot.
--
-- Over the limit it raises SQLSTATE 'PGRST' with PostgREST's JSON (message: the body, detail: status
-- and headers): HTTP 429 with code PT429 in the envelope and a Retry-After header, on our server and
-- on hosted PostgREST alike.
create or replace function signwall.limit_inserts() returns void
language plpgsql security definer set search_path = '' as $$
declare
  allowed integer;
  who text;
  opened timestamptz;
  counted integer;
  wait_seconds integer;
begin
  if pg_catalog.current_setting('request.method', true) is distinct from 'POST'
     or pg_catalog.current_setting('role', true) not in ('anon', 'authenticated') then
    return;
  end if;
  select l.per_minute into allowed from signwall.insert_limit l;
  if coalesce(allowed, 0) = 0 then
    return;
  end if;

  who := signwall.client_key(pg_catalog.current_setting('request.headers', true));
  insert into signwall.insert_counts as c (client, window_start, saves)
  values (who, pg_catalog.now(), 1)
  on conflict on constraint insert_counts_pkey do update
     set window_start = case when c.window_start <= pg_catalog.now() - interval '1 minute'
                             then pg_catalog.now() else c.window_start end,
         saves = case when c.window_start <= pg_catalog.now() - interval '1 minute'
                      then 1 else c.saves + 1 end
  returning c.window_start, c.saves into opened, counted;

  if counted > allowed then
    wait_seconds := greatest(1, ceil(extract(epoch from
                      opened + interval '1 minute' - pg_catalog.clock_timestamp())))::integer;
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object(
        'code', 'PT429',
        'message', pg_catalog.format(
          'Too many signatures from your address: try again in %s seconds', wait_seconds),
        'details', pg_catalog.format('At most %s signatures a minute are accepted from one address.',
                                     allowed),
        'hint', 'Wait, then save again.')::text,
      detail = pg_catalog.json_build_object(
        'status', 429,
        'headers', pg_catalog.json_build_object('Retry-After', wait_seconds::text))::text;
  end if;

  -- A new window opened: prune some rows of closed windows. SKIP LOCKED never waits on another
  -- client's save; at most 100 per new window keeps each save's share of the work small, and since
  -- every row was opened by a save, the table stays at about the clients of the last minute.
  if counted = 1 then
    delete from signwall.insert_counts d
     where d.client in (select o.client from signwall.insert_counts o
                         where o.window_start <= pg_catalog.now() - interval '1 minute'
                         order by o.window_start
                         limit 100
                         for update skip locked);
  end if;
end
$$;

-- PostgREST calls the pre-request function as the request's role.
revoke execute on function signwall.limit_inserts() from public;
grant execute on function signwall.limit_inserts() to anon, authenticated, service_role;
