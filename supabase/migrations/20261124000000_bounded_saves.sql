-- Every save decided within a small, bounded cost (issue #19), stored as parsed, and combining marks
-- capped for every script.
--
-- 1. Limits that bound the work, checked before the overlap check (each a check violation, 23514 →
--    HTTP 400): at most 3000 points (was 10000) and at most 20000 px of strokes in all (the sum of
--    the lengths of their segments). The text's size cap and `[` count follow from the points. The
--    costliest signatures within them (tests/db/bounded-saves.test.ts) are decided in well under
--    100 ms on PGlite; issue 10's 9,956-point shapes are refused before any overlap work.
-- 2. The cheap checks on the text (20261123000000) give the same answers from cheaper operations:
--    `translate` cost up to 0.2 µs a byte on PGlite (~100 ms for a 520 KB text of spaces); regular
--    expressions without backreferences and `replace` run in a fraction of that.
-- 3. The overlap check's cost follows the new signature's own points and length, not points ×
--    nearby outlines: short segments are probed in groups along the path, long ones in pieces of at
--    most 32 px, and only a segment whose box meets an outline found that way is tested exactly
--    (segment_meets_rect, so the answers, touching edges included, are those of the vectors).
-- 4. Stored as parsed: the guard stores the text without JSON whitespace (a valid text has none
--    inside a number, so this changes no value), the digits as sent; the size cap applies to the
--    text as sent, so the stored form is within it too.
-- 5. Captions: runs of combining marks are capped at 3 for every character of general category M
--    (Mn, Mc, Me), from the list that scripts/combining-marks.ts derives from JavaScript's \p{M}.
--
-- Works unchanged on PGlite (PG 18), PostgreSQL 15 and hosted Supabase (PG 17); idempotent. No
-- existing row is checked again: rows saved before keep their whitespace and their size.
-- src/domain/constants.ts, src/domain/drawing-limits.ts and src/domain/signature.ts mirror it.

-- The limits, in one place each. The text limits derive from the points as in 20261123000000:
-- `[x,y],` of two 24-character numbers is 52 bytes, a stroke's brackets and comma 3, the outer 2.
create or replace function signwall.max_points() returns integer
language sql immutable parallel safe as $$ select 3000 $$;

create or replace function signwall.max_stroke_length() returns integer
language sql immutable parallel safe as $$ select 20000 $$;

create or replace function signwall.max_signature_bytes() returns integer
language sql immutable parallel safe as $$ select signwall.max_points() * 52 + 64 * 3 + 2 $$;

create or replace function signwall.max_open_brackets() returns integer
language sql immutable parallel safe as $$ select signwall.max_points() + 64 + 1 $$;

-- Balanced brackets nested at most 3 deep (strokes → points → numbers), whatever else the text
-- holds: A (\[ A (\[ A (\[ A \] A)* \] A)* \] A)* with A a run without brackets. One linear pass
-- (no backreferences, and every repetition consumes a bracket, so nothing is tried twice).
create or replace function signwall.shallow_brackets(t text) returns boolean
language sql immutable parallel safe as $$
  select t ~ '^[^][]*(\[[^][]*(\[[^][]*(\[[^][]*\][^][]*)*\][^][]*)*\][^][]*)*$'
$$;

-- As in 20261123000000, without translate.
create or replace function signwall.shallow_number_lists(t text) returns boolean
language sql immutable parallel safe as $$
  select t !~ '[^][0-9eE.+, \t\n\r-]' and signwall.shallow_brackets(t)
$$;

-- The cheap checks of 20261123000000, in the same order with the same answers; each is now a
-- regular expression or a count by `replace` (after (b) the text is ASCII, so length counts bytes).
create or replace function signwall.check_signature_text(t text) returns void
language plpgsql immutable parallel safe as $$
declare
  bytes integer := octet_length(t);
  bad text;
  opening integer;
  closing integer;
  shape_hint constant text :=
    'Send signature as JSON text like [[[x,y],[x,y]],…]: a list of strokes, each a list of [x, y] points.';
begin
  -- (a) Size, from the most points of 24-character numbers (see max_signature_bytes).
  if bytes > signwall.max_signature_bytes() then
    raise exception 'signature text is too long (% bytes > %)', bytes, signwall.max_signature_bytes()
      using errcode = '23514',
            hint = format('A signature holds at most 64 strokes and %s points of numbers of at most 24 characters.',
                          signwall.max_points());
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
  -- (c) Too many lists, counted without parsing (the text is ASCII now: length counts bytes).
  opening := bytes - length(replace(t, '[', ''));
  if opening > signwall.max_open_brackets() then
    raise exception 'signature has too many lists (% "[" > %)', opening, signwall.max_open_brackets()
      using errcode = '23514',
            hint = format('A signature holds at most 64 strokes and %s points: at most %s "[" in all.',
                          signwall.max_points(), signwall.max_open_brackets());
  end if;
  -- (d) Balanced and at most 3 deep (strokes → points → numbers).
  closing := bytes - length(replace(t, ']', ''));
  if opening <> closing then
    raise exception 'signature brackets do not match (% "[" and % "]")', opening, closing
      using errcode = '23514', hint = shape_hint;
  end if;
  if not signwall.shallow_brackets(t) then
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

-- The text without JSON whitespace. Only for text that parsed as JSON of numbers and lists: there
-- whitespace never sits inside a number, so every value is unchanged.
create or replace function signwall.compact_json(t text) returns text
language sql immutable parallel safe as $$
  select replace(replace(replace(replace(t, ' ', ''), E'\n', ''), E'\r', ''), E'\t', '')
$$;

-- Piece j (from 0) of `pieces` equal pieces of the segment a–b, as a box. The last piece ends
-- exactly at b, so rounding never leaves the end point outside every piece.
create or replace function signwall.segment_piece(ax double precision, ay double precision,
                                                  bx double precision, by_ double precision,
                                                  j integer, pieces integer)
returns box language sql immutable parallel safe as $$
  select box(point(ax + (bx - ax) * j / pieces, ay + (by_ - ay) * j / pieces),
             case when j + 1 = pieces then point(bx, by_)
                  else point(ax + (bx - ax) * (j + 1) / pieces, ay + (by_ - ay) * (j + 1) / pieces)
             end)
$$;

-- The first visible outline met by the segments of a signature; of the outlines the first such
-- segment in reading order meets, the oldest. No row when nothing is met. The points are given as
-- the guards hold them, in reading order (stroke and point numbers, coordinates); `extent`, when
-- given, is a box holding every point (the outline will do), else the points' bounding box is used.
--
-- The cost follows the signature's own points and extent, never points × nearby outlines:
--   * one probe with the points' bounding box: a signature on free ground is done;
--   * otherwise the segments go in groups, each probed once with the group's box: runs of at most
--     8 consecutive short segments (at most 32 px across) within one 32-px stretch of the path, so a
--     group's box is at most 64 px across; a longer segment is cut into pieces of at most 32 px
--     along its longer axis, each a group of its own;
--   * every outline a group's probe finds is paired with the group's members, and only where a
--     member's box meets it is the whole segment tested exactly (segment_meets_rect: the answers,
--     touching edges included, are those of the geometry vectors).
-- So the probes number at most (points + stroke length / 32), and what a probe finds is what lies
-- within 64 px of the path: max_points and max_stroke_length bound it all. Every outline a segment
-- meets is found: the point where they meet lies in one of its pieces, inside its group's box
-- (`&&` is inclusive, with a small tolerance, and the last piece ends exactly at the end point).
-- On the wall a segment reaches at most 3200 px (100 pieces); a legacy row being unhidden may hold
-- points far off it, whose segments get at most 100 larger pieces (they still cover the segment).
-- A plain STABLE SQL function without SET, so Postgres inlines it into the calling statement. It
-- replaces the 4-argument one of 20261123000100 (a call with 4 arguments now lands here).
drop function if exists signwall.first_overlap(integer[], integer[], double precision[],
                                               double precision[]);
create or replace function signwall.first_overlap(sn integer[], pm integer[],
                                                  xs double precision[], ys double precision[],
                                                  extent box default null)
returns table (id bigint, outline box, stroke integer, point integer)
language sql stable parallel safe as $$
  with step as (
    -- Every step from a point to the next (between strokes too: it moves the path along), and
    -- how far it reaches along either axis; nothing when no visible outline meets the points'
    -- bounding box.
    select i, greatest(abs(xs[i + 1] - xs[i]), abs(ys[i + 1] - ys[i])) as reach
      from generate_series(1, cardinality(xs) - 1) i
     where exists (select 1 from public.signatures c
                    where c.outline && coalesce(extent,
                            (select box(point(min(u.x), min(u.y)), point(max(u.x), max(u.y)))
                               from unnest(xs, ys) u(x, y)))
                      and not c.hidden)
  ),
  member as materialized (
    select sn[s.i] as n, pm[s.i] as m,
           xs[s.i] as ax, ys[s.i] as ay, xs[s.i + 1] as bx, ys[s.i + 1] as by_, s.parts,
           case when s.parts = 1 then floor(s.walked / 32) else -s.i end as group_a,
           case when s.parts = 1 then s.i / 8 else k.j end as group_b,
           signwall.segment_piece(xs[s.i], ys[s.i], xs[s.i + 1], ys[s.i + 1], k.j, s.parts) as b
      from (select t.i, least(100, greatest(1, ceil(t.reach / 32)))::integer as parts,
                   coalesce(sum(t.reach) over (order by t.i rows between unbounded preceding
                                                                 and 1 preceding), 0) as walked
              from step t) s
     cross join lateral generate_series(0, s.parts - 1) k(j)
     where sn[s.i + 1] = sn[s.i]
  ),
  candidate as materialized (
    select g.group_a, g.group_b, c.outline
      from (select p.group_a, p.group_b,
                   box(point(min((p.b[1])[0]), min((p.b[1])[1])),
                       point(max((p.b[0])[0]), max((p.b[0])[1]))) as b
              from member p
             group by p.group_a, p.group_b) g
      join public.signatures c on c.outline && g.b and not c.hidden
  ),
  first_hit as materialized (
    select p.n, p.m, p.ax, p.ay, p.bx, p.by_, p.parts
      from candidate c
      join member p on p.group_a = c.group_a and p.group_b = c.group_b
     where p.b && c.outline
       and signwall.segment_meets_rect(p.ax, p.ay, p.bx, p.by_, c.outline)
     order by p.n, p.m
     limit 1
  ),
  -- Every outline the first hit meets, through its pieces (MATERIALIZED, so that "the oldest"
  -- below never becomes a walk through the whole table in id order).
  met as materialized (
    select c.id, c.outline
      from first_hit h, generate_series(0, h.parts - 1) k(j), public.signatures c
     where c.outline && signwall.segment_piece(h.ax, h.ay, h.bx, h.by_, k.j, h.parts)
       and not c.hidden
       and signwall.segment_meets_rect(h.ax, h.ay, h.bx, h.by_, c.outline)
  )
  select m.id, m.outline, h.n, h.m
    from met m, first_hit h
   order by m.id
   limit 1
$$;

-- Unhiding, as in 20261123000100, through the bounded overlap check. The points are aggregated in
-- reading order explicitly: first_overlap reads neighbours by position.
create or replace function signwall.guard_unhide() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  hit record;
begin
  perform signwall.lock_wall();
  select o.id, o.outline, o.stroke, o.point into hit
    from (select array_agg(p.stroke order by p.stroke, p.point) as sn,
                 array_agg(p.point order by p.stroke, p.point) as pm,
                 array_agg(p.x order by p.stroke, p.point) as xs,
                 array_agg(p.y order by p.stroke, p.point) as ys
            from signwall.points(signwall.parse_strokes(new.signature)) p) a
   cross join lateral signwall.first_overlap(a.sn, a.pm, a.xs, a.ys, new.outline) o;
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

-- Every combining mark (general category M) from Unicode 17.0, as the inside of a regular
-- expression's bracket expression. Generated by scripts/combining-marks.ts, the same list as
-- src/domain/combining-marks.ts.
create or replace function signwall.combining_marks() returns text
language sql immutable parallel safe as $$
  select U&'\0300-\036F\0483-\0489\0591-\05BD\05BF\05C1-\05C2\05C4-\05C5\05C7\0610-\061A'
      || U&'\064B-\065F\0670\06D6-\06DC\06DF-\06E4\06E7-\06E8\06EA-\06ED\0711\0730-\074A'
      || U&'\07A6-\07B0\07EB-\07F3\07FD\0816-\0819\081B-\0823\0825-\0827\0829-\082D\0859-\085B'
      || U&'\0897-\089F\08CA-\08E1\08E3-\0903\093A-\093C\093E-\094F\0951-\0957\0962-\0963\0981-\0983'
      || U&'\09BC\09BE-\09C4\09C7-\09C8\09CB-\09CD\09D7\09E2-\09E3\09FE\0A01-\0A03'
      || U&'\0A3C\0A3E-\0A42\0A47-\0A48\0A4B-\0A4D\0A51\0A70-\0A71\0A75\0A81-\0A83'
      || U&'\0ABC\0ABE-\0AC5\0AC7-\0AC9\0ACB-\0ACD\0AE2-\0AE3\0AFA-\0AFF\0B01-\0B03\0B3C'
      || U&'\0B3E-\0B44\0B47-\0B48\0B4B-\0B4D\0B55-\0B57\0B62-\0B63\0B82\0BBE-\0BC2\0BC6-\0BC8'
      || U&'\0BCA-\0BCD\0BD7\0C00-\0C04\0C3C\0C3E-\0C44\0C46-\0C48\0C4A-\0C4D\0C55-\0C56'
      || U&'\0C62-\0C63\0C81-\0C83\0CBC\0CBE-\0CC4\0CC6-\0CC8\0CCA-\0CCD\0CD5-\0CD6\0CE2-\0CE3'
      || U&'\0CF3\0D00-\0D03\0D3B-\0D3C\0D3E-\0D44\0D46-\0D48\0D4A-\0D4D\0D57\0D62-\0D63'
      || U&'\0D81-\0D83\0DCA\0DCF-\0DD4\0DD6\0DD8-\0DDF\0DF2-\0DF3\0E31\0E34-\0E3A'
      || U&'\0E47-\0E4E\0EB1\0EB4-\0EBC\0EC8-\0ECE\0F18-\0F19\0F35\0F37\0F39'
      || U&'\0F3E-\0F3F\0F71-\0F84\0F86-\0F87\0F8D-\0F97\0F99-\0FBC\0FC6\102B-\103E\1056-\1059'
      || U&'\105E-\1060\1062-\1064\1067-\106D\1071-\1074\1082-\108D\108F\109A-\109D\135D-\135F'
      || U&'\1712-\1715\1732-\1734\1752-\1753\1772-\1773\17B4-\17D3\17DD\180B-\180D\180F'
      || U&'\1885-\1886\18A9\1920-\192B\1930-\193B\1A17-\1A1B\1A55-\1A5E\1A60-\1A7C\1A7F'
      || U&'\1AB0-\1ADD\1AE0-\1AEB\1B00-\1B04\1B34-\1B44\1B6B-\1B73\1B80-\1B82\1BA1-\1BAD\1BE6-\1BF3'
      || U&'\1C24-\1C37\1CD0-\1CD2\1CD4-\1CE8\1CED\1CF4\1CF7-\1CF9\1DC0-\1DFF\20D0-\20F0'
      || U&'\2CEF-\2CF1\2D7F\2DE0-\2DFF\302A-\302F\3099-\309A\A66F-\A672\A674-\A67D\A69E-\A69F'
      || U&'\A6F0-\A6F1\A802\A806\A80B\A823-\A827\A82C\A880-\A881\A8B4-\A8C5'
      || U&'\A8E0-\A8F1\A8FF\A926-\A92D\A947-\A953\A980-\A983\A9B3-\A9C0\A9E5\AA29-\AA36'
      || U&'\AA43\AA4C-\AA4D\AA7B-\AA7D\AAB0\AAB2-\AAB4\AAB7-\AAB8\AABE-\AABF\AAC1'
      || U&'\AAEB-\AAEF\AAF5-\AAF6\ABE3-\ABEA\ABEC-\ABED\FB1E\FE00-\FE0F\FE20-\FE2F\+0101FD'
      || U&'\+0102E0\+010376-\+01037A\+010A01-\+010A03\+010A05-\+010A06\+010A0C-\+010A0F\+010A38-\+010A3A\+010A3F\+010AE5-\+010AE6'
      || U&'\+010D24-\+010D27\+010D69-\+010D6D\+010EAB-\+010EAC\+010EFA-\+010EFF\+010F46-\+010F50\+010F82-\+010F85\+011000-\+011002\+011038-\+011046'
      || U&'\+011070\+011073-\+011074\+01107F-\+011082\+0110B0-\+0110BA\+0110C2\+011100-\+011102\+011127-\+011134\+011145-\+011146'
      || U&'\+011173\+011180-\+011182\+0111B3-\+0111C0\+0111C9-\+0111CC\+0111CE-\+0111CF\+01122C-\+011237\+01123E\+011241'
      || U&'\+0112DF-\+0112EA\+011300-\+011303\+01133B-\+01133C\+01133E-\+011344\+011347-\+011348\+01134B-\+01134D\+011357\+011362-\+011363'
      || U&'\+011366-\+01136C\+011370-\+011374\+0113B8-\+0113C0\+0113C2\+0113C5\+0113C7-\+0113CA\+0113CC-\+0113D0\+0113D2'
      || U&'\+0113E1-\+0113E2\+011435-\+011446\+01145E\+0114B0-\+0114C3\+0115AF-\+0115B5\+0115B8-\+0115C0\+0115DC-\+0115DD\+011630-\+011640'
      || U&'\+0116AB-\+0116B7\+01171D-\+01172B\+01182C-\+01183A\+011930-\+011935\+011937-\+011938\+01193B-\+01193E\+011940\+011942-\+011943'
      || U&'\+0119D1-\+0119D7\+0119DA-\+0119E0\+0119E4\+011A01-\+011A0A\+011A33-\+011A39\+011A3B-\+011A3E\+011A47\+011A51-\+011A5B'
      || U&'\+011A8A-\+011A99\+011B60-\+011B67\+011C2F-\+011C36\+011C38-\+011C3F\+011C92-\+011CA7\+011CA9-\+011CB6\+011D31-\+011D36\+011D3A'
      || U&'\+011D3C-\+011D3D\+011D3F-\+011D45\+011D47\+011D8A-\+011D8E\+011D90-\+011D91\+011D93-\+011D97\+011EF3-\+011EF6\+011F00-\+011F01'
      || U&'\+011F03\+011F34-\+011F3A\+011F3E-\+011F42\+011F5A\+013440\+013447-\+013455\+01611E-\+01612F\+016AF0-\+016AF4'
      || U&'\+016B30-\+016B36\+016F4F\+016F51-\+016F87\+016F8F-\+016F92\+016FE4\+016FF0-\+016FF1\+01BC9D-\+01BC9E\+01CF00-\+01CF2D'
      || U&'\+01CF30-\+01CF46\+01D165-\+01D169\+01D16D-\+01D172\+01D17B-\+01D182\+01D185-\+01D18B\+01D1AA-\+01D1AD\+01D242-\+01D244\+01DA00-\+01DA36'
      || U&'\+01DA3B-\+01DA6C\+01DA75\+01DA84\+01DA9B-\+01DA9F\+01DAA1-\+01DAAF\+01E000-\+01E006\+01E008-\+01E018\+01E01B-\+01E021'
      || U&'\+01E023-\+01E024\+01E026-\+01E02A\+01E08F\+01E130-\+01E136\+01E2AE\+01E2EC-\+01E2EF\+01E4EC-\+01E4EF\+01E5EE-\+01E5EF'
      || U&'\+01E6E3\+01E6E6\+01E6EE-\+01E6EF\+01E6F5\+01E8D0-\+01E8D6\+01E944-\+01E94A\+0E0100-\+0E01EF'
$$;


-- Caption normalisation as in 20261123000000, except step 3: runs of combining marks of any script
-- (general category M, signwall.combining_marks()) keep their first 3. normalizeCaption in
-- src/domain/signature.ts uses the same list (src/domain/combining-marks.ts); both are checked
-- against tests/vectors/captions.json.
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
                   '([' || signwall.combining_marks() || ']{3})[' || signwall.combining_marks() || ']+',
                   '\1', 'g')) as t) s
$$;

-- The insert guard, as in 20261123000100, with the limits above checked before the overlap check,
-- the text stored without whitespace, and the points read once into arrays with the cheapest exact
-- conversion (after the cheap checks every number has at most 24 characters and a 2-digit
-- exponent, so float8 input reads it as JSON.parse does, without overflow or underflow).
-- plan_cache_mode: the overlap check is one large statement whose plan does not depend on the
-- points; planned once per session instead of for every save (custom plans, chosen for array
-- parameters, cost a small save 2-3 ms of planning on PGlite, more than the rest of its check).
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
  select array_agg(s.n order by s.n, p.m), array_agg(p.m order by s.n, p.m),
         array_agg(case when p.v ->> 2 is null then (p.v ->> 0)::double precision end
                   order by s.n, p.m),
         array_agg(case when p.v ->> 2 is null then (p.v ->> 1)::double precision end
                   order by s.n, p.m)
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

  -- Stored as parsed: no whitespace, so a row costs readers what its points need.
  new.signature := signwall.compact_json(new.signature);
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

-- New helpers, like the others in the schema (the functions replaced above keep their grants).
grant execute on function signwall.max_points(), signwall.max_stroke_length(),
                          signwall.shallow_brackets(text), signwall.compact_json(text),
                          signwall.combining_marks(),
                          signwall.first_overlap(integer[], integer[], double precision[],
                                                 double precision[], box),
                          signwall.segment_piece(double precision, double precision, double precision,
                                                 double precision, integer, integer)
  to anon, authenticated, service_role;
