/**
 * The database's limits on a signature (size, strokes, points, length of strokes, weight) as the
 * board applies them while the visitor draws, so a save is never refused for a reason the board
 * could foresee and a drawing is never thrown away by one. The tally of what is pending is read
 * once per stroke; each pointer move then costs what its own segment does: the running extent
 * grows by one point, the running length and bytes by one segment, and the claimed nodes
 * (signature-weight.ts) by the few that segment reaches; nothing is re-read.
 *
 * The pending strokes are counted as they will be saved (simplified, see strokesToSave), which is
 * what the database counts: a stroke of 2,000 pointer samples that saves as 200 points leaves room
 * for the rest. The stroke in progress is counted as drawn, which is never less than what it
 * saves as.
 */
import { MAX_POINTS, MAX_STROKE_LENGTH, MAX_STROKES } from '../../../domain/rules.ts';
import { segmentLength, strokesLength, type Point, type Stroke } from '../../../domain/geometry.ts';
import { strokesToSave, type SavingOutlines } from '../../../domain/simplify.ts';
import { extendExtent, extentFits, extentOf, type Extent } from '../../../domain/signature-size.ts';
import {
  addWeight,
  startWeight,
  weightTallyOf,
  type WeightTally,
} from '../../../domain/signature-weight.ts';

/** Which limit a stroke ran into. */
export type SignatureLimit = 'size' | 'strokes' | 'points' | 'length' | 'weight';

/** What a signature holds so far: its points' extent (no padding), strokes, points, length. */
export interface DrawingTally {
  readonly extent: Extent | null;
  readonly strokes: number;
  readonly points: number;
  /** The strokes' length in wall pixels: every segment's, added up (strokesLength in geometry.ts). */
  readonly length: number;
  /** The last point of the stroke in progress, where the next segment starts (null between strokes). */
  readonly last: Point | null;
  /** Bytes and nodes of the stored text (no caption yet), the stroke in progress included. */
  readonly weight: WeightTally;
}

/** A stroke keeps at least this many points; the board discards shorter ones. */
export const MIN_STROKE_POINTS = 2;

/** The tally of these strokes, counted as they are (none when null). */
export function tallyOf(strokes: readonly Stroke[] | null): DrawingTally {
  const all = strokes ?? [];
  let points = 0;
  for (const stroke of all) points += stroke.length;
  return {
    extent: extentOf(all),
    strokes: all.length,
    points,
    length: strokesLength(all),
    last: null,
    weight: weightTallyOf(all),
  };
}

/**
 * The tally of strokes as they will be saved (strokesToSave against the outlines on the wall
 * now), which is what the database will count: the board's tally of the pending strokes.
 */
export function tallyAsSaved(
  strokes: readonly Stroke[] | null,
  outlines: SavingOutlines,
): DrawingTally {
  return tallyOf(strokes && strokesToSave(strokes, outlines));
}

/** The tally grown by one point, or the limit that point would break. */
export type TallyStep =
  | { readonly ok: true; readonly tally: DrawingTally }
  | { readonly ok: false; readonly limit: SignatureLimit };

/**
 * A new stroke whose first point is `first`. Refused when no stroke may be added, when the
 * points left cannot hold even a kept (two-point) stroke, when the point already lies outside
 * the box the pending strokes allow, or when no length is left to draw with.
 */
export function startStroke(tally: DrawingTally, first: Point): TallyStep {
  if (tally.strokes >= MAX_STROKES) return { ok: false, limit: 'strokes' };
  if (tally.points + MIN_STROKE_POINTS > MAX_POINTS) return { ok: false, limit: 'points' };
  const extent = extendExtent(tally.extent, first);
  if (!extentFits(extent)) return { ok: false, limit: 'size' };
  if (tally.length >= MAX_STROKE_LENGTH) return { ok: false, limit: 'length' };
  const weight = startWeight(tally.weight, first);
  if (!weight) return { ok: false, limit: 'weight' };
  return {
    ok: true,
    tally: {
      ...tally,
      extent,
      strokes: tally.strokes + 1,
      points: tally.points + 1,
      last: first,
      weight,
    },
  };
}

/**
 * One more point on the stroke in progress, whose points so far are `drawn`. When refused, the
 * stroke ends at its previous point: everything drawn so far fits and is kept. The limits are
 * checked in the database's order.
 */
export function addPoint(tally: DrawingTally, next: Point, drawn: readonly Point[]): TallyStep {
  if (tally.points >= MAX_POINTS) return { ok: false, limit: 'points' };
  const extent = extendExtent(tally.extent, next);
  if (!extentFits(extent)) return { ok: false, limit: 'size' };
  const length = tally.length + (tally.last ? segmentLength(tally.last, next) : 0);
  if (length > MAX_STROKE_LENGTH) return { ok: false, limit: 'length' };
  const weight = addWeight(tally.weight, drawn, next);
  if (!weight) return { ok: false, limit: 'weight' };
  return {
    ok: true,
    tally: { extent, strokes: tally.strokes, points: tally.points + 1, length, last: next, weight },
  };
}
