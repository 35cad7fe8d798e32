-- Keeping the wall clean (issue #21): visitors report signatures, an opt-in number of reports from
-- distinct addresses hides one at once, the owner reviews and dismisses reports, and a signer can
-- take their own signature back for 10 minutes with a secret only their browser holds.
--
-- 1. signwall.reports: one row per (signature, client address). The address is never stored, only
--    sha256(salt || address), the salt a per-database random value kept in signwall.report_salt, so
--    a copy of the table does not say who reported (an IPv4 address alone is a 2^32 guess). Nobody
--    but the functions below reads or writes these tables: no grants, and RLS without policies keeps
--    it so even if someone grants them later.
-- 2. public.report_signature(signature_id, reason, note): callable by the API roles through
--    PostgREST's RPC. Errors, as PostgREST answers them: a signature that is missing or hidden → PT404
--    (404: a hidden one is as absent to a visitor as a missing one); a reason not on the list or a
--    note over 200 characters → 22023 (400); the same signature already reported from this address →
--    PT409 'already reported' (409); more than 20 reports from this address in the last hour → PT429.
--    Refused calls write nothing, so they count towards nothing.
-- 3. Community hiding (signwall.report_settings.reports_to_hide, 0 = off; our server writes
--    REPORTS_TO_HIDE there at start): the report that brings a signature to N distinct addresses
--    hides it in the same transaction. Reports of one signature are taken one at a time (the row's
--    lock), so two last reports at once cannot both see N - 1. Unhiding a signature (any way: the
--    owner's PATCH, SQL) deletes its reports, so it is not hidden again by the next single report.
-- 4. public.reported_signatures() and public.dismiss_reports(signature_id): the owner's review, for
--    service_role only (on hosted Supabase new functions in public are executable by every API role
--    by default, so it is revoked by name).
-- 5. Taking one's own back: public.signatures.removal_hash, the sha256 (hex) of a secret the signer's
--    browser made. The API roles may insert it but never read it: their table-wide select grant
--    becomes a grant of every other column, so a read must name its columns (`select=*` by anon is
--    refused by Postgres with 42501, as on hosted Supabase). public.remove_my_signature(signature_id,
--    secret) deletes a visible row whose hash matches, for 10 minutes after it was saved: PT404
--    missing or hidden, PT403 'wrong secret', PT403 'too late'.
-- 6. The flood limit of 20261123000200 (INSERT_LIMIT_PER_MINUTE) counted every POST by a visitor;
--    a call of these functions (POST /rpc/…) is no save and is no longer counted there.
--
-- Works unchanged on PGlite, PostgreSQL 15 and hosted Supabase (sha256 and gen_random_uuid are
-- built in: no pgcrypto); idempotent.

-- 5. The removal hash: 64 lowercase hex characters, or null (signatures saved without one).
alter table public.signatures add column if not exists removal_hash text
  constraint signatures_removal_hash_check check (removal_hash ~ '^[0-9a-f]{64}$');
comment on column public.signatures.removal_hash is
  'sha256 (hex) of the secret the signer''s browser keeps; the API roles may write it, never read it.';

-- The select grant becomes every column but removal_hash. Revoking the table grant also revokes the
-- column grants, so every readable column is named again here; a column added later must be added.
revoke select on table public.signatures from anon, authenticated;
grant select (id, signature, caption, created_at, outline, hidden, min_x, max_x, min_y, max_y)
  on table public.signatures to anon, authenticated;
grant insert (signature, caption, removal_hash) on table public.signatures to anon, authenticated;

-- 1. The salt: one row, made once per database; re-running the migration keeps it.
create table if not exists signwall.report_salt (
  only_row boolean primary key default true check (only_row),
  -- Two version-4 UUIDs: 244 random bits from the server's strong random source.
  salt     text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
comment on table signwall.report_salt is
  'The random salt of reporters'' address hashes; read only by signwall.client_hash().';
insert into signwall.report_salt default values on conflict do nothing;

create table if not exists signwall.reports (
  id           bigint generated always as identity primary key,
  signature_id bigint not null references public.signatures (id) on delete cascade,
  client_hash  text not null,
  reason       text not null
               check (reason in ('offensive', 'spam', 'personal_information', 'other')),
  note         text check (note is null or char_length(note) <= 200),
  created_at   timestamptz not null default now(),
  constraint reports_signature_client_key unique (signature_id, client_hash)
);
comment on table signwall.reports is
  'Visitors'' reports: one per signature and client address (a salted hash of it). Read by the owner through public.reported_signatures().';
-- "Reports from this address in the last hour".
create index if not exists reports_client_hash_created_at_idx
  on signwall.reports (client_hash, created_at);

-- 3. The community hiding threshold: one row; 0 = off.
create table if not exists signwall.report_settings (
  only_row        boolean primary key default true check (only_row),
  reports_to_hide integer not null default 0 check (reports_to_hide >= 0)
);
comment on table signwall.report_settings is
  'reports_to_hide: distinct addresses whose reports hide a signature at once (0: never).';
insert into signwall.report_settings default values on conflict do nothing;

alter table signwall.report_salt enable row level security;
alter table signwall.reports enable row level security;
alter table signwall.report_settings enable row level security;
revoke all on table signwall.report_salt, signwall.reports, signwall.report_settings
  from public, anon, authenticated, service_role;

-- The request's client address (signwall.client_key: cf-connecting-ip on hosted Supabase, else the
-- x-forwarded-for our server sets), salted and hashed.
create or replace function signwall.client_hash() returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
           s.salt || '/' || signwall.client_key(pg_catalog.current_setting('request.headers', true)),
           'UTF8')), 'hex')
    from signwall.report_salt s
$$;

-- 2. Reporting.
create or replace function public.report_signature(signature_id bigint, reason text,
                                                   note text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  who text;
  clean_note text;
  recent integer;
  reported integer;
  threshold integer;
begin
  if reason is null or reason not in ('offensive', 'spam', 'personal_information', 'other') then
    raise exception 'unknown reason: %', coalesce(reason, 'null')
      using errcode = '22023',
            hint = 'reason is one of offensive, spam, personal_information, other.';
  end if;
  -- Cheap bound before normalising (a regular expression over the whole text), then the rule.
  if pg_catalog.char_length(note) > 1000 then
    raise exception 'note is longer than 200 characters' using errcode = '22023';
  end if;
  clean_note := signwall.normalize_caption(note);
  if pg_catalog.char_length(clean_note) > 200 then
    raise exception 'note is longer than 200 characters'
      using errcode = '22023',
            detail = pg_catalog.format('It has %s characters.', pg_catalog.char_length(clean_note));
  end if;

  -- The signature's lock: its reports are counted one at a time (community hiding).
  perform 1 from public.signatures s
   where s.id = report_signature.signature_id and not s.hidden
     for update;
  if not found then
    raise exception 'no signature #%', report_signature.signature_id
      using errcode = 'PT404', hint = 'It does not exist, or it is hidden already.';
  end if;

  who := signwall.client_hash();
  -- One address's reports one at a time, so two at once cannot both take the 20th slot.
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

  insert into signwall.reports (signature_id, client_hash, reason, note)
  values (report_signature.signature_id, who, reason, clean_note);

  select r.reports_to_hide into threshold from signwall.report_settings r;
  if coalesce(threshold, 0) > 0 then
    select pg_catalog.count(*) into reported from signwall.reports r
     where r.signature_id = report_signature.signature_id;
    if reported >= threshold then
      update public.signatures s set hidden = true where s.id = report_signature.signature_id;
    end if;
  end if;
end
$$;
comment on function public.report_signature(bigint, text, text) is
  'A visitor''s report of a visible signature: PT404 missing or hidden, 22023 bad reason or note, PT409 already reported from this address, PT429 over 20 an hour.';

-- 3. Unhiding clears the signature's reports (after the unhide guard let it through).
create or replace function signwall.clear_reports_on_unhide() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from signwall.reports r where r.signature_id = new.id;
  return null;
end
$$;
drop trigger if exists signatures_clear_reports_on_unhide on public.signatures;
create trigger signatures_clear_reports_on_unhide after update of hidden on public.signatures
  for each row when (old.hidden and not new.hidden)
  execute function signwall.clear_reports_on_unhide();

-- 4. The owner's review: one row per reported signature, most reported first, then most recent.
create or replace function public.reported_signatures()
returns table (signature_id bigint, report_count integer, last_reported_at timestamptz,
               reports jsonb)
language sql stable security definer set search_path = '' as $$
  select r.signature_id, pg_catalog.count(*)::integer, pg_catalog.max(r.created_at),
         pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'reason', r.reason, 'note', r.note, 'created_at', r.created_at)
           order by r.created_at desc, r.id desc)
    from signwall.reports r
   group by r.signature_id
   order by pg_catalog.count(*) desc, pg_catalog.max(r.created_at) desc, r.signature_id desc
$$;

create or replace function public.dismiss_reports(signature_id bigint) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  dismissed integer;
begin
  delete from signwall.reports r where r.signature_id = dismiss_reports.signature_id;
  get diagnostics dismissed = row_count;
  return dismissed;
end
$$;

-- 5. Taking one's own back.
create or replace function public.remove_my_signature(signature_id bigint, secret text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored_hash text;
  saved_at timestamptz;
begin
  select s.removal_hash, s.created_at into stored_hash, saved_at from public.signatures s
   where s.id = remove_my_signature.signature_id and not s.hidden
     for update;
  if not found then
    raise exception 'no signature #%', remove_my_signature.signature_id
      using errcode = 'PT404', hint = 'It does not exist, or it is hidden.';
  end if;
  -- The secret first: only its holder learns that the time is up.
  if stored_hash is null or secret is null
     or pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')), 'hex')
        <> stored_hash then
    raise exception 'wrong secret' using errcode = 'PT403',
      hint = 'Only the browser that saved a signature can remove it.';
  end if;
  if saved_at <= pg_catalog.now() - interval '10 minutes' then
    raise exception 'too late' using errcode = 'PT403',
      detail = 'A signature can be removed by its signer for 10 minutes after it was saved.',
      hint = 'Ask the wall''s owner.';
  end if;
  delete from public.signatures s where s.id = remove_my_signature.signature_id;
end
$$;

-- The flood limit counts saves, not function calls: a POST to /rpc/ (a report, taking one's own
-- back) is no save, and reports have their own limit above. As in 20261123000200 otherwise.
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
     or pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
     or pg_catalog.current_setting('request.path', true) like '/rpc/%' then
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

-- Who may call what. Functions are executable by PUBLIC when created, and hosted Supabase also
-- grants new functions in public to every API role: both revoked, then granted by name.
revoke execute on function public.report_signature(bigint, text, text),
                           public.reported_signatures(), public.dismiss_reports(bigint),
                           public.remove_my_signature(bigint, text)
  from public, anon, authenticated, service_role;
grant execute on function public.report_signature(bigint, text, text)
  to anon, authenticated, service_role;
grant execute on function public.remove_my_signature(bigint, text) to anon, authenticated;
grant execute on function public.reported_signatures(), public.dismiss_reports(bigint)
  to service_role;
revoke execute on function signwall.client_hash(), signwall.clear_reports_on_unhide()
  from public, anon, authenticated, service_role;
