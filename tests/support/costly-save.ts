/**
 * The costliest save the rules allow, as one function, so the flood tests can be pointed at a
 * worse shape when one is found: what to put on the wall first, and the save to send again and
 * again. Pure: no I/O.
 *
 * Today's shape: a zigzag of MAX_POINTS points between the corners of an 800 × 600 box (the
 * largest a signature may span), whose gaps hold ~800 one-pixel dots that its segments pass by
 * without touching; the last point lands on a dot, so the database checks every segment against
 * every dot near it and then refuses the save (409). Refused, it can be sent forever.
 */
import {
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
} from '../../src/domain/constants.ts';

type Point = [number, number];

export interface CostlySave {
  /** Signatures (strokes JSON) to store first, each alone (they never overlap one another). */
  seeds: string[];
  /** The request body of the save to repeat (`{"signature": …}`). */
  body: string;
}

const DOTS = 800;

/** True when segment a–b meets the box [x0, y0, x1, y1] (Liang–Barsky clipping). */
function meets(a: Point, b: Point, box: [number, number, number, number]): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, a[0] - box[0]],
    [dx, box[2] - a[0]],
    [-dy, a[1] - box[1]],
    [dy, box[3] - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      t0 = Math.max(t0, t);
    } else {
      if (t < t0) return false;
      t1 = Math.min(t1, t);
    }
  }
  return t0 <= t1;
}

export interface CostlySaveOptions {
  /** The box's top-left corner; default the wall's bottom right. */
  at?: Point;
  /** Points of the zigzag; default the most a signature may hold. */
  points?: number;
}

/** The zigzag through dots. */
export function costlySave({
  at = [2300, 2500],
  points = MAX_POINTS,
}: CostlySaveOptions = {}): CostlySave {
  const a: Point = at;
  const b: Point = [at[0] + MAX_SIGNATURE_WIDTH, at[1] + MAX_SIGNATURE_HEIGHT];
  const dots: Point[] = [];
  for (let y = a[1] + 12; y <= b[1] - 12 && dots.length < DOTS; y += 14) {
    for (let x = a[0] + 12; x <= b[0] - 12 && dots.length < DOTS; x += 20) {
      // Clear of the diagonal by the dot's padded outline, so only the last point touches one.
      if (!meets(a, b, [x - 13, y - 13, x + 14, y + 14])) dots.push([x, y]);
    }
  }
  const zigzag: Point[] = [];
  for (let i = 0; i < Math.min(points, MAX_POINTS) - 1; i++) zigzag.push(i % 2 ? b : a);
  zigzag.push(dots[0]!);
  return {
    seeds: dots.map(([x, y]) =>
      JSON.stringify([
        [
          [x, y],
          [x + 1, y + 1],
        ],
      ]),
    ),
    body: JSON.stringify({ signature: JSON.stringify([zigzag]) }),
  };
}
