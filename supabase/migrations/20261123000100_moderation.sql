-- Moderation (issue #11): the owner may hide, unhide and delete signatures with the service key;
-- visitors never see hidden ones. And a table version that every change moves, for read caches.
--
-- 1. `hidden boolean not null default false`. anon and authenticated read only rows that are not
--    hidden (the select policy) and still cannot set `hidden` (their insert grant names only
--    signature and caption), update or delete anything.
-- 2. service_role (BYPASSRLS on hosted Supabase and in the server's bootstrap) reads every row,
--    inserts rows (hidden ones too), updates `hidden` and deletes rows: exactly that, nothing else.
--    New Supabase projects no longer grant public tables to the API roles, so it is said here.
-- 3. A hidden signature does not block its spot: the insert guard's overlap check looks only at rows
--    that are not hidden, through a partial GiST index of their outlines. A row inserted hidden is
--    not checked for overlap (it shows nowhere); it is checked when it is unhidden.
-- 4. Unhiding is refused (PT409 → HTTP 409, naming the signature now there) when the signature could
--    not be drawn there now: when one of its segments meets the outline of a visible signature (the
--    insert rule, under the insert guard's lock). So visible signatures never overlap, whatever
--    order rows were hidden, drawn and unhidden in. To bring it back anyway, hide or delete the one
--    now in its spot first.
-- 5. signwall.table_versions: one counter per table, moved by a statement trigger on every insert,
--    update, delete and truncate, in the writing transaction. A reader that reads the counter and
--    then the rows in one transaction can tag what it read; the same counter means the same rows.
--
-- Works unchanged on PGlite (PG 18), PostgreSQL 15 and hosted Supabase (PG 17); idempotent.

alter table public.signatures add column if not exists hidden boolean not null default false;
comment on column public.signatures.hidden is
  'Hidden by the owner: never read by visitors, blocks no spot; only service_role sets it.';

-- Visitors read what is not hidden. (service_role bypasses row-level security.)
drop policy if exists "signatures are readable" on public.signatures;
create policy "signatures are readable" on public.signatures
  for select to anon, authenticated using (not hidden);

-- The API roles' grants from 20261122000000 stay: select on the table, insert of (signature,
-- caption). Revoking first keeps a broader grant (e.g. Supabase's old default "all") from surviving.
revoke all on table public.signatures from service_role;
grant select, delete on table public.signatures to service_role;
grant insert (signature, caption, hidden) on table public.signatures to service_role;
grant update (hidden) on table public.signatures to service_role;

-- Only visible outlines block: the overlap probes (insert guard, unhide guard) filter on
-- `not hidden`, which this partial index answers; the full index of 20261122000100 is no longer used.
create index if not exists signatures_visible_outline_idx on public.signatures
  using gist (outline) where not hidden;
drop index if exists public.signatures_outline_idx;

-- The first visible outline met by the segments of a signature, given as the guard holds its
-- points: stroke and point numbers and coordinates, in reading order. One GiST probe per segment,
-- in reading order, stopping at the first segment that meets an outline (see 20261123000000); of
-- the outlines that segment meets, the oldest is named. No row when nothing is met.
-- A plain STABLE SQL function without SET, so Postgres inlines it into the calling statement.
create or replace function signwall.first_overlap(sn integer[], pm integer[],
                                                  xs double precision[], ys double precision[])
returns table (id bigint, outline box, stroke integer, point integer)
language sql stable parallel safe as $$
  select h.id, h.outline, g.n, g.m
    from (select u.n, u.m, u.x as ax, u.y as ay,
                 lead(u.x) over w as bx, lead(u.y) over w as by_
            from unnest(sn, pm, xs, ys) u(n, m, x, y)
          window w as (partition by u.n order by u.m)
           order by u.n, u.m) g
   cross join lateral (
     select c.id, c.outline from public.signatures c
      where c.outline && box(point(g.ax, g.ay), point(g.bx, g.by_))
        and not c.hidden
        and signwall.segment_meets_rect(g.ax, g.ay, g.bx, g.by_, c.outline)
      order by c.id
      limit 1
   ) h
   where g.bx is not null
   order by g.n, g.m
   limit 1
$$;

-- One writer at a time decides the wall (insert guard and unhide guard alike). Under READ
-- COMMITTED each later statement takes a fresh snapshot, so whoever waited here sees the row of the
-- writer before it, which committed before releasing the lock. A transaction-wide snapshot
-- (REPEATABLE READ) would not, so it is refused.
create or replace function signwall.lock_wall() returns void
language plpgsql volatile set search_path = '' as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(7422119101);
  if pg_catalog.current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'signatures can only be added or unhidden under READ COMMITTED isolation'
      using errcode = '0A000',
            hint = 'The overlap check needs to see rows committed while it waited for its lock.';
  end if;
end
$$;

-- The insert guard, as in 20261123000000, except its overlap check: only visible rows block, and
-- a row inserted hidden is not checked (its unhiding is). SECURITY DEFINER so the check sees every
-- visible row whatever RLS shows the caller; search_path is empty, so everything below is
-- schema-qualified or in pg_catalog. Shape and size problems are check violations (23514 → HTTP
-- 400); an overlap is PT409 (→ HTTP 409).
create or replace function signwall.guard_signature() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  strokes jsonb;
  problem text;
  -- Every point once, in reading order: its stroke, its place in the stroke, its coordinates.
  sn integer[];
  pm integer[];
  xs double precision[];
  ys double precision[];
  total integer;
  span_x double precision;
  span_y double precision;
  hit record;
begin
  if new.signature is null then
    return new; -- the NOT NULL constraint answers (23502)
  end if;

  -- Size, characters, count, depth and number tokens, before anything parses.
  perform signwall.check_signature_text(new.signature);

  strokes := signwall.parse_json(new.signature);
  if strokes is null or jsonb_typeof(strokes) <> 'array' then
    raise exception 'signature is not a JSON list of strokes'
      using errcode = '23514',
            detail = case when strokes is null then 'The text is not valid JSON.'
                          else format('It is a JSON %s.', jsonb_typeof(strokes)) end,
            hint = 'Send signature as JSON text like [[[x,y],[x,y]],…]: a list of strokes, each a list of [x, y] points.';
  end if;
  if jsonb_array_length(strokes) = 0 then
    raise exception 'signature has no strokes' using errcode = '23514',
      hint = 'A signature needs at least one stroke of at least 2 points.';
  end if;
  -- Old clients saved one flat list of points. Such rows stay readable, but no new ones are made.
  if signwall.is_stroke(strokes) then
    raise exception 'signature is a flat list of points (the legacy format), not a list of strokes'
      using errcode = '23514', hint = 'Wrap the points in a list: [[[x,y],[x,y],…]].';
  end if;
  if jsonb_array_length(strokes) > 64 then
    raise exception 'too many strokes (% > 64)', jsonb_array_length(strokes)
      using errcode = '23514', hint = 'A signature holds at most 64 strokes.';
  end if;
  select format('stroke %s is not a list of points', s.n) into problem
    from jsonb_array_elements(strokes) with ordinality s(v, n)
   where jsonb_typeof(s.v) <> 'array'
   order by s.n limit 1;
  if problem is not null then
    raise exception '%', problem using errcode = '23514',
      hint = 'Each stroke is a list of at least 2 points [x, y].';
  end if;

  -- One pass over the points; a point that is not [x, y] with two finite numbers gets a null.
  -- The four aggregates see the rows in the same order, so the arrays stay aligned; reading order
  -- comes from (n, m) wherever it matters.
  select array_agg(s.n), array_agg(p.m),
         array_agg(case when jsonb_typeof(p.v) <> 'array' then null
                        when jsonb_array_length(p.v) <> 2 then null
                        else signwall.js_number(p.v -> 0) end),
         array_agg(case when jsonb_typeof(p.v) <> 'array' then null
                        when jsonb_array_length(p.v) <> 2 then null
                        else signwall.js_number(p.v -> 1) end)
    into sn, pm, xs, ys
    from jsonb_array_elements(strokes) with ordinality s(v, n),
         jsonb_array_elements(s.v) with ordinality p(v, m);
  total := coalesce(cardinality(xs), 0);

  -- The first problem in reading order (geometry.ts's order), naming the stroke and the point.
  select t.msg into problem from (
    select s.n, 0 as m, format('stroke %s has fewer than 2 points', s.n) as msg
      from jsonb_array_elements(strokes) with ordinality s(v, n)
     where jsonb_array_length(s.v) < 2
    union all
    select u.n, u.m, case
        when u.x is null or u.y is null then
          format('point %s of stroke %s is not [x, y] with two finite numbers', u.m, u.n)
        else format('point %s of stroke %s is outside the wall (0..3200)', u.m, u.n)
      end
      from unnest(sn, pm, xs, ys) u(n, m, x, y)
     where u.x is null or u.y is null or u.x < 0 or u.x > 3200 or u.y < 0 or u.y > 3200
  ) t
  order by t.n, t.m
  limit 1;
  if problem is not null then
    raise exception '%', problem using errcode = '23514',
      hint = 'Each stroke is a list of at least 2 points [x, y], with 0 <= x, y <= 3200.';
  end if;
  if total > 10000 then
    raise exception 'too many points (% > 10000)', total
      using errcode = '23514', hint = 'A signature holds at most 10000 points in all.';
  end if;

  -- The size rule (extentFits in src/domain/signature-size.ts): the points' bounding box, before
  -- padding, at most 800 × 600, edges inclusive. Every point is on the wall here, so these are the
  -- geometry coordinates and the float8 subtraction is JavaScript's.
  select max(u.x) - min(u.x), max(u.y) - min(u.y) into span_x, span_y
    from unnest(xs, ys) u(x, y);
  if span_x > 800 or span_y > 600 then
    raise exception 'signature is larger than 800 × 600 (its points span % × %)',
                    pg_catalog.trim_scale(round(span_x::numeric, 2)),
                    pg_catalog.trim_scale(round(span_y::numeric, 2))
      using errcode = '23514',
            hint = 'Keep every point of a signature within a box 800 wide and 600 high.';
  end if;

  new.caption := signwall.normalize_caption(new.caption);
  if char_length(new.caption) > 200 then
    raise exception 'caption is longer than 200 characters'
      using errcode = '23514', detail = format('It has %s characters.', char_length(new.caption)),
            hint = 'Shorten the caption to at most 200 characters (it is normalised and trimmed first).';
  end if;

  -- The outline is derived here, whatever the client sent (it cannot send one: column grants).
  -- Points are within [0, 3200], where coord_of changes nothing.
  select signwall.outline_around(min(x), min(y), max(x), max(y))
    into new.outline
    from unnest(xs, ys) u(x, y);

  -- A hidden row shows nowhere and blocks nothing; its unhiding is checked (guard_unhide).
  if new.hidden then
    return new;
  end if;

  perform signwall.lock_wall();
  select o.id, o.outline, o.stroke, o.point into hit
    from signwall.first_overlap(sn, pm, xs, ys) o;
  if hit.id is not null then
    raise exception 'signature overlaps signature #%', hit.id
      using errcode = 'PT409',
            detail = format('Stroke %s between points %s and %s meets its outline %s.',
                            hit.stroke, hit.point, hit.point + 1, hit.outline),
            hint = 'Sign somewhere free: no point or line of a new signature may touch an existing signature''s outline (its bounding box padded by 10).';
  end if;
  return new;
end
$$;

-- Unhiding: allowed exactly when the signature could be drawn in its spot now (the insert rule
-- above, against the rows visible now, under the same lock). The row's own old version is still
-- hidden while this runs, so it never blocks itself. Rows unhidden earlier in the same statement
-- are visible here, so two hidden signatures that overlap cannot both come back in one request.
-- Text that is not strokes (a legacy unparseable row) has no segments and blocks nothing, as on
-- insert.
create or replace function signwall.guard_unhide() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  hit record;
begin
  perform signwall.lock_wall();
  select o.id, o.outline, o.stroke, o.point into hit
    from (select array_agg(p.stroke) as sn, array_agg(p.point) as pm,
                 array_agg(p.x) as xs, array_agg(p.y) as ys
            from signwall.points(signwall.parse_strokes(new.signature)) p) a
   cross join lateral signwall.first_overlap(a.sn, a.pm, a.xs, a.ys) o;
  if hit.id is not null then
    raise exception 'signature #% cannot be unhidden: signature #% is now in its spot', new.id, hit.id
      using errcode = 'PT409',
            detail = format('Stroke %s between points %s and %s of signature #%s meets the outline %s of signature #%s.',
                            hit.stroke, hit.point, hit.point + 1, new.id, hit.outline, hit.id),
            hint = format('Visible signatures never overlap: hide or delete signature #%s first, or leave #%s hidden.',
                          hit.id, new.id);
  end if;
  return new;
end
$$;

drop trigger if exists signatures_guard_unhide on public.signatures;
create trigger signatures_guard_unhide before update of hidden on public.signatures
  for each row when (old.hidden and not new.hidden)
  execute function signwall.guard_unhide();


-- Table versions: what a read cache compares (server/db/table-version.ts). Moved in the writing
-- transaction, so a reader's snapshot holds the counter and the rows of the same moment, on every
-- server process sharing the database. Readable by the API roles (it says only how often the table
-- changed); written only by the trigger.
create table if not exists signwall.table_versions (
  table_name text primary key,
  version bigint not null default 0
);
comment on table signwall.table_versions is
  'One counter per table of schema public, moved by every statement that changes the table.';
revoke all on table signwall.table_versions from public, anon, authenticated, service_role;
grant select on table signwall.table_versions to anon, authenticated, service_role;
insert into signwall.table_versions (table_name) values ('signatures') on conflict do nothing;

-- A statement trigger: one bump per request however many rows it touches. Every writer takes this
-- row's lock until it commits; inserts and unhides already queue on the wall lock taken before it,
-- always in that order.
create or replace function signwall.bump_table_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into signwall.table_versions as v (table_name, version) values (tg_table_name, 1)
  on conflict (table_name) do update set version = v.version + 1;
  return null;
end
$$;

drop trigger if exists signatures_bump_version on public.signatures;
create trigger signatures_bump_version after insert or update or delete or truncate
  on public.signatures for each statement execute function signwall.bump_table_version();

-- Trigger functions and the lock are not for calling directly.
revoke execute on function signwall.guard_signature() from public, anon, authenticated;
revoke execute on function signwall.guard_unhide() from public, anon, authenticated, service_role;
revoke execute on function signwall.bump_table_version() from public, anon, authenticated, service_role;
revoke execute on function signwall.lock_wall() from public, anon, authenticated, service_role;
