-- Limits for new signatures (issue #10: no single request may take the wall down or take it over).
--
-- 1. Cheap checks on the signature text before anything parses it recursively or formats numbers:
--    its size, its characters, its count of `[`, its bracket depth and its number tokens, each in
--    linear time. Only then `::jsonb`.
-- 2. The size rule: the points' bounding box (before padding) is at most 800 wide and 600 high.
-- 3. One row per transaction for anon and authenticated (one POST = one signature).
-- 4. The overlap check probes the outline index once per segment of the new signature, so it
--    costs what the signature's own segments need, not what the wall holds.
-- 5. Captions are normalised: bidi controls stripped, NFC, runs of combining marks capped, trimmed,
--    and nothing-but-invisible becomes null; then the 200-character limit applies.
--
-- Works unchanged on PGlite (PG 18), PostgreSQL 15 and hosted Supabase (PG 17); idempotent (every
-- statement is `create or replace` or drop-then-create); validates no existing row.
-- src/domain/signature.ts mirrors the limits (tests/api/fuzz.test.ts and the vectors keep them in
-- step).

-- The text limits, derived from the shape rules (at most 64 strokes and 10000 points, each
-- coordinate a number of at most 24 characters):
--   a point `[x,y]` and its comma: 1 + 24 + 1 + 24 + 1 + 1 = 52 bytes; a stroke's `[`, `]` and
--   comma: 3; the outer `[]`: 2. 10000 × 52 + 64 × 3 + 2 = 520194 bytes.
--   `[`: one per point, one per stroke, one around: 10000 + 64 + 1 = 10065.
-- Hosted PostgREST has no body limit, so the byte cap is the only size guard there.
create or replace function signwall.max_signature_bytes() returns integer
language sql immutable parallel safe as $$ select 520194 $$;

create or replace function signwall.max_open_brackets() returns integer
language sql immutable parallel safe as $$ select 10065 $$;

-- True when the text keeps to the characters a list of strokes can hold (digits, the other number
-- characters, brackets, commas, JSON whitespace) and nests its brackets at most 3 deep, balanced.
-- Linear: keep only the brackets, then each round of replace('[]', '') removes exactly one level
-- (it does not rescan what it produced), so three rounds leave '' only for balanced depth <= 3.
-- Every list of strokes (and every legacy flat list) passes; anything that fails is not one, so
-- callers may answer "not strokes" without parsing.
create or replace function signwall.shallow_number_lists(t text) returns boolean
language sql immutable parallel safe as $$
  select t !~ '[^][0-9eE.+, \t\n\r-]'
     and replace(replace(replace(translate(t, E'0123456789eE.+,- \t\n\r', ''),
                                 '[]', ''), '[]', ''), '[]', '') = ''
$$;

-- parseStrokes, unchanged in its answers, but text that cannot be strokes is answered null before
-- `::jsonb` sees it: nothing (the backfill, refresh_outline, outline_of_text) parses deep nesting.
create or replace function signwall.parse_strokes(t text) returns jsonb
language plpgsql immutable parallel safe as $$
declare
  v jsonb;
begin
  if t is null or not signwall.shallow_number_lists(t) then
    return null;
  end if;
  v := signwall.parse_json(t);
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

-- segmentMeetsRect, as in 20261122000100 operation for operation (the same float8 divisions and
-- comparisons, so the vectors and tests/db/parity.test.ts decide alike), rewritten so Postgres can
-- inline it: a SQL function without FROM whose arguments are cheap is expanded into the query that
-- calls it. The old form (a FROM subquery) ran as a function call of its own, about 20 µs on
-- PostgreSQL and 50 µs on PGlite, and the overlap check may test one segment against many outlines.
create or replace function signwall.clip_meets(dx double precision, dy double precision,
                                               q1 double precision, q2 double precision,
                                               q3 double precision, q4 double precision)
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
$$;

create or replace function signwall.segment_meets_rect(
  ax double precision, ay double precision, bx double precision, by_ double precision, r box)
returns boolean language sql immutable parallel safe as $$
  select signwall.clip_meets(bx - ax, by_ - ay,
                             greatest(-1e7, least(1e7, ax - (r[1])[0])),
                             greatest(-1e7, least(1e7, (r[0])[0] - ax)),
                             greatest(-1e7, least(1e7, ay - (r[1])[1])),
                             greatest(-1e7, least(1e7, (r[0])[1] - ay)))
$$;

-- The cheap checks, in order, each a check violation (23514 → HTTP 400) with its own message.
-- Each is one linear pass over the text (a regular expression without backreferences, translate,
-- replace); none parses or formats a number.
create or replace function signwall.check_signature_text(t text) returns void
language plpgsql immutable parallel safe as $$
declare
  bytes integer := octet_length(t);
  bad text;
  brackets text;
  opening integer;
  closing integer;
  shape_hint constant text :=
    'Send signature as JSON text like [[[x,y],[x,y]],…]: a list of strokes, each a list of [x, y] points.';
begin
  -- (a) Size, from 10000 points of 24-character numbers (see max_signature_bytes).
  if bytes > signwall.max_signature_bytes() then
    raise exception 'signature text is too long (% bytes > %)', bytes, signwall.max_signature_bytes()
      using errcode = '23514',
            hint = 'A signature holds at most 64 strokes and 10000 points of numbers of at most 24 characters.';
  end if;
  -- (b) Only what numbers, brackets, commas and JSON whitespace use: no strings, objects, literals.
  bad := substring(t from '[^][0-9eE.+, \t\n\r-]');
  if bad is not null then
    raise exception 'signature is not a JSON list of strokes'
      using errcode = '23514',
            detail = format('Character %s is %s: only numbers, brackets, commas and whitespace may appear.',
                            strpos(t, bad), to_json(bad)),
            hint = shape_hint;
  end if;
  -- (c) Too many lists, counted without parsing.
  brackets := translate(t, E'0123456789eE.+,- \t\n\r', '');
  closing := length(replace(brackets, '[', ''));
  opening := length(brackets) - closing;
  if opening > signwall.max_open_brackets() then
    raise exception 'signature has too many lists (% "[" > %)', opening, signwall.max_open_brackets()
      using errcode = '23514',
            hint = 'A signature holds at most 64 strokes and 10000 points: at most 10065 "[" in all.';
  end if;
  -- (d) Balanced and at most 3 deep (strokes → points → numbers), by removing one level per round.
  if opening <> closing then
    raise exception 'signature brackets do not match (% "[" and % "]")', opening, closing
      using errcode = '23514', hint = shape_hint;
  end if;
  if replace(replace(replace(brackets, '[]', ''), '[]', ''), '[]', '') <> '' then
    raise exception 'signature nests lists more than 3 deep (or closes a list before opening it)'
      using errcode = '23514', hint = shape_hint;
  end if;
  -- (e) Number tokens: a coordinate in [0, 3200] never needs more than 24 characters (17
  -- significant digits, a point and an exponent) nor an exponent of 3 digits.
  bad := substring(t from '[-+.0-9eE]{25}');
  if bad is not null then
    raise exception 'signature has a number longer than 24 characters'
      using errcode = '23514', detail = format('It starts %s….', bad),
            hint = 'Each coordinate is a number from 0 to 3200, written in at most 24 characters.';
  end if;
  bad := substring(t from '[eE][-+]?[0-9]{3}');
  if bad is not null then
    raise exception 'signature has a number with an exponent of more than 2 digits'
      using errcode = '23514', detail = format('It has %s….', bad),
            hint = 'Each coordinate is a number from 0 to 3200; write it without a 3-digit exponent.';
  end if;
end
$$;

-- Caption normalisation (mirrored by normalizeCaption in src/domain/signature.ts; both are tested
-- against tests/vectors/captions.json). In this order:
--   1. strip bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): before NFC, so
--      marks a control kept apart compose and the result is NFC;
--   2. NFC;
--   3. runs of combining marks (U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF, U+FE20–FE2F)
--      keep their first 3;
--   4. trim as String.prototype.trim does (signwall.trim_caption), '' → null;
--   5. a caption of nothing but invisible characters (whitespace, U+200B–U+200D, U+2060–U+2064,
--      U+FEFF, U+00AD, U+034F, U+180E, U+115F, U+1160, U+3164, U+FFA0, U+FE00–U+FE0F) → null.
-- The 200-character limit applies to the result (in the guard).
create or replace function signwall.normalize_caption(c text) returns text
language sql immutable parallel safe as $$
  select case
    when t is null then null
    when t ~ ('^[' || E' \t\n\r\x0b\x0c'
              || U&'\00A0\1680\2000-\200A\2028\2029\202F\205F\3000\FEFF'
              || U&'\200B-\200D\2060-\2064\00AD\034F\180E\115F\1160\3164\FFA0\FE00-\FE0F' || ']*$')
      then null
    else t
  end
  from (select signwall.trim_caption(
                 regexp_replace(
                   normalize(translate(c, U&'\061C\200E\200F\202A\202B\202C\202D\202E\2066\2067\2068\2069', ''), NFC),
                   U&'([\0300-\036F\1AB0-\1AFF\1DC0-\1DFF\20D0-\20FF\FE20-\FE2F]{3})[\0300-\036F\1AB0-\1AFF\1DC0-\1DFF\20D0-\20FF\FE20-\FE2F]+',
                   '\1', 'g')) as t) s
$$;

grant execute on all functions in schema signwall to anon, authenticated, service_role;

-- One row per transaction for the API roles: each POST is one signature (a one-element array, as
-- supabase-js sends, is fine), so one request cannot cover the wall with thousands of dots. A
-- transaction-local counter stops an array at its second row before any work on it. SECURITY
-- INVOKER on purpose: current_user is then the caller's role (anon, authenticated), which the
-- SECURITY DEFINER guard cannot see. The owner and service_role are not limited.
create or replace function signwall.limit_rows_per_transaction() returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  so_far integer;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  so_far := coalesce(nullif(pg_catalog.current_setting('signwall.rows_added', true), ''), '0')::integer;
  if so_far >= 1 then
    raise exception 'only one signature per request'
      using errcode = '23514',
            detail = format('This request adds at least %s rows.', so_far + 1),
            hint = 'Send one signature per request (one object, or an array of one).';
  end if;
  perform pg_catalog.set_config('signwall.rows_added', (so_far + 1)::text, true);
  return new;
end
$$;

-- Triggers of one event fire in name order: "signatures_count_rows" runs before
-- "signatures_guard", so a second row is refused before the guard does any work on it.
drop trigger if exists signatures_count_rows on public.signatures;
create trigger signatures_count_rows before insert on public.signatures
  for each row execute function signwall.limit_rows_per_transaction();

-- The insert guard, as in 20261122000100 with the limits above. SECURITY DEFINER so the overlap
-- check sees every row whatever RLS shows the caller; search_path is empty, so everything below is
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

  -- One writer at a time decides the wall. Under READ COMMITTED each statement below takes a fresh
  -- snapshot, so whoever waited here sees the row of the writer before it, which committed before
  -- releasing the lock. A transaction-wide snapshot (REPEATABLE READ) would not, so refuse it.
  perform pg_catalog.pg_advisory_xact_lock(7422119101);
  if pg_catalog.current_setting('transaction_isolation') <> 'read committed' then
    raise exception 'signatures can only be added under READ COMMITTED isolation'
      using errcode = '0A000',
            hint = 'The overlap check needs to see rows committed while it waited for its lock.';
  end if;

  -- One GiST probe per segment, in reading order, stopping at the first segment that meets an
  -- outline: `&&` on boxes is inclusive (with a small tolerance), so the segment's own bounding box
  -- finds every outline it could meet, and segment_meets_rect decides exactly. The cost follows the
  -- signature's segments and the outlines right around each of them, never the whole wall. Every
  -- point ends or starts a segment (strokes have 2+ points), so this covers points too. Of the
  -- outlines the first such segment meets, the oldest is named.
  select h.id, h.outline, g.n, g.m into hit
    from (select u.n, u.m, u.x as ax, u.y as ay,
                 lead(u.x) over w as bx, lead(u.y) over w as by_
            from unnest(sn, pm, xs, ys) u(n, m, x, y)
          window w as (partition by u.n order by u.m)
           order by u.n, u.m) g
   cross join lateral (
     select c.id, c.outline from public.signatures c
      where c.outline && box(point(g.ax, g.ay), point(g.bx, g.by_))
        and signwall.segment_meets_rect(g.ax, g.ay, g.bx, g.by_, c.outline)
      order by c.id
      limit 1
   ) h
   where g.bx is not null
   order by g.n, g.m
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

-- Trigger functions are not for calling directly (create or replace keeps these revokes, but a
-- fresh function would not have them).
revoke execute on function signwall.guard_signature() from public, anon, authenticated;
revoke execute on function signwall.limit_rows_per_transaction() from public, anon, authenticated;
