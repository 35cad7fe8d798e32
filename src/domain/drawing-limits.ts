/**
 * The database's limits on a signature (size, strokes, points; issue #10) as the board applies
 * them while the visitor draws, so a save is never refused for a reason the board could foresee
 * and a drawing is never thrown away by one. The tally of what is pending is read once per stroke;
 * each pointer move then costs O(1): the running extent grows by one point, nothing is re-read.
 */
import { MAX_POINTS, MAX_STROKES } from './constants.ts';
import type { Point, Stroke } from './geometry.ts';
import { extendExtent, extentFits, extentOf, type Extent } from './signature-size.ts';

/** Which limit a stroke ran into. */
export type SignatureLimit = 'size' | 'strokes' | 'points';

/** What a signature holds so far: its points' extent (no padding), strokes and points. */
export interface DrawingTally {
  readonly extent: Extent | null;
  readonly strokes: number;
  readonly points: number;
}

/** A stroke keeps at least this many points; the board discards shorter ones. */
export const MIN_STROKE_POINTS = 2;

/** The tally of the pending strokes (none when nothing is pending). */
export function tallyOf(strokes: readonly Stroke[] | null): DrawingTally {
  const all = strokes ?? [];
  let points = 0;
  for (const stroke of all) points += stroke.length;
  return { extent: extentOf(all), strokes: all.length, points };
}

/** The tally grown by one point, or the limit that point would break. */
export type TallyStep =
  | { readonly ok: true; readonly tally: DrawingTally }
  | { readonly ok: false; readonly limit: SignatureLimit };

/**
 * A new stroke whose first point is `first`. Refused when no stroke may be added, when the
 * points left cannot hold even a kept (two-point) stroke, or when the point already lies outside
 * the box the pending strokes allow.
 */
export function startStroke(tally: DrawingTally, first: Point): TallyStep {
  if (tally.strokes >= MAX_STROKES) return { ok: false, limit: 'strokes' };
  if (tally.points + MIN_STROKE_POINTS > MAX_POINTS) return { ok: false, limit: 'points' };
  const extent = extendExtent(tally.extent, first);
  if (!extentFits(extent)) return { ok: false, limit: 'size' };
  return { ok: true, tally: { extent, strokes: tally.strokes + 1, points: tally.points + 1 } };
}

/**
 * One more point on the stroke in progress. When refused, the stroke ends at its previous point:
 * everything drawn so far fits and is kept.
 */
export function addPoint(tally: DrawingTally, next: Point): TallyStep {
  if (tally.points >= MAX_POINTS) return { ok: false, limit: 'points' };
  const extent = extendExtent(tally.extent, next);
  if (!extentFits(extent)) return { ok: false, limit: 'size' };
  return { ok: true, tally: { extent, strokes: tally.strokes, points: tally.points + 1 } };
}
