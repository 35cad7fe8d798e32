/**
 * Viewport-first loading: the wall is read as the signatures whose outline meets the
 * initial view first, then the rest, as disjoint regions that together hold every outline exactly
 * once. Each region is a conjunction of plain comparisons on the outline's edges (the table's
 * min_x, max_x, min_y, max_y columns), so it is one PostgREST query with ordinary operators, the
 * same on our server and on hosted Supabase (no `or`, no box operators). A region's rows are read
 * by id, and what is left after its first page in id windows side by side.
 */
import type { Rect } from './geometry.ts';

export type OutlineEdge = 'min_x' | 'max_x' | 'min_y' | 'max_y';

/** `column op value`, as PostgREST's `column=op.value`. */
export interface EdgeFilter {
  readonly column: OutlineEdge;
  readonly op: 'gte' | 'lte' | 'gt' | 'lt';
  readonly value: number;
}

export interface WallRegion {
  readonly name: 'view' | 'left' | 'right' | 'above' | 'below';
  readonly filters: readonly EdgeFilter[];
}

/**
 * The view's region (outlines meeting the rect, edges inclusive as rectsMeet has them) and the
 * four that cover the rest: wholly left of it, wholly right of it, and, among those overlapping it
 * horizontally, wholly above or wholly below it.
 */
export function wallRegions(view: Rect): { view: WallRegion; rest: WallRegion[] } {
  const x0 = view.x;
  const x1 = view.x + view.width;
  const y0 = view.y;
  const y1 = view.y + view.height;
  const overlapsX: EdgeFilter[] = [
    { column: 'max_x', op: 'gte', value: x0 },
    { column: 'min_x', op: 'lte', value: x1 },
  ];
  return {
    view: {
      name: 'view',
      filters: [
        ...overlapsX,
        { column: 'max_y', op: 'gte', value: y0 },
        { column: 'min_y', op: 'lte', value: y1 },
      ],
    },
    rest: [
      { name: 'left', filters: [{ column: 'max_x', op: 'lt', value: x0 }] },
      { name: 'right', filters: [{ column: 'min_x', op: 'gt', value: x1 }] },
      { name: 'above', filters: [...overlapsX, { column: 'max_y', op: 'lt', value: y0 }] },
      { name: 'below', filters: [...overlapsX, { column: 'min_y', op: 'gt', value: y1 }] },
    ],
  };
}

/** The outline's edge a column names. */
function edgeOf(r: Rect, column: OutlineEdge): number {
  switch (column) {
    case 'min_x':
      return r.x;
    case 'max_x':
      return r.x + r.width;
    case 'min_y':
      return r.y;
    case 'max_y':
      return r.y + r.height;
  }
}

/**
 * True when an outline passes every filter (what the database answers for its row). Builds
 * nothing: it runs over the whole wall when a loaded wall checks for removals.
 */
export function regionHolds(region: WallRegion, outline: Rect): boolean {
  for (const { column, op, value } of region.filters) {
    const v = edgeOf(outline, column);
    const holds =
      op === 'gte' ? v >= value : op === 'lte' ? v <= value : op === 'gt' ? v > value : v < value;
    if (!holds) return false;
  }
  return true;
}

/** At most this many id windows of one region are read side by side. */
export const MAX_WINDOWS = 4;

/** Ids after `after` (exclusive) up to `upTo` (inclusive); null: no bound. */
export interface IdWindow {
  readonly after: number | null;
  readonly upTo: number | null;
}

/**
 * The ids in (after, maxId] cut into windows of about `pageSize` rows each, for `left` rows (at
 * most MAX_WINDOWS), so a region's pages can be read side by side; the last window has no upper
 * bound, so rows saved after maxId was read are not missed.
 */
export function idWindows(
  after: number,
  maxId: number,
  left: number,
  pageSize: number,
): IdWindow[] {
  const count = Math.max(1, Math.min(MAX_WINDOWS, Math.ceil(left / pageSize)));
  const step = Math.ceil((maxId - after) / count);
  return Array.from({ length: count }, (_, i) => ({
    after: after + i * step,
    upTo: i === count - 1 ? null : after + (i + 1) * step,
  }));
}
