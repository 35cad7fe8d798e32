/**
 * "Find a free spot": the place nearest to a point of the wall where a signature of a useful size
 * fits, clear of every saved signature's padded outline.
 *
 * Candidate spots are placed on a grid of top-left corners `step` wall pixels apart (not every
 * pixel). Each outline forbids a rectangle of corners (those whose spot would meet it); the
 * forbidden rectangles are summed on the grid with a 2-D difference array, so the cost is one
 * pass over the outlines plus one over the grid, however many signatures there are.
 */
import { WALL_SIZE } from '../../../domain/rules.ts';
import { rectsMeet, type Point, type Rect } from '../../../domain/geometry.ts';

export interface SpotSize {
  readonly width: number;
  readonly height: number;
}

/** The smallest spot worth offering: room for a short name and a flourish. */
export const FREE_SPOT_SIZE: SpotSize = { width: 200, height: 120 };
/**
 * Wall pixels between candidate corners: a gap at least this much wider (and taller) than the spot
 * is always found. 8 divides the wall's free range for the default size exactly.
 */
export const FREE_SPOT_STEP = 8;

/**
 * The grid positions of corners along one axis: `count` corners `step` apart, from 0 to exactly
 * `range` (the last corner that keeps the spot on the wall).
 */
interface Axis {
  readonly step: number;
  readonly count: number;
}

function axisOf(range: number, step: number): Axis {
  const intervals = Math.max(1, Math.ceil(range / step));
  return { step: range / intervals, count: intervals + 1 };
}

/** The corner indices in [lo, hi] (inclusive), clamped to the axis; empty when lo > hi. */
function indexRange(axis: Axis, lo: number, hi: number): [number, number] {
  let first = Math.max(0, Math.ceil(lo / axis.step));
  while (first > 0 && (first - 1) * axis.step >= lo) first--;
  while (first * axis.step < lo) first++;
  let last = Math.min(axis.count - 1, Math.floor(hi / axis.step));
  while (last < axis.count - 1 && (last + 1) * axis.step <= hi) last++;
  while (last >= 0 && last * axis.step > hi) last--;
  return [first, last];
}

/**
 * The free spot (a `size` rectangle on the wall meeting no outline; edges count as meeting) whose
 * centre is nearest to `from`; null when the wall has none.
 */
export function findFreeSpot(
  outlines: readonly Rect[],
  from: Point,
  size: SpotSize = FREE_SPOT_SIZE,
  step: number = FREE_SPOT_STEP,
): Rect | null {
  const rangeX = WALL_SIZE - size.width;
  const rangeY = WALL_SIZE - size.height;
  if (rangeX < 0 || rangeY < 0 || !(step > 0)) return null;
  const fx = Number.isFinite(from[0]) ? from[0] : WALL_SIZE / 2;
  const fy = Number.isFinite(from[1]) ? from[1] : WALL_SIZE / 2;
  // The spot at `from` (kept on the wall) may be off the grid: when it is free, nothing is nearer.
  const here = {
    x: Math.min(rangeX, Math.max(0, fx - size.width / 2)),
    y: Math.min(rangeY, Math.max(0, fy - size.height / 2)),
    width: size.width,
    height: size.height,
  };
  if (isClear(here, outlines)) return here;

  const ax = axisOf(rangeX, step);
  const ay = axisOf(rangeY, step);
  // One extra row and column so every difference lands inside the array.
  const stride = ax.count + 1;
  const blocked = new Int32Array(stride * (ay.count + 1));

  for (const o of outlines) {
    if (![o.x, o.y, o.width, o.height].every(Number.isFinite)) continue;
    // A spot with its corner at c meets the outline when c ∈ [o.x − width, o.x + o.width].
    const [i0, i1] = indexRange(ax, o.x - size.width, o.x + o.width);
    const [j0, j1] = indexRange(ay, o.y - size.height, o.y + o.height);
    if (i0 > i1 || j0 > j1) continue;
    blocked[j0 * stride + i0]! += 1;
    blocked[j0 * stride + i1 + 1]! -= 1;
    blocked[(j1 + 1) * stride + i0]! -= 1;
    blocked[(j1 + 1) * stride + i1 + 1]! += 1;
  }

  // Prefix sums turn the differences into "how many outlines this corner's spot meets".
  for (let j = 0; j < ay.count; j++) {
    for (let i = 0; i < ax.count; i++) {
      const k = j * stride + i;
      const left = i > 0 ? blocked[k - 1]! : 0;
      const up = j > 0 ? blocked[k - stride]! : 0;
      const diagonal = i > 0 && j > 0 ? blocked[k - stride - 1]! : 0;
      blocked[k] = blocked[k]! + left + up - diagonal;
    }
  }

  let best: Rect | null = null;
  let bestDistance = Infinity;
  for (let j = 0; j < ay.count; j++) {
    const y = j * ay.step;
    const dy = y + size.height / 2 - fy;
    // A row further away than the best spot so far cannot hold a nearer one.
    if (dy * dy >= bestDistance) continue;
    for (let i = 0; i < ax.count; i++) {
      if (blocked[j * stride + i] !== 0) continue;
      const x = i * ax.step;
      const dx = x + size.width / 2 - fx;
      const distance = dx * dx + dy * dy;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = { x, y, width: size.width, height: size.height };
      }
    }
  }
  return best;
}

function isClear(spot: Rect, outlines: readonly Rect[]): boolean {
  for (const o of outlines) if (rectsMeet(spot, o)) return false;
  return true;
}

/** The centre of a rectangle: where the view goes to show a spot. */
export function centreOf(r: Rect): Point {
  return [r.x + r.width / 2, r.y + r.height / 2];
}
