-- The database guards the wall (docs/architecture.md §3): shape, size and no-overlap rules for new rows, decided
-- atomically, plus a derived, indexed `outline` for every readable row.
--
-- Works unchanged on PGlite (PG 18), PostgreSQL 15 and hosted Supabase (PG 17), and is idempotent: it
-- may run twice, and on a table that already holds legacy (`[[x,y],…]`) or unparseable rows. Those
-- rows are never validated: parseable ones get an outline and block like any other, unparseable ones
-- get null and block nothing.
--
-- The geometry mirrors src/domain/geometry.ts operation for operation in float8 (IEEE doubles, as in
-- JavaScript), so both sides decide alike even on touching edges; tests/vectors/geometry.json and
-- tests/db/parity.test.ts keep them in step.

create schema if not exists signwall;
comment on schema signwall is 'The wall''s rules: parsing, outlines, hit tests and the insert guard.';
grant usage on schema signwall to anon, authenticated, service_role;

-- The number JSON.parse would read from a JSON value; null for non-numbers and for numbers that
-- JavaScript reads as ±Infinity (e.g. 1e400). Postgres prints a jsonb number without an exponent, and
-- text → float8 rounds exactly like JSON.parse, so short texts (|v| < 1e30, never below 1e-28) take
-- the fast path. Longer ones are checked first: float8 input raises where JavaScript would give
-- ±Infinity or ±0.
create or replace function signwall.js_number(v jsonb) returns double precision
language sql immutable parallel safe as $$
  select case
    when jsonb_typeof(v) is distinct from 'number' then null
    when length(v::text) <= 30 then v::text::double precision
    when abs(v::numeric) between 1e-300 and 1e300 then v::numeric::double precision
    when abs(v::numeric) >= 2::numeric ^ 1024 - 2::numeric ^ 970 then null -- rounds to Infinity
    when abs(v::numeric) * 2::numeric ^ 1075 <= 1 then 0                      -- rounds to ±0
    else v::numeric::double precision
  end
$$;

-- A number as a geometry coordinate: magnitudes no real wall point has are pulled into
-- [1e-200, 1e300]. That keeps every later float8 operation clear of Postgres's overflow and
-- underflow errors (a legacy row may hold anything) without changing any decision on the wall.
create or replace function signwall.coord_of(n double precision) returns double precision
language sql immutable parallel safe as $$
  select case
    when abs(n) < 1e-200 then 0
    when abs(n) > 1e300 then sign(n) * 1e300
    else n
  end
$$;

-- coord_of(js_number(v)), with js_number's fast path (where coord_of changes nothing) inlined.
create or replace function signwall.coord(v jsonb) returns double precision
language sql immutable parallel safe as $$
  select case
    when jsonb_typeof(v) is distinct from 'number' then null
    when length(v::text) <= 30 then v::text::double precision
    else signwall.coord_of(signwall.js_number(v))
  end
$$;

-- JSON text as jsonb, or null when it is not JSON (the exception block is the only portable way:
-- pg_input_is_valid needs PG 16).
create or replace function signwall.parse_json(t text) returns jsonb
language plpgsql immutable parallel safe as $$
begin
  return t::jsonb;
exception when others then
  return null;
end
$$;

-- parseStrokes' isPoint: `[x, y]`, two finite numbers. CASE keeps the checks in order.
create or replace function signwall.is_point(p jsonb) returns boolean
language sql immutable parallel safe as $$
  select case
    when jsonb_typeof(p) is distinct from 'array' then false
    when jsonb_array_length(p) <> 2 then false
    else signwall.js_number(p -> 0) is not null and signwall.js_number(p -> 1) is not null
  end
$$;

-- parseStrokes' isStroke: a non-empty list of points.
create or replace function signwall.is_stroke(s jsonb) returns boolean
language sql immutable parallel safe as $$
  select case
    when jsonb_typeof(s) is distinct from 'array' then false
    when jsonb_array_length(s) = 0 then false
    else not exists (select 1 from jsonb_array_elements(s) p where not signwall.is_point(p))
  end
$$;

-- parseStrokes: the strokes held in a record's text, as a jsonb list of strokes. A legacy flat list
-- of points is read as one stroke; anything else is null.
create or replace function signwall.parse_strokes(t text) returns jsonb
language plpgsql immutable parallel safe as $$
declare
  v jsonb := signwall.parse_json(t);
begin
  if v is null or jsonb_typeof(v) <> 'array' then
    return null;
  end if;
  if jsonb_array_length(v) = 0 then
    return null;
  end if;
  if not exists (select 1 from jsonb_array_elements(v) s where not signwall.is_stroke(s)) then
    return v;
  end if;
  if signwall.is_stroke(v) then
    return jsonb_build_array(v);
  end if;
  return null;
end
$$;

-- Every point of parsed strokes, in order, as geometry coordinates.
create or replace function signwall.points(strokes jsonb)
returns table (stroke integer, point integer, x double precision, y double precision)
language sql immutable parallel safe as $$
  select s.n::integer, p.m::integer, signwall.coord(p.v -> 0), signwall.coord(p.v -> 1)
    from jsonb_array_elements(strokes) with ordinality s(v, n),
         jsonb_array_elements(s.v) with ordinality p(v, m)
$$;

-- A rect {x, y, width, height} as a box. The far corner is computed as geometry.ts reads it
-- (`r.x + r.width`), so comparisons against it round alike. (A box's [0] is the high corner, [1] low.)
create or replace function signwall.rect(x double precision, y double precision,
                                         width double precision, height double precision)
returns box language sql immutable parallel safe as $$
  select box(point(x, y), point(x + width, y + height))
$$;

-- outlineOf's rect around a bounding box: padded by 10 (OUTLINE_PADDING) on every side, the far
-- corner computed as geometry.ts does (x + width, width = maxX - minX + 20).
create or replace function signwall.outline_around(min_x double precision, min_y double precision,
                                                   max_x double precision, max_y double precision)
returns box language sql immutable parallel safe as $$
  select signwall.rect(min_x - 10, min_y - 10, max_x - min_x + 2 * 10, max_y - min_y + 2 * 10)
$$;

-- outlineOf: the outline of every point; null without points.
create or replace function signwall.outline(strokes jsonb) returns box
language sql immutable parallel safe as $$
  -- OFFSET 0 keeps the points a subquery, so each coordinate is computed once, not once per min/max.
  select signwall.outline_around(min(x), min(y), max(x), max(y))
    from (select * from signwall.points(strokes) offset 0) p
$$;

-- A record's outline straight from its text (null when unparseable): the backfill and the vectors.
create or replace function signwall.outline_of_text(t text) returns box
language sql immutable parallel safe as $$
  select signwall.outline(signwall.parse_strokes(t))
$$;

-- pointInRect, inclusive edges.
create or replace function signwall.point_in_rect(px double precision, py double precision, r box)
returns boolean language sql immutable parallel safe as $$
  select px >= (r[1])[0] and px <= (r[0])[0] and py >= (r[1])[1] and py <= (r[0])[1]
$$;

-- segmentMeetsRect (Liang–Barsky, inclusive edges) in closed form: the entering parameter is the
-- largest of 0 and every q/p with p < 0, the leaving one the smallest of 1 and every q/p with p > 0;
-- an edge parallel to the segment (p = 0) with q < 0 rejects. geometry.ts's early returns give the
-- same answer, and each q/p is the same float8 operation, so touching cases round alike. q is clamped
-- to ±1e7: only its sign and whether |q/p| exceeds 1 matter (|p| ≤ 3200 on the wall), and the clamp
-- keeps q/p from overflowing against a legacy outline with enormous edges.
create or replace function signwall.segment_meets_rect(
  ax double precision, ay double precision, bx double precision, by_ double precision, r box)
returns boolean language sql immutable parallel safe as $$
  select case
    when dx = 0 and (q1 < 0 or q2 < 0) then false
    when dy = 0 and (q3 < 0 or q4 < 0) then false
    else greatest(0,
                  case when -dx < 0 then q1 / -dx end, case when dx < 0 then q2 / dx end,
                  case when -dy < 0 then q3 / -dy end, case when dy < 0 then q4 / dy end)
      <= least(1,
               case when -dx > 0 then q1 / -dx end, case when dx > 0 then q2 / dx end,
               case when -dy > 0 then q3 / -dy end, case when dy > 0 then q4 / dy end)
  end
  from (select bx - ax as dx, by_ - ay as dy,
               greatest(-1e7, least(1e7, ax - (r[1])[0])) as q1,
               greatest(-1e7, least(1e7, (r[0])[0] - ax)) as q2,
               greatest(-1e7, least(1e7, ay - (r[1])[1])) as q3,
               greatest(-1e7, least(1e7, (r[0])[1] - ay)) as q4) s
$$;

-- normalizeCaption: String.prototype.trim strips exactly these characters (ECMA-262 WhiteSpace and
-- LineTerminator); Postgres's btrim without a set strips only spaces.
create or replace function signwall.trim_caption(c text) returns text
language sql immutable parallel safe as $$
  select nullif(btrim(c, E' \t\n\r\x0b\x0c'
                        || U&'\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A'
                        || U&'\2028\2029\202F\205F\3000\FEFF'), '')
$$;

grant execute on all functions in schema signwall to anon, authenticated, service_role;

-- The derived outline: null for unparseable rows, which therefore block nothing and stay readable.
alter table public.signatures add column if not exists outline box;
comment on column public.signatures.outline is
  'Derived: bounding box of the strokes padded by 10 (set by trigger; null when unparseable).';
create index if not exists signatures_outline_idx on public.signatures using gist (outline);

update public.signatures
   set outline = signwall.outline_of_text(signature)
 where outline is null;


-- The insert guard. SECURITY DEFINER so the overlap check sees every row whatever RLS shows the
-- caller; search_path is empty, so everything below is schema-qualified or in pg_catalog.
-- Shape and size problems are check violations (23514 → HTTP 400); an overlap is PT409 (→ HTTP 409,
-- PostgREST's PTnnn convention). Never P0001/P0xxx: PostgREST maps those to 400/500.
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
  bbox box;
  hit record;
begin
  if new.signature is null then
    return new; -- the NOT NULL constraint answers (23502)
  end if;

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

  new.caption := signwall.trim_caption(new.caption);
  if char_length(new.caption) > 200 then
    raise exception 'caption is longer than 200 characters'
      using errcode = '23514', detail = format('It has %s characters.', char_length(new.caption)),
            hint = 'Shorten the caption to at most 200 characters (it is trimmed first).';
  end if;

  -- From here on, points are geometry coordinates (what signwall.points gives for this text).
  select array_agg(signwall.coord_of(u.x)), array_agg(signwall.coord_of(u.y))
    into xs, ys
    from unnest(xs, ys) u(x, y);
  -- The outline is derived here, whatever the client sent (it cannot send one: column grants).
  select signwall.outline_around(min(x), min(y), max(x), max(y)),
         box(point(min(x), min(y)), point(max(x), max(y)))
    into new.outline, bbox
    from unnest(xs, ys) u(x, y);

  -- One writer at a time decides the wall. Under READ COMMITTED each statement below takes a fresh
  -- snapshot, so whoever waited here sees the row of the writer before it, which committed before
  -- releasing the lock. A transaction-wide snapshot (REPEATABLE READ) would not, so refuse it.
  perform pg_catalog.pg_advisory_xact_lock(7422119101);
  if pg_catalog.current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'signatures can only be added under READ COMMITTED isolation'
      using errcode = '0A000',
            hint = 'The overlap check needs to see rows committed while it waited for its lock.';
  end if;

  -- Candidates come from the GiST index (&& on boxes is inclusive, with a small tolerance, so it
  -- never misses one); then each segment whose bounding box comes near the outline gets the exact
  -- test. Every point ends or starts a segment (strokes have 2+ points), so this covers points too.
  with segs as materialized (
    select u.n, u.m, u.x as ax, u.y as ay,
           lead(u.x) over w as bx, lead(u.y) over w as by_
      from unnest(sn, pm, xs, ys) u(n, m, x, y)
    window w as (partition by u.n order by u.m)
  )
  select c.id, c.outline, g.n, g.m into hit
    from public.signatures c
   cross join lateral (
     select g.n, g.m from segs g
      where g.bx is not null
        and greatest(g.ax, g.bx) >= (c.outline[1])[0] - 1e-6
        and least(g.ax, g.bx) <= (c.outline[0])[0] + 1e-6
        and greatest(g.ay, g.by_) >= (c.outline[1])[1] - 1e-6
        and least(g.ay, g.by_) <= (c.outline[0])[1] + 1e-6
        and signwall.segment_meets_rect(g.ax, g.ay, g.bx, g.by_, c.outline)
      order by g.n, g.m
      limit 1
   ) g
   where c.outline && bbox
   order by c.id
   limit 1;
  if hit.id is not null then
    raise exception 'signature overlaps signature #%', hit.id
      using errcode = 'PT409',
            detail = format('Stroke %s between points %s and %s meets its outline %s.',
                            hit.n, hit.m, hit.m + 1, hit.outline),
            hint = 'Sign somewhere free: no point or line of a new signature may touch an existing signature''s outline (its bounding box padded by 10).';
  end if;
  return new;
end
$$;

-- Keeps the derived outline true if someone with the rights (never anon) edits a signature.
create or replace function signwall.refresh_outline() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.outline := signwall.outline_of_text(new.signature);
  return new;
end
$$;

drop trigger if exists signatures_guard on public.signatures;
create trigger signatures_guard before insert on public.signatures
  for each row execute function signwall.guard_signature();

drop trigger if exists signatures_refresh_outline on public.signatures;
create trigger signatures_refresh_outline before update of signature on public.signatures
  for each row execute function signwall.refresh_outline();

-- Trigger functions are not for calling directly.
revoke execute on function signwall.guard_signature() from public, anon, authenticated;
revoke execute on function signwall.refresh_outline() from public, anon, authenticated;
