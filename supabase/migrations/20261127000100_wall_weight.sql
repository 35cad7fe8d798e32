-- The wall's weight is bounded by the rules: whatever clients send and however long they send it,
-- no wall of new signatures can hold more than 321 × 321 × 155 bytes (15.97 MB) of signatures.
--
-- Before, one save was bounded (3,000 points, 20,000 px of strokes, ~156 KB of text) but the wall
-- was not: 3,000 identical points written with 24-character numbers made 156 KB of a dot that needs
-- 27 bytes, and since the overlap rule is one-way (a new signature's points avoid the others'
-- outlines; its own outline may cover theirs) such dots pack on an 11 px grid: about 84,000 rows,
-- 13 GB, saved by one address at 31 a second.
--
-- 1. Numbers are stored canonical: every coordinate rounded (half away from zero) to 2 decimals
--    of the number as written, without trailing zeros or exponent; the text without whitespace.
--    Every rule (wall bounds, size, length, weight, overlap) is checked on what is stored.
-- 2. The weight rule. A signature claims the nodes of a 10 px grid nearest to its strokes: to each
--    point, and to points at equal steps of at most 5 px along each segment (signwall.claimed_nodes).
--    Strokes of two signatures are always more than 10 px apart along x or y (a new point or
--    segment never meets another's outline, its points' box padded by 10), and two points nearest
--    to one node are less than 10 px apart along both axes: no node is ever claimed twice, outlines
--    overlapping or not. A signature stores at most bytes_per_node() bytes (its text and its caption,
--    UTF-8) per node it claims; the wall has 321 × 321 nodes.
-- 3. Legacy rows and rows saved before stay as they are (nothing is checked again).
--
-- src/domain/signature-weight.ts is the same rule for the board, point by point while the visitor
-- draws; both are checked against tests/vectors/weight.json. Works unchanged on PGlite, PostgreSQL 15
-- and hosted Supabase; idempotent.

create or replace function signwall.bytes_per_node() returns integer
language sql immutable parallel safe as $$ select 155 $$;

-- The nodes a signature claims: the nearest node (ties upward) to every point of every segment at
-- steps of the segment's longer axis over ceil(that / 5), both ends included. The arithmetic is
-- claimSegment's in src/domain/signature-weight.ts, operation for operation, in float8 as
-- JavaScript's numbers, so both count the same nodes. `sn` numbers each point's stroke; points are
-- in reading order. At most 3,000 points and 20,000 px of strokes: at most about 7,000 samples.
create or replace function signwall.claimed_nodes(sn integer[], xs double precision[],
                                                  ys double precision[])
returns integer language sql immutable parallel safe as $$
  select count(distinct (floor(s.y / 10::double precision + 0.5::double precision) * 321
                         + floor(s.x / 10::double precision + 0.5::double precision)))::integer
    from (select xs[g.i] + (xs[g.i + 1] - xs[g.i]) * k / g.steps as x,
                 ys[g.i] + (ys[g.i + 1] - ys[g.i]) * k / g.steps as y
            from (select i, greatest(1, ceil(greatest(abs(xs[i + 1] - xs[i]),
                                                      abs(ys[i + 1] - ys[i])) / 5::double precision))
                            ::integer as steps
                    from generate_series(1, cardinality(xs) - 1) i
                   where sn[i + 1] = sn[i]) g,
                 generate_series(0, g.steps) k) s
$$;

-- The insert guard, as in 20261124000000, with the coordinates canonical before any rule, the text
-- stored canonical, and the weight rule after the caption's.
create or replace function signwall.guard_signature() returns trigger
language plpgsql security definer set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  strokes jsonb;
  problem text;
  -- Every point once, in reading order: its stroke, its place in the stroke, its coordinates.
  sn integer[];
  pm integer[];
  xs double precision[];
  ys double precision[];
  -- The coordinates as stored: rounded to 2 decimals (xs and ys are these, as float8).
  xn numeric[];
  yn numeric[];
  canonical text;
  stored_bytes integer;
  claimed integer;
  total integer;
  min_x double precision;
  min_y double precision;
  max_x double precision;
  max_y double precision;
  line_length double precision;
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

  -- One pass over the points, in reading order (first_overlap reads neighbours by position). The
  -- cheap checks allow nothing but numbers inside a point (lists nest at most 3 deep; no strings,
  -- no literals), so `->>` reads a number or null; a point that is not [x, y] (not a list, or
  -- not exactly two numbers) gets a null.
  -- Each coordinate is rounded to 2 decimals of the number as written (numeric: exact), and every
  -- rule below is checked on what is stored.
  select array_agg(s.n order by s.n, p.m), array_agg(p.m order by s.n, p.m),
         array_agg(c.x order by s.n, p.m), array_agg(c.y order by s.n, p.m),
         array_agg(c.x::double precision order by s.n, p.m),
         array_agg(c.y::double precision order by s.n, p.m)
    into sn, pm, xn, yn, xs, ys
    from jsonb_array_elements(strokes) with ordinality s(v, n),
         jsonb_array_elements(s.v) with ordinality p(v, m),
         lateral (select case when p.v ->> 2 is null then round((p.v ->> 0)::numeric, 2) end as x,
                         case when p.v ->> 2 is null then round((p.v ->> 1)::numeric, 2) end as y) c;
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
  if total > signwall.max_points() then
    raise exception 'too many points (% > %)', total, signwall.max_points()
      using errcode = '23514',
            hint = format('A signature holds at most %s points in all.', signwall.max_points());
  end if;

  -- The points' extent and the strokes' length in one pass. The length is the sum, in reading
  -- order, of sqrt(dx² + dy²) over each stroke's segments, as strokesLength in
  -- src/domain/drawing-limits.ts adds it up (so both round alike).
  select min(xs[i]), min(ys[i]), max(xs[i]), max(ys[i]),
         coalesce(sum(case when sn[i + 1] = sn[i]
                           then sqrt((xs[i + 1] - xs[i]) * (xs[i + 1] - xs[i])
                                     + (ys[i + 1] - ys[i]) * (ys[i + 1] - ys[i])) end
                      order by i), 0)
    into min_x, min_y, max_x, max_y, line_length
    from generate_series(1, total) i;

  -- The size rule (extentFits in src/domain/signature-size.ts): the points' bounding box, before
  -- padding, at most 800 × 600, edges inclusive. Every point is on the wall here, so these are the
  -- geometry coordinates and the float8 subtraction is JavaScript's.
  if max_x - min_x > 800 or max_y - min_y > 600 then
    raise exception 'signature is larger than 800 × 600 (its points span % × %)',
                    pg_catalog.trim_scale(round((max_x - min_x)::numeric, 2)),
                    pg_catalog.trim_scale(round((max_y - min_y)::numeric, 2))
      using errcode = '23514',
            hint = 'Keep every point of a signature within a box 800 wide and 600 high.';
  end if;
  -- The length rule: what the overlap check below walks is bounded by it.
  if line_length > signwall.max_stroke_length() then
    raise exception 'strokes are too long (% px in all > %)',
                    pg_catalog.trim_scale(round(line_length::numeric, 1)), signwall.max_stroke_length()
      using errcode = '23514',
            hint = format('The strokes of a signature measure at most %s px in all (the lengths of their segments added up).',
                          signwall.max_stroke_length());
  end if;

  new.caption := signwall.normalize_caption(new.caption);
  if char_length(new.caption) > 200 then
    raise exception 'caption is longer than 200 characters'
      using errcode = '23514', detail = format('It has %s characters.', char_length(new.caption)),
            hint = 'Shorten the caption to at most 200 characters (it is normalised and trimmed first).';
  end if;

  -- Stored canonical: JSON without whitespace, each number rounded to 2 decimals and written
  -- without trailing zeros or exponent (serializeStrokes in src/domain/signature.ts writes the same).
  -- The wall's weight (src/domain/signature-weight.ts): at most bytes_per_node() bytes, text and
  -- caption, per node of the 10 px grid its strokes claim, so that no wall can ever hold more than
  -- 321 × 321 × 155 bytes (strokes of two signatures are more than 10 px apart: they never claim
  -- the same node). One statement with the text: each statement costs a save its overhead.
  select '[' || string_agg(t.stroke, ',' order by t.n) || ']', signwall.claimed_nodes(sn, xs, ys)
    into canonical, claimed
    from (select u.n,
                 '[' || string_agg('[' || pg_catalog.trim_scale(u.x)::text || ','
                                       || pg_catalog.trim_scale(u.y)::text || ']', ',' order by u.m)
                     || ']' as stroke
            from unnest(sn, pm, xn, yn) u(n, m, x, y)
           group by u.n) t;
  stored_bytes := octet_length(canonical) + coalesce(octet_length(new.caption), 0);
  if stored_bytes > signwall.bytes_per_node() * claimed then
    raise exception 'signature is too heavy for the wall it covers (% bytes > % for its % nodes)',
                    stored_bytes, signwall.bytes_per_node() * claimed, claimed
      using errcode = '23514',
            hint = format('A signature stores at most %s bytes (its strokes'' text and its caption) per node of a 10 px grid that its strokes pass near: draw bigger, with fewer points, or write a shorter caption.',
                          signwall.bytes_per_node());
  end if;
  new.signature := canonical;
  -- The outline is derived here, whatever the client sent (it cannot send one: column grants).
  -- Points are within [0, 3200], where coord_of changes nothing.
  new.outline := signwall.outline_around(min_x, min_y, max_x, max_y);

  -- A hidden row shows nowhere and blocks nothing; its unhiding is checked (guard_unhide).
  if new.hidden then
    return new;
  end if;

  perform signwall.lock_wall();
  select o.id, o.outline, o.stroke, o.point into hit
    from signwall.first_overlap(sn, pm, xs, ys, new.outline) o;
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

grant execute on function signwall.bytes_per_node(),
                          signwall.claimed_nodes(integer[], double precision[], double precision[])
  to anon, authenticated, service_role;
