/**
 * Lighter strokes: each stroke is simplified at save time with Ramer–Douglas–Peucker
 * within half a wall pixel, so rows are smaller on the wire, in the database and in every frame,
 * with no visible change (strokes are 3 wall pixels wide). Both ends of every stroke are kept, and
 * the points kept are the visitor's own (already rounded to a tenth, see wallPoint), so a
 * simplified signature stays within every limit the original met. Rows saved before this are drawn
 * as they are.
 */
import type { Point, Stroke } from './geometry.ts';
import type { OutlineIndex, Outlined } from './outline-index.ts';

/** No point of a simplified stroke lies further than this from the original stroke. */
export const SIMPLIFY_TOLERANCE = 0.5;

/** Distance from p to the segment a–b (to a itself when a and b coincide). */
function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSq = dx * dx + dy * dy;
  const t =
    lengthSq === 0
      ? 0
      : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSq));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * The stroke with every point dropped that lies within `tolerance` of the segment its kept
 * neighbours make (Ramer–Douglas–Peucker, with an explicit stack: a 10,000-point stroke must not
 * recurse 10,000 deep). The first and last points are always kept.
 */
export function simplifyStroke(stroke: Stroke, tolerance = SIMPLIFY_TOLERANCE): Stroke {
  if (stroke.length <= 2) return stroke;
  const keep = new Uint8Array(stroke.length);
  keep[0] = 1;
  keep[stroke.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, stroke.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(stroke[i]!, stroke[first]!, stroke[last]!);
      if (d > farthestDistance) {
        farthest = i;
        farthestDistance = d;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack.push([first, farthest], [farthest, last]);
  }
  return stroke.filter((_, i) => keep[i] === 1);
}

/** Every stroke simplified (see simplifyStroke). */
export function simplifyStrokes(
  strokes: readonly Stroke[],
  tolerance = SIMPLIFY_TOLERANCE,
): Stroke[] {
  return strokes.map((stroke) => simplifyStroke(stroke, tolerance));
}

/** The outlines a save is checked against: the signatures on the wall. */
export type SavingOutlines = Pick<OutlineIndex<Outlined>, 'itemAtPoint' | 'itemOnSegment'>;

/**
 * What to save of a stroke the visitor drew: its simplified form, unless one of its points or
 * segments would now meet an existing outline (a shortcut can cut the corner of an outline the
 * drawn path went around); then the stroke as drawn, which the board already checked.
 */
export function strokeToSave(stroke: Stroke, outlines: SavingOutlines): Stroke {
  const simplified = simplifyStroke(stroke);
  const meets =
    simplified.some((p) => outlines.itemAtPoint(p) !== undefined) ||
    simplified.some((p, i) => i > 0 && outlines.itemOnSegment(simplified[i - 1]!, p) !== undefined);
  return meets ? stroke : simplified;
}

/**
 * What to save for the strokes the visitor drew: each stroke as strokeToSave decides (a stroke
 * near an outline as drawn, the others simplified). The board counts the pending strokes the same
 * way (pendingTally), so what is saved is what was held to the limits.
 */
export function strokesToSave(
  strokes: readonly Stroke[],
  outlines: SavingOutlines,
): readonly Stroke[] {
  return strokes.map((stroke) => strokeToSave(stroke, outlines));
}
