/**
 * A uniform grid over the wall that answers "which outlines are near here?" without scanning
 * every signature: used for the drawing hit tests on every pointer move, and to find what each
 * tile of the board paints (over the signatures' painted extents).
 */
import { WALL_SIZE } from './rules.ts';
import { pointInRect, rectsMeet, segmentMeetsRect, type Point, type Rect } from './geometry.ts';

const CELL = 200;
const CELLS = Math.ceil(WALL_SIZE / CELL);

export interface Outlined {
  readonly id: number;
  readonly outline: Rect;
}

export interface OutlineIndex<T extends Outlined> {
  /** The first item whose outline holds the point, if any. */
  itemAtPoint(p: Point): T | undefined;
  /** The first item whose outline the segment from a to b meets, if any. */
  itemOnSegment(a: Point, b: Point): T | undefined;
  /** Every item whose outline meets the rectangle, in insertion order. */
  itemsInRect(r: Rect): T[];
  /**
   * The index with `more` added after its items, in O(more): it shares this one's storage, so this
   * one finds them too. For a wall that only grows (a load, live updates); rebuild on a removal.
   */
  extend(more: readonly T[]): OutlineIndex<T>;
}

/**
 * The grid's cell, along one axis, that holds `v`, clamped to the wall. A number, not a pair: it
 * runs for every signature that joins a loading wall.
 */
function cellOf(v: number): number {
  return Math.min(CELLS - 1, Math.max(0, Math.floor(v / CELL)));
}

/** Builds an index over the items' outlines; items keep the order given. */
export function createOutlineIndex<T extends Outlined>(initial: readonly T[]): OutlineIndex<T> {
  const items: T[] = [];
  const cells: number[][] = Array.from({ length: CELLS * CELLS }, () => []);
  const add = (item: T) => {
    const i = items.push(item) - 1;
    const { x, y, width, height } = item.outline;
    for (let cy = cellOf(y), cy1 = cellOf(y + height); cy <= cy1; cy++) {
      for (let cx = cellOf(x), cx1 = cellOf(x + width); cx <= cx1; cx++)
        cells[cy * CELLS + cx]!.push(i);
    }
  };
  initial.forEach(add);

  // Item positions (into `items`) from every cell the rectangle touches, ascending, each once.
  function candidates(r: Rect): number[] {
    const seen = new Set<number>();
    for (let cy = cellOf(r.y), cy1 = cellOf(r.y + r.height); cy <= cy1; cy++) {
      for (let cx = cellOf(r.x), cx1 = cellOf(r.x + r.width); cx <= cx1; cx++) {
        for (const i of cells[cy * CELLS + cx]!) seen.add(i);
      }
    }
    return [...seen].sort((a, b) => a - b);
  }

  return {
    itemAtPoint(p) {
      for (const i of candidates({ x: p[0], y: p[1], width: 0, height: 0 })) {
        if (pointInRect(p, items[i]!.outline)) return items[i];
      }
      return undefined;
    },
    itemOnSegment(a, b) {
      const box = {
        x: Math.min(a[0], b[0]),
        y: Math.min(a[1], b[1]),
        width: Math.abs(a[0] - b[0]),
        height: Math.abs(a[1] - b[1]),
      };
      for (const i of candidates(box)) {
        if (segmentMeetsRect(a, b, items[i]!.outline)) return items[i];
      }
      return undefined;
    },
    itemsInRect(r) {
      return candidates(r)
        .map((i) => items[i]!)
        .filter((item) => rectsMeet(item.outline, r));
    },
    extend(more) {
      more.forEach(add);
      return { ...this };
    },
  };
}
