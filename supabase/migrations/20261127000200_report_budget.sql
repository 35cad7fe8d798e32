-- Reports that a crowd cannot turn against the wall, and an owner who always hears. Builds on
-- 20261125000000_reports.sql (reports, community hiding, salted client hashes).
--
-- 1. The owner's word stands. signwall.kept_signatures: a signature the owner unhid (any way: the
--    owner's PATCH, the CLI, SQL) or whose reports the owner dismissed is kept: reports of it are
--    still taken, counted and listed (reported_signatures), but never hide it again; only the owner
--    does. Unhiding and dismissing still delete the reports the owner has seen, so the Reported list
--    shows what came after the decision.
-- 2. Distinct networks, not addresses. Each report also stores sha256(salt || network), the network
--    being the client address's IPv4 /24 or IPv6 /48 (signwall.client_network, from the same
--    request.headers as signwall.client_key: cf-connecting-ip on hosted Supabase, else the
--    x-forwarded-for our server sets). REPORTS_TO_HIDE counts networks: the reports of one network
--    count once, however many of its addresses reported. (One report per signature and address, and
--    20 an hour per address, as before: an address of a shared network can still report, and its
--    report is listed.) Reports stored before this migration have no network and count by address.
-- 3. An hourly budget. At most signwall.report_settings.hides_per_hour signatures (our server writes
--    REPORTS_HIDE_PER_HOUR there at start, default 10; 0: reports never hide) are hidden by reports
--    in any hour: a sliding window over signwall.community_hides, the hides of the last 60 minutes,
--    counted under one lock so two last reports cannot both take the last slot. Past it, a signature
--    that reaches REPORTS_TO_HIDE stays up and waits for the owner: community hiding is paused until
--    the oldest hide of the window is an hour old. public.community_hiding_status() tells the owner
--    (service_role only): the setting, hides in the last hour, paused or not, when it resumes, and
--    which reported signatures wait (paused) or are kept.
-- 4. Every report reaches the owner, batched. The report's transaction adds it to
--    signwall.report_notices: one open row per signature (counts by reason, whether a report hid it,
--    would have but hiding was paused, or the owner had kept it; the latest note as stored), so the
--    queue holds at most one row per reported signature, however many reports arrive, and survives a
--    restart. Our server's notifier (server/reports/) claims every open row into a digest
--    (signwall.claim_report_digest), posts it to REPORT_WEBHOOK_URL, and then deletes it
--    (finish_report_digest) or, when the post failed, merges it back into the open rows
--    (release_report_digest) and waits: 1 s, 2 s, 4 s … 5 minutes, or the receiver's Retry-After.
--    One digest is under way at a time across every server process on the database (an advisory
--    lock around the claim, and a lease: a digest whose process died is merged back when its lease
--    runs out), at most one every min_gap (the first report of a quiet spell waits `gather` for the
--    rest of its burst), so two processes never send the same reports and a flood becomes a few
--    messages that account for every report. Rows are never dropped; a digest can be sent twice
--    only when its process died between the receiver's answer and the delete.
--
-- Works unchanged on PGlite, PostgreSQL 15 and hosted Supabase; idempotent.

-- 1. Kept signatures.
create table if not exists signwall.kept_signatures (
  signature_id bigint primary key references public.signatures (id) on delete cascade,
  kept_at      timestamptz not null default now()
);
comment on table signwall.kept_signatures is
  'Signatures the owner unhid or whose reports the owner dismissed: reports never hide them again.';

-- 2. Networks.
alter table signwall.reports add column if not exists network_hash text;
comment on column signwall.reports.network_hash is
  'sha256 of the salt and the reporter''s network (IPv4 /24, IPv6 /48); null for reports stored before networks were counted.';
create index if not exists reports_network_hash_created_at_idx
  on signwall.reports (network_hash, created_at);

-- The network a request comes from, from the same key as the flood limits: an IPv4 address's /24,
-- an IPv6 client's /48 (client_key already took its /64), and 'unknown' for anything unreadable,
-- so all of those share one network and cannot pass for many.
create or replace function signwall.client_network(headers text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when k = 'unknown' then 'unknown'
              else pg_catalog.network(pg_catalog.set_masklen(k::inet,
                     case pg_catalog.family(k::inet) when 4 then 24 else 48 end))::text
         end
    from (select signwall.client_key(headers) as k) s
$$;

create or replace function signwall.network_hash() returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
           s.salt || '/network/' ||
             signwall.client_network(pg_catalog.current_setting('request.headers', true)),
           'UTF8')), 'hex')
    from signwall.report_salt s
$$;

-- 3. The budget.
alter table signwall.report_settings add column if not exists hides_per_hour integer not null
  default 10 constraint report_settings_hides_per_hour_check check (hides_per_hour >= 0);
comment on table signwall.report_settings is
  'reports_to_hide: distinct networks whose reports hide a signature at once (0: never); hides_per_hour: at most this many signatures hidden by reports in any hour.';

create table if not exists signwall.community_hides (
  signature_id bigint not null,
  hidden_at    timestamptz not null
);
comment on table signwall.community_hides is
  'Signatures hidden by reports in the last hour (older rows are pruned as reports hide more).';
create index if not exists community_hides_hidden_at_idx on signwall.community_hides (hidden_at);

-- 4. The notification queue. One open row (digest_id null) per signature; a claimed row belongs to
-- its digest until the digest is sent (deleted, with its rows) or merged back.
create table if not exists signwall.report_digests (
  id            bigint generated always as identity primary key,
  claimed_at    timestamptz not null default clock_timestamp(),
  claimed_until timestamptz not null
);
comment on table signwall.report_digests is
  'Digests of reports being posted to the owner; a digest whose lease ran out is merged back.';

create table if not exists signwall.report_notices (
  id                   bigint generated always as identity primary key,
  digest_id            bigint references signwall.report_digests (id) on delete cascade,
  signature_id         bigint not null,
  reports              integer not null,
  offensive            integer not null default 0,
  spam                 integer not null default 0,
  personal_information integer not null default 0,
  other                integer not null default 0,
  -- A report in it hid the signature / reached the threshold while hiding was paused / came after
  -- the owner kept the signature.
  hidden               boolean not null default false,
  held                 boolean not null default false,
  kept                 boolean not null default false,
  -- The signature's reports after the latest one, the latest reason, the latest note given.
  report_count         integer not null,
  last_reason          text not null,
  note                 text,
  first_at             timestamptz not null,
  last_at              timestamptz not null
);
comment on table signwall.report_notices is
  'Reports not yet posted to the owner, one open row per signature (digest_id null); read by the server''s notifier.';
create unique index if not exists report_notices_open_signature_idx
  on signwall.report_notices (signature_id) where digest_id is null;
create index if not exists report_notices_digest_idx on signwall.report_notices (digest_id);

create table if not exists signwall.report_notifier (
  only_row     boolean primary key default true check (only_row),
  last_sent_at timestamptz,
  retry_at     timestamptz,
  failures     integer not null default 0
);
comment on table signwall.report_notifier is
  'When the last digest was posted, and the backoff after failed posts, shared by every server.';
insert into signwall.report_notifier default values on conflict do nothing;

alter table signwall.kept_signatures enable row level security;
alter table signwall.community_hides enable row level security;
alter table signwall.report_digests enable row level security;
alter table signwall.report_notices enable row level security;
alter table signwall.report_notifier enable row level security;
revoke all on table signwall.kept_signatures, signwall.community_hides, signwall.report_digests,
                    signwall.report_notices, signwall.report_notifier
  from public, anon, authenticated, service_role;

-- Reporting: as in 20261125000000 up to the insert (same errors, same limits), then networks,
-- the owner's word and the budget decide, and the report joins the queue.
create or replace function public.report_signature(signature_id bigint, reason text,
                                                   note text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
-- The queue's ON CONFLICT names the column signature_id, which is also this function's argument.
#variable_conflict use_column
declare
  who text;
  clean_note text;
  recent integer;
  reported integer;
  networks integer;
  threshold integer;
  per_hour integer;
  used integer;
  is_kept boolean;
  outcome text := 'listed';
  at timestamptz;
begin
  if reason is null or reason not in ('offensive', 'spam', 'personal_information', 'other') then
    raise exception 'unknown reason: %', coalesce(reason, 'null')
      using errcode = '22023',
            hint = 'reason is one of offensive, spam, personal_information, other.';
  end if;
  if pg_catalog.char_length(note) > 1000 then
    raise exception 'note is longer than 200 characters' using errcode = '22023';
  end if;
  clean_note := signwall.normalize_caption(note);
  if pg_catalog.char_length(clean_note) > 200 then
    raise exception 'note is longer than 200 characters'
      using errcode = '22023',
            detail = pg_catalog.format('It has %s characters.', pg_catalog.char_length(clean_note));
  end if;

  -- The signature's lock: its reports are counted one at a time.
  perform 1 from public.signatures s
   where s.id = report_signature.signature_id and not s.hidden
     for update;
  if not found then
    raise exception 'no signature #%', report_signature.signature_id
      using errcode = 'PT404', hint = 'It does not exist, or it is hidden already.';
  end if;

  who := signwall.client_hash();
  perform pg_catalog.pg_advisory_xact_lock(7422119, pg_catalog.hashtext(who));
  if exists (select 1 from signwall.reports r
              where r.signature_id = report_signature.signature_id and r.client_hash = who) then
    raise exception 'already reported'
      using errcode = 'PT409', detail = 'This signature was already reported from your address.';
  end if;
  select pg_catalog.count(*) into recent from signwall.reports r
   where r.client_hash = who and r.created_at > pg_catalog.now() - interval '1 hour';
  if recent >= 20 then
    raise exception 'too many reports from your address'
      using errcode = 'PT429', detail = 'At most 20 reports an hour are accepted from one address.',
            hint = 'Try again later.';
  end if;

  insert into signwall.reports (signature_id, client_hash, network_hash, reason, note)
  values (report_signature.signature_id, who, signwall.network_hash(), reason, clean_note);

  select pg_catalog.count(*), pg_catalog.count(distinct coalesce(r.network_hash, r.client_hash))
    into reported, networks
    from signwall.reports r where r.signature_id = report_signature.signature_id;
  is_kept := exists (select 1 from signwall.kept_signatures k
                      where k.signature_id = report_signature.signature_id);
  select r.reports_to_hide, r.hides_per_hour into threshold, per_hour from signwall.report_settings r;

  if coalesce(threshold, 0) > 0 and networks >= threshold and not is_kept then
    -- One community hide at a time (every other lock of this function is taken before this one):
    -- whoever waited here counts the hide of the one before it, committed as the lock was freed.
    perform pg_catalog.pg_advisory_xact_lock(7422120, 0);
    at := pg_catalog.clock_timestamp();
    delete from signwall.community_hides h where h.hidden_at <= at - interval '1 hour';
    select pg_catalog.count(*) into used from signwall.community_hides h
     where h.hidden_at > at - interval '1 hour';
    if used < coalesce(per_hour, 0) then
      update public.signatures s set hidden = true where s.id = report_signature.signature_id;
      insert into signwall.community_hides (signature_id, hidden_at)
      values (report_signature.signature_id, at);
      outcome := 'hidden';
    else
      outcome := 'held';
    end if;
  end if;

  at := pg_catalog.clock_timestamp();
  insert into signwall.report_notices as n
         (signature_id, reports, offensive, spam, personal_information, other, hidden, held, kept,
          report_count, last_reason, note, first_at, last_at)
  values (report_signature.signature_id, 1,
          (reason = 'offensive')::integer, (reason = 'spam')::integer,
          (reason = 'personal_information')::integer, (reason = 'other')::integer,
          outcome = 'hidden', outcome = 'held', is_kept,
          reported, reason, clean_note, at, at)
  on conflict (signature_id) where digest_id is null do update
     set reports = n.reports + 1,
         offensive = n.offensive + excluded.offensive,
         spam = n.spam + excluded.spam,
         personal_information = n.personal_information + excluded.personal_information,
         other = n.other + excluded.other,
         hidden = n.hidden or excluded.hidden,
         held = n.held or excluded.held,
         kept = excluded.kept,
         report_count = excluded.report_count,
         last_reason = excluded.last_reason,
         note = coalesce(excluded.note, n.note),
         last_at = excluded.last_at;
end
$$;
comment on function public.report_signature(bigint, text, text) is
  'A visitor''s report of a visible signature: PT404 missing or hidden, 22023 bad reason or note, PT409 already reported from this address, PT429 over 20 an hour.';

-- 1. Unhiding keeps the owner's decision, and clears the reports the owner has seen (the trigger of
-- 20261125000000 calls this function).
create or replace function signwall.clear_reports_on_unhide() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from signwall.reports r where r.signature_id = new.id;
  insert into signwall.kept_signatures (signature_id) values (new.id)
  on conflict (signature_id) do update set kept_at = excluded.kept_at;
  return null;
end
$$;

-- Dismissing is the same decision for a signature left up.
create or replace function public.dismiss_reports(signature_id bigint) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  dismissed integer;
begin
  delete from signwall.reports r where r.signature_id = dismiss_reports.signature_id;
  get diagnostics dismissed = row_count;
  insert into signwall.kept_signatures (signature_id)
  select s.id from public.signatures s where s.id = dismiss_reports.signature_id
  on conflict on constraint kept_signatures_pkey do update set kept_at = excluded.kept_at;
  return dismissed;
end
$$;

-- 3. Where community hiding stands. `waiting`: reported signatures still up that reached the
-- threshold and are not kept (paused, or reported while the threshold was higher); `kept`: reported
-- signatures the owner kept.
create or replace function signwall.community_hiding_state(
  out reports_to_hide integer, out hides_per_hour integer, out hidden_last_hour integer,
  out paused boolean, out resumes_at timestamptz, out waiting bigint[], out kept bigint[])
language plpgsql stable security definer set search_path = '' as $$
declare
  at timestamptz := pg_catalog.clock_timestamp();
begin
  select r.reports_to_hide, r.hides_per_hour into reports_to_hide, hides_per_hour
    from signwall.report_settings r;
  select pg_catalog.count(*)::integer into hidden_last_hour from signwall.community_hides h
   where h.hidden_at > at - interval '1 hour';
  paused := coalesce(reports_to_hide, 0) > 0 and hidden_last_hour >= coalesce(hides_per_hour, 0);
  -- The window frees a slot when the hide that makes it full is an hour old.
  if paused and hides_per_hour > 0 then
    select h.hidden_at + interval '1 hour' into resumes_at from signwall.community_hides h
     where h.hidden_at > at - interval '1 hour'
     order by h.hidden_at
     offset hidden_last_hour - hides_per_hour limit 1;
  end if;
  select coalesce(pg_catalog.array_agg(c.signature_id order by c.signature_id)
                    filter (where c.networks >= reports_to_hide and reports_to_hide > 0
                                  and not c.is_kept and not c.hidden), '{}'),
         coalesce(pg_catalog.array_agg(c.signature_id order by c.signature_id)
                    filter (where c.is_kept), '{}')
    into waiting, kept
    from (select r.signature_id,
                 pg_catalog.count(distinct coalesce(r.network_hash, r.client_hash)) as networks,
                 exists (select 1 from signwall.kept_signatures k
                          where k.signature_id = r.signature_id) as is_kept,
                 coalesce((select s.hidden from public.signatures s where s.id = r.signature_id),
                          true) as hidden
            from signwall.reports r
           group by r.signature_id) c;
end
$$;

create or replace function public.community_hiding_status()
returns table (reports_to_hide integer, hides_per_hour integer, hidden_last_hour integer,
               paused boolean, resumes_at timestamptz, waiting bigint[], kept bigint[])
language sql stable security definer set search_path = '' as $$
  select * from signwall.community_hiding_state()
$$;
comment on function public.community_hiding_status() is
  'The owner''s view of community hiding: the settings, hides by reports in the last hour, whether it is paused and until when, reported signatures waiting for the owner and kept by the owner.';

-- 4. The notifier's side of the queue (our server calls these as the database owner).

-- Puts a digest's rows back among the open ones (adding them up with what arrived meanwhile, the
-- open row being the newer) and deletes the digest.
create or replace function signwall.reopen_report_digest(digest bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into signwall.report_notices as n
         (signature_id, reports, offensive, spam, personal_information, other, hidden, held, kept,
          report_count, last_reason, note, first_at, last_at)
  select c.signature_id, c.reports, c.offensive, c.spam, c.personal_information, c.other,
         c.hidden, c.held, c.kept, c.report_count, c.last_reason, c.note, c.first_at, c.last_at
    from signwall.report_notices c where c.digest_id = digest
  on conflict (signature_id) where digest_id is null do update
     set reports = n.reports + excluded.reports,
         offensive = n.offensive + excluded.offensive,
         spam = n.spam + excluded.spam,
         personal_information = n.personal_information + excluded.personal_information,
         other = n.other + excluded.other,
         hidden = n.hidden or excluded.hidden,
         held = n.held or excluded.held,
         note = coalesce(n.note, excluded.note),
         first_at = least(n.first_at, excluded.first_at),
         last_at = greatest(n.last_at, excluded.last_at);
  delete from signwall.report_digests d where d.id = digest;
end
$$;

-- Claims every open row into a new digest when one may be sent now. Answers the digest, or when to
-- ask again (null, null: nothing to send, or another process is sending one).
create or replace function signwall.claim_report_digest(
  lease_ms integer, gather_ms integer, min_gap_ms integer,
  out digest_id bigint, out wait_until timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
declare
  at timestamptz;
  expired bigint;
  oldest timestamptz;
  state signwall.report_notifier;
begin
  perform pg_catalog.pg_advisory_xact_lock(7422121, 0);
  at := pg_catalog.clock_timestamp();
  for expired in select d.id from signwall.report_digests d where d.claimed_until <= at loop
    perform signwall.reopen_report_digest(expired);
  end loop;
  if exists (select 1 from signwall.report_digests d) then
    return;
  end if;
  select pg_catalog.min(n.first_at) into oldest from signwall.report_notices n
   where n.digest_id is null;
  if oldest is null then
    return;
  end if;
  select * into state from signwall.report_notifier;
  wait_until := greatest(oldest + gather_ms * interval '1 millisecond',
                         state.last_sent_at + min_gap_ms * interval '1 millisecond',
                         state.retry_at);
  if wait_until > at then
    return;
  end if;
  wait_until := null;
  insert into signwall.report_digests (claimed_until)
  values (at + lease_ms * interval '1 millisecond')
  returning id into digest_id;
  update signwall.report_notices n set digest_id = claim_report_digest.digest_id
   where n.id in (select o.id from signwall.report_notices o where o.digest_id is null
                     for update skip locked);
  -- Every open row is being written by a report right now: nothing to send yet.
  if not found then
    delete from signwall.report_digests d where d.id = claim_report_digest.digest_id;
    digest_id := null;
    wait_until := at + gather_ms * interval '1 millisecond';
  end if;
end
$$;

-- The digest was posted: it and its rows go, and the gap to the next one starts now.
create or replace function signwall.finish_report_digest(digest bigint) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  delete from signwall.report_digests d where d.id = digest;
  update signwall.report_notifier
     set last_sent_at = pg_catalog.clock_timestamp(), retry_at = null, failures = 0;
end
$$;

-- The digest was not posted: its rows go back to the queue. After a failure the next try waits
-- 1 s, 2 s, 4 s … at most 5 minutes, or what the receiver asked for (retry_after_ms, at most an
-- hour); a digest given back unsent (the server stopping) waits for nothing.
create or replace function signwall.release_report_digest(digest bigint, failed boolean,
                                                          retry_after_ms integer default null)
returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  next_try timestamptz;
begin
  perform pg_catalog.pg_advisory_xact_lock(7422121, 0);
  perform signwall.reopen_report_digest(digest);
  if failed then
    update signwall.report_notifier n
       set failures = n.failures + 1,
           retry_at = pg_catalog.clock_timestamp() + case
             when retry_after_ms is not null
               then least(greatest(retry_after_ms, 0), 3600000) * interval '1 millisecond'
             else least(pg_catalog.power(2, least(n.failures, 20)) * 1000, 300000)
                    * interval '1 millisecond'
           end
    returning n.retry_at into next_try;
  end if;
  return next_try;
end
$$;

revoke execute on function public.community_hiding_status()
  from public, anon, authenticated, service_role;
grant execute on function public.community_hiding_status() to service_role;
revoke execute on function signwall.client_network(text), signwall.network_hash(),
                           signwall.community_hiding_state(),
                           signwall.reopen_report_digest(bigint),
                           signwall.claim_report_digest(integer, integer, integer),
                           signwall.finish_report_digest(bigint),
                           signwall.release_report_digest(bigint, boolean, integer)
  from public, anon, authenticated, service_role;
