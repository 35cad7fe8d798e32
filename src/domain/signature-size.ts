/**
 * The size rule (docs/architecture.md §3), so that no one signature can take the wall over: the
 * bounding box of a signature's points, before padding, is at most MAX_SIGNATURE_WIDTH ×
 * MAX_SIGNATURE_HEIGHT wall pixels. The database refuses bigger new rows; the board uses the same
 * test to keep a pending signature within it.
 */
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from './rules.ts';
import type { Point, Stroke } from './geometry.ts';

/** The points' bounding box (no padding): the extent the size rule measures. */
export interface Extent {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The extent of every point, grown by `more` when given; null without points. */
export function extentOf(strokes: readonly Stroke[], more: readonly Point[] = []): Extent | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const take = ([x, y]: Point) => {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  };
  for (const stroke of strokes) stroke.forEach(take);
  more.forEach(take);
  return minX === Infinity ? null : { minX, minY, maxX, maxY };
}

/** True when the extent is within the size rule (edges inclusive: exactly 800 × 600 fits). */
export function extentFits(extent: Extent | null): boolean {
  return (
    extent === null ||
    (extent.maxX - extent.minX <= MAX_SIGNATURE_WIDTH &&
      extent.maxY - extent.minY <= MAX_SIGNATURE_HEIGHT)
  );
}

/** The extent grown to take in one more point (a pointer move), without re-reading the strokes. */
export function extendExtent(extent: Extent | null, [x, y]: Point): Extent {
  if (!extent) return { minX: x, minY: y, maxX: x, maxY: y };
  return {
    minX: Math.min(extent.minX, x),
    minY: Math.min(extent.minY, y),
    maxX: Math.max(extent.maxX, x),
    maxY: Math.max(extent.maxY, y),
  };
}
