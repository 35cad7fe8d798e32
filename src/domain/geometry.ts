/**
 * Wall geometry: points, strokes, outlines and the two hit tests that decide where drawing is
 * refused (docs/architecture.md §3). The SQL rules in supabase/migrations implement the same tests, and both
 * are checked against tests/vectors/geometry.json.
 */
import { OUTLINE_PADDING } from './rules.ts';

/** A point in wall coordinates: `[x, y]`. */
export type Point = readonly [number, number];
/**
 * The two coordinate spaces of the board, kept apart by the type checker (Excalidraw's branded
 * points): a WorldPoint is on the 3200×3200 wall, whatever the camera; a ScreenPoint is in CSS
 * pixels from the canvas's top-left corner. Only the camera turns one into the other
 * (worldPointAt in camera.ts), so a screen point can never be stored in a stroke by mistake.
 */
export type WorldPoint = Point & { readonly __space: 'world' };
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
  readonly __space: 'screen';
}

/** A wall point, as the camera or a test names it. */
export function worldPoint(x: number, y: number): WorldPoint {
  return [x, y] as unknown as WorldPoint;
}

/** A point on the canvas, in CSS pixels from its top-left corner. */
export function screenPoint(x: number, y: number): ScreenPoint {
  return { x, y } as ScreenPoint;
}

/** A freehand stroke: the pointer samples in order. */
export type Stroke = readonly Point[];
/** An axis-aligned rectangle; edges are inclusive. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The bounding box of every point, padded by OUTLINE_PADDING; null when there are no points. */
export function outlineOf(strokes: readonly Stroke[]): Rect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of strokes) {
    for (const [x, y] of stroke) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  if (minX === Infinity) return null;
  return {
    x: minX - OUTLINE_PADDING,
    y: minY - OUTLINE_PADDING,
    width: maxX - minX + 2 * OUTLINE_PADDING,
    height: maxY - minY + 2 * OUTLINE_PADDING,
  };
}

/** True when the point lies inside the rectangle or on its edge. */
export function pointInRect([x, y]: Point, r: Rect): boolean {
  return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
}

/**
 * True when any part of the segment from `a` to `b` lies inside the rectangle or on its edge.
 * Fast pointer moves skip samples, so drawing is tested segment by segment, not only at samples.
 * Liang–Barsky clipping: the segment meets the rectangle when the parameter interval that stays
 * inside all four edges is not empty.
 */
export function segmentMeetsRect(a: Point, b: Point, r: Rect): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  // For each edge: p·t ≤ q keeps the point on the inner side.
  const edges: ReadonlyArray<readonly [number, number]> = [
    [-dx, a[0] - r.x],
    [dx, r.x + r.width - a[0]],
    [-dy, a[1] - r.y],
    [dy, r.y + r.height - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false; // parallel to this edge and outside it
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t1) return false;
        if (t > t0) t0 = t;
      } else {
        if (t < t0) return false;
        if (t < t1) t1 = t;
      }
    }
  }
  return t0 <= t1;
}

/** True when two rectangles share at least one point (inclusive edges). */
export function rectsMeet(a: Rect, b: Rect): boolean {
  return (
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
  );
}

/** The length of the segment a–b, computed as the database computes it: sqrt(dx² + dy²). */
export function segmentLength(a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * The strokes' length: every segment's length added up in reading order, one by one, as the
 * database adds them (its length rule), so both round alike.
 */
export function strokesLength(strokes: readonly Stroke[]): number {
  let length = 0;
  for (const stroke of strokes) {
    for (let i = 1; i < stroke.length; i++) length += segmentLength(stroke[i - 1]!, stroke[i]!);
  }
  return length;
}

/** `r` grown by `margin` on every side. */
export function grow(r: Rect, marginX: number, marginY = marginX): Rect {
  return {
    x: r.x - marginX,
    y: r.y - marginY,
    width: r.width + 2 * marginX,
    height: r.height + 2 * marginY,
  };
}

/** The smallest rectangle holding both. */
export function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
