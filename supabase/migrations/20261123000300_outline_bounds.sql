-- Viewport-first loading (issue #12): the padded outline's edges as plain, indexed numbers, so a
-- client can ask for "the signatures that meet this rect" with PostgREST's ordinary operators
-- (`max_x=gte.…&min_x=lte.…&max_y=gte.…&min_y=lte.…`), the same on our server and on hosted
-- Supabase, where box operators are not exposed.
--
-- 1. min_x, max_x, min_y, max_y: generated (stored) from `outline`, so they can never disagree with
--    it. PostgreSQL computes stored generated columns after BEFORE triggers, so the insert guard's
--    and the outline refresh's `outline` is the one they see. Adding them fills every existing row.
--    A row without an outline (unparseable text) has null edges: no rect filter matches it, and it
--    draws nothing anyway. (A box's [0] is its high corner, [1] its low one.)
-- 2. One btree index per edge: each filter is a range on one column, and the planner combines them.
-- 3. The API roles read them like the other columns (their table-wide select grant covers new
--    columns; said again here per column, so a later narrowing of the table grant keeps them).
--    Nobody can write them: generated columns refuse any value but DEFAULT.
--
-- Works unchanged on PGlite, PostgreSQL 15 and hosted Supabase; idempotent.

alter table public.signatures
  add column if not exists min_x double precision generated always as ((outline[1])[0]) stored,
  add column if not exists max_x double precision generated always as ((outline[0])[0]) stored,
  add column if not exists min_y double precision generated always as ((outline[1])[1]) stored,
  add column if not exists max_y double precision generated always as ((outline[0])[1]) stored;

comment on column public.signatures.min_x is 'Derived: the outline''s left edge (null without outline).';
comment on column public.signatures.max_x is 'Derived: the outline''s right edge (null without outline).';
comment on column public.signatures.min_y is 'Derived: the outline''s top edge (null without outline).';
comment on column public.signatures.max_y is 'Derived: the outline''s bottom edge (null without outline).';

create index if not exists signatures_min_x_idx on public.signatures (min_x);
create index if not exists signatures_max_x_idx on public.signatures (max_x);
create index if not exists signatures_min_y_idx on public.signatures (min_y);
create index if not exists signatures_max_y_idx on public.signatures (max_y);

grant select (min_x, max_x, min_y, max_y) on table public.signatures
  to anon, authenticated, service_role;
