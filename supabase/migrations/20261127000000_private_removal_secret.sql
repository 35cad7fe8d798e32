-- The spec's read works again for anon: `select=*` ("all columns", spec §7), `insert(…).select()`
-- and `Prefer: return=representation` without `select`, on our server and on hosted Supabase.
--
-- Since 20261125000000 the sha256 of a signer's removal secret sat in public.signatures.removal_hash,
-- a column anon could write but not read, so every read of all columns by anon was refused (42501).
-- Now nothing secret lives in the table anon reads:
--
-- 1. signwall.removal_hashes(signature_id, hash): the hashes, in a table no API role may touch (no
--    grants, RLS without policies), keyed by the signature and deleted with it.
-- 2. public.signatures.removal_hash stays as the insert's way in (the app and older clients send
--    it with the row), but it is never stored: a BEFORE INSERT trigger checks its form, moves it
--    into signwall.removal_hashes in the insert's own transaction and leaves null in the row; a
--    check constraint makes sure no row ever holds one, whatever triggers run. So every column of
--    the table reads as it may be read, and what an insert answers, what `select=*` answers and
--    what Realtime sends (it reads the row as anon, or, on hosted Supabase, from the committed
--    row) never carry a hash.
-- 3. anon and authenticated get the table-wide select grant back (row-level security still hides
--    hidden rows); inserts may still write signature, caption and removal_hash only.
-- 4. public.remove_my_signature(signature_id, secret) reads the hash from its new place.
--
-- Hashes already stored move over. Works unchanged on PGlite, PostgreSQL 15 and hosted Supabase;
-- idempotent.

-- 1. The private table. The reference is checked at commit (deferred): the trigger below writes the
-- hash before its own row exists.
create table if not exists signwall.removal_hashes (
  signature_id bigint primary key
    references public.signatures (id) on delete cascade deferrable initially deferred,
  hash         text not null check (hash ~ '^[0-9a-f]{64}$')
);
comment on table signwall.removal_hashes is
  'sha256 (hex) of the secret the signer''s browser keeps, per signature; read only by public.remove_my_signature().';
alter table signwall.removal_hashes enable row level security;
revoke all on table signwall.removal_hashes from public, anon, authenticated, service_role;

insert into signwall.removal_hashes (signature_id, hash)
select s.id, s.removal_hash from public.signatures s where s.removal_hash is not null
on conflict (signature_id) do nothing;
update public.signatures set removal_hash = null where removal_hash is not null;

-- 2. The way in.
create or replace function signwall.stash_removal_hash() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.removal_hash is not null then
    if new.removal_hash !~ '^[0-9a-f]{64}$' then
      raise exception 'removal_hash is not a sha256 in hex'
        using errcode = '23514',
              hint = 'Send the hash of your removal secret as 64 lowercase hexadecimal characters.';
    end if;
    insert into signwall.removal_hashes (signature_id, hash) values (new.id, new.removal_hash);
    new.removal_hash := null;
  end if;
  return new;
end
$$;
revoke execute on function signwall.stash_removal_hash() from public, anon, authenticated;

-- After the guard (triggers of one event fire in name order): only a row the guard accepted keeps
-- a hash, and a refused one rolls it back with everything else.
drop trigger if exists signatures_stash_removal_hash on public.signatures;
create trigger signatures_stash_removal_hash before insert on public.signatures
  for each row execute function signwall.stash_removal_hash();

alter table public.signatures drop constraint if exists signatures_removal_hash_check;
alter table public.signatures drop constraint if exists signatures_removal_hash_never_stored;
alter table public.signatures add constraint signatures_removal_hash_never_stored
  check (removal_hash is null);
comment on column public.signatures.removal_hash is
  'Write-only: an insert may carry the sha256 of a removal secret; it is moved to signwall.removal_hashes and always reads null.';

-- 3. Every column is readable again (hidden rows stay hidden by row-level security).
grant select on table public.signatures to anon, authenticated;

-- 4. Taking one's own back, as in 20261125000000, with the hash read from its table.
create or replace function public.remove_my_signature(signature_id bigint, secret text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  stored_hash text;
  saved_at timestamptz;
begin
  select h.hash, s.created_at into stored_hash, saved_at
    from public.signatures s
    left join signwall.removal_hashes h on h.signature_id = s.id
   where s.id = remove_my_signature.signature_id and not s.hidden
     for update of s;
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
