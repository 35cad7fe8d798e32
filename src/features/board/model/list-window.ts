/**
 * Which rows of a long list of equal rows are in the page: those in sight in its scroller, and a
 * few on either side (so a fast flick finds rows already there). 10,000 signatures make a list
 * of 560,000 px of which a phone shows a dozen rows: only those, give or take OVERSCAN, exist.
 */

/** Rows kept in the page beyond each edge of the scroller's view. */
export const OVERSCAN = 6;

/** The rows from `first` to `last` (inclusive) are in the page; none when last < first. */
export interface RowWindow {
  readonly first: number;
  readonly last: number;
}

/** The rows to put in the page for a scroller scrolled to `top`, `height` px tall. */
export function rowWindow(
  count: number,
  rowHeight: number,
  top: number,
  height: number,
  overscan: number = OVERSCAN,
): RowWindow {
  if (count <= 0 || !(rowHeight > 0)) return { first: 0, last: -1 };
  const from = Math.max(0, Number.isFinite(top) ? top : 0);
  const seen = Math.max(0, Number.isFinite(height) ? height : 0);
  const first = Math.min(count - 1, Math.max(0, Math.floor(from / rowHeight) - overscan));
  const last = Math.min(count - 1, Math.ceil((from + seen) / rowHeight) - 1 + overscan);
  return { first, last: Math.max(first, last) };
}

/**
 * Where to scroll so that row `index` is wholly in sight, moving as little as possible: `top` as
 * it is when it already is.
 */
export function scrollToShow(
  index: number,
  rowHeight: number,
  top: number,
  height: number,
): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < top) return rowTop;
  // A row taller than the scroller shows its top.
  if (rowBottom > top + height) return Math.max(0, Math.min(rowTop, rowBottom - height));
  return top;
}
