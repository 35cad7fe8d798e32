/**
 * The costliest signatures we know for the insert guard: walls of dots built so that a
 * stroke passes as close to as many outlines as it can without touching one, and strokes at the
 * limits. Pure (no database): the tests and the timing script insert them.
 *
 * - The zigzag: ~800 dots in the gaps along the diagonal of the box (2300, 2500)–(3100, 3100), and
 *   a stroke bouncing between its corners (the attack of /work/shared/hooks/before-stop), or
 *   weaving along that diagonal in steps of a few pixels.
 * - The corridors: rows of dots along diagonals, 10.1 px apart (the closest one dot may be to the
 *   next: its point must stay off the other's outline), with 5-px-wide free corridors between the
 *   rows (in y − x). A path walks the corridors one after another, weaving ±1.5 px across each, so
 *   the box of nearly every piece of it holds outline corners that the path itself misses.
 */
import {
  segmentMeetsRect,
  strokesLength,
  type Point,
  type Rect,
  type Stroke,
} from '../../../src/domain/geometry.ts';

/** A one-point signature (two equal points): its outline is the 20 × 20 square around it. */
export const dotSignature = ([x, y]: Point): string =>
  JSON.stringify([
    [
      [x, y],
      [x, y],
    ],
  ]);

const outlineAround = ([x, y]: Point): Rect => ({ x: x - 10, y: y - 10, width: 20, height: 20 });

/** Rounded to a tenth, as the board stores points. */
const tenth = (v: number) => Math.round(v * 10) / 10;

// --- The zigzag -----------------------------------------------------------------------------

export const ZIGZAG_A: Point = [2300, 2500];
export const ZIGZAG_B: Point = [3100, 3100];

/** Up to 800 dots on a 20 × 14 grid in the box, none of whose outlines the diagonal A–B meets. */
export function zigzagDots(): Point[] {
  const dots: Point[] = [];
  for (let y = ZIGZAG_A[1] + 12; y <= ZIGZAG_B[1] - 12 && dots.length < 800; y += 14) {
    for (let x = ZIGZAG_A[0] + 12; x <= ZIGZAG_B[0] - 12 && dots.length < 800; x += 20) {
      const r = { x: x - 13, y: y - 13, width: 27, height: 27 };
      if (!segmentMeetsRect(ZIGZAG_A, ZIGZAG_B, r)) dots.push([x, y]);
    }
  }
  return dots;
}

/** `points` points bouncing between A and B (1000 px a segment); the last one on `end` if given. */
export function zigzagStroke(points: number, end?: Point): string {
  const stroke: Point[] = Array.from({ length: points }, (_, i) => (i % 2 ? ZIGZAG_B : ZIGZAG_A));
  if (end) stroke[points - 1] = end;
  return JSON.stringify([stroke]);
}

/**
 * `points` points along the zigzag's diagonal, back and forth `runs` times (990 px a run, 4 px
 * inside the box's corners), every other one 1 px to either side of it: every stretch of the
 * path passes within ~4 px of the dots on both sides without touching one.
 */
export function diagonalWeave(points: number, runs: number): string {
  const [a, b]: [Point, Point] = [
    [ZIGZAG_A[0] + 4, ZIGZAG_A[1] + 3],
    [ZIGZAG_B[0] - 4, ZIGZAG_B[1] - 3],
  ];
  const stroke: Point[] = [];
  for (let k = 0; k < points; k++) {
    const along = (runs * k) / (points - 1);
    const run = Math.min(runs - 1, Math.floor(along));
    const t = run % 2 === 0 ? along - run : 1 - (along - run);
    // Across the diagonal (its direction is (0.8, 0.6)).
    const side = k % 2 === 0 ? 1 : -1;
    stroke.push([
      tenth(a[0] + (b[0] - a[0]) * t - 0.6 * side),
      tenth(a[1] + (b[1] - a[1]) * t + 0.8 * side),
    ]);
  }
  return JSON.stringify([stroke]);
}

// --- The corridors --------------------------------------------------------------------------

/** Rows of dots every ROW_STEP in y − x; a corridor's middle is CORRIDOR_OFFSET above its row. */
const ROW_STEP = 45;
const CORRIDOR_OFFSET = 22.5;
const DOT_STEP = 10.1;
/** Free margin around the dots (their outlines end 10 inside it): the path turns there. */
const MARGIN = 40;
const RING = 15;

export interface CorridorField {
  /** The top-left corner of the 800 × 600 box the field and the path keep to. */
  readonly origin: Point;
  readonly dots: Point[];
  /** The corridors' middles (values of y − x) in walking order. */
  readonly corridors: number[];
}

export function corridorField(origin: Point): CorridorField {
  const [x0, y0] = origin;
  const inside = ([x, y]: Point) =>
    x >= x0 + MARGIN && x <= x0 + 800 - MARGIN && y >= y0 + MARGIN && y <= y0 + 600 - MARGIN;
  const dots: Point[] = [];
  const corridors: number[] = [];
  // Rows of dots y = x + r, r from well below to well above the box.
  for (let r = y0 - x0 - 800; r <= y0 - x0 + 600; r += ROW_STEP) {
    for (let x = x0 + MARGIN; x <= x0 + 800 - MARGIN; x += DOT_STEP) {
      const dot: Point = [tenth(x), tenth(x + r)];
      if (inside(dot)) dots.push(dot);
    }
    corridors.push(r + CORRIDOR_OFFSET);
  }
  return { origin, dots, corridors };
}

/** Where the line y − x = c crosses the ring RING px inside the box: two points, by x. */
function ringCrossings([x0, y0]: Point, c: number): [Point, Point] | null {
  const left = x0 + RING;
  const right = x0 + 800 - RING;
  const top = y0 + RING;
  const bottom = y0 + 600 - RING;
  const xStart = Math.max(left, top - c);
  const xEnd = Math.min(right, bottom - c);
  if (xEnd - xStart < 1) return null;
  return [
    [xStart, xStart + c],
    [xEnd, xEnd + c],
  ];
}

/** Position along the ring's perimeter (clockwise from the top-left corner) and back. */
function ringPosition([x0, y0]: Point, [x, y]: Point): number {
  const w = 800 - 2 * RING;
  const h = 600 - 2 * RING;
  const [dx, dy] = [x - x0 - RING, y - y0 - RING];
  if (Math.abs(dy) < 1e-9) return dx;
  if (Math.abs(dx - w) < 1e-9) return w + dy;
  if (Math.abs(dy - h) < 1e-9) return w + h + (w - dx);
  return 2 * w + h + (h - dy);
}

function ringPoint([x0, y0]: Point, s: number): Point {
  const w = 800 - 2 * RING;
  const h = 600 - 2 * RING;
  const p = ((s % (2 * (w + h))) + 2 * (w + h)) % (2 * (w + h));
  if (p <= w) return [x0 + RING + p, y0 + RING];
  if (p <= w + h) return [x0 + RING + w, y0 + RING + p - w];
  if (p <= 2 * w + h) return [x0 + RING + w - (p - w - h), y0 + RING + h];
  return [x0 + RING, y0 + RING + h - (p - 2 * w - h)];
}

/** The ring's corners strictly between two ring positions, walking the short way. */
function ringWalk(origin: Point, from: Point, to: Point): Point[] {
  const w = 800 - 2 * RING;
  const h = 600 - 2 * RING;
  const perimeter = 2 * (w + h);
  const a = ringPosition(origin, from);
  let b = ringPosition(origin, to);
  const forward = (((b - a) % perimeter) + perimeter) % perimeter;
  const step = forward <= perimeter / 2 ? 1 : -1;
  b = step === 1 ? a + forward : a - (perimeter - forward);
  const corners = [0, w, w + h, 2 * w + h];
  const out: Point[] = [];
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const found: number[] = [];
  for (let k = -1; k <= 1; k++) {
    for (const c of corners) {
      const s = c + k * perimeter;
      if (s > lo && s < hi) found.push(s);
    }
  }
  found.sort((u, v) => (step === 1 ? u - v : v - u));
  for (const s of found) out.push(ringPoint(origin, s));
  return out;
}

/** The corridors' centre line: corridor by corridor, alternating direction, joined along the ring. */
function corridorPolyline(field: CorridorField): Point[] {
  const path: Point[] = [];
  let forward = true;
  for (const c of field.corridors) {
    const crossing = ringCrossings(field.origin, c);
    if (!crossing) continue;
    const [p, q] = forward ? crossing : [crossing[1], crossing[0]];
    if (path.length > 0) path.push(...ringWalk(field.origin, path[path.length - 1]!, p));
    path.push(p, q);
    forward = !forward;
  }
  return path;
}

const length = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * `points` points spread evenly along the first `pathLength` px of the corridors' centre line
 * (walked back and forth as often as needed),
 * every other one 1.5 px to either side of it across the corridor (in the ring, too: it is 30 wide),
 * as `strokes` strokes of about equal size. `end` replaces the last point (e.g. a dot, to be refused).
 */
export function corridorPath(
  field: CorridorField,
  {
    points,
    pathLength,
    strokes = 1,
    end,
  }: {
    points: number;
    pathLength: number;
    strokes?: number;
    end?: Point;
  },
): string {
  // Walked back and forth as often as the length asks.
  const once = corridorPolyline(field);
  const onceLength = once.slice(1).reduce((sum, p, i) => sum + length(once[i]!, p), 0);
  const line = [...once];
  for (let total = onceLength; total < pathLength; total += onceLength) {
    line.push(...[...line.slice(-once.length)].reverse().slice(1));
  }
  const all: Point[] = [];
  let i = 0;
  let walked = 0;
  for (let k = 0; k < points; k++) {
    const d = (pathLength * k) / (points - 1);
    while (i < line.length - 2 && walked + length(line[i]!, line[i + 1]!) < d) {
      walked += length(line[i]!, line[i + 1]!);
      i++;
    }
    const [a, b] = [line[i]!, line[i + 1]!];
    const t = Math.min(1, (d - walked) / length(a, b));
    // Across the direction of travel, ±1.5 px.
    const [ux, uy] = [(b[0] - a[0]) / length(a, b), (b[1] - a[1]) / length(a, b)];
    const side = k % 2 === 0 ? 1.5 : -1.5;
    all.push([
      tenth(a[0] + (b[0] - a[0]) * t - uy * side),
      tenth(a[1] + (b[1] - a[1]) * t + ux * side),
    ]);
  }
  if (end) all[all.length - 1] = end;
  const out: Stroke[] = [];
  const per = Math.ceil(points / strokes);
  for (let s = 0; s < points; s += per) out.push(all.slice(s, Math.max(s + per, s + 2)));
  return JSON.stringify(out);
}

/**
 * corridorPath with its drawn length (weaving included) within 25 px under `length`: the
 * length along the centre line is searched for.
 */
export function corridorPathOfLength(
  field: CorridorField,
  options: { points: number; length: number; strokes?: number; end?: Point },
): string {
  const drawn = (pathLength: number) => {
    const text = corridorPath(field, { ...options, pathLength });
    return { text, measured: strokesLength(JSON.parse(text) as Point[][]) };
  };
  // The weave adds length and cut corners take some: bisect for the centre line's length.
  let [low, high] = [0, 2 * options.length];
  for (let tries = 0; tries < 60; tries++) {
    const middle = (low + high) / 2;
    const { text, measured } = drawn(middle);
    if (measured <= options.length && measured > options.length - 25) return text;
    if (measured > options.length) high = middle;
    else low = middle;
  }
  throw new Error(`no corridor path of ${options.points} points measures ${options.length} px`);
}

/** How many of the dots' outlines the strokes meet (0 for a path that threads the corridors). */
export function outlinesMet(text: string, dots: readonly Point[]): number {
  const strokes = JSON.parse(text) as Point[][];
  let met = 0;
  for (const dot of dots) {
    const r = outlineAround(dot);
    if (strokes.some((s) => s.some((p, i) => i > 0 && segmentMeetsRect(s[i - 1]!, p, r)))) met++;
  }
  return met;
}
