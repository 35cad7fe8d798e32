/**
 * The board's camera: where the wall sits in the viewport. The stage's offset is the screen
 * position of the wall's top-left corner, so it is always ≤ 0 while the wall is larger than the
 * viewport (spec §4: between 0 and viewport size minus canvas size).
 */
import { WALL_SIZE } from './constants.ts';
import type { Rect } from './geometry.ts';

export interface Offset {
  readonly x: number;
  readonly y: number;
}
export interface Size {
  readonly width: number;
  readonly height: number;
}

function clampAxis(offset: number, viewport: number, wall: number): number {
  // A viewport larger than the wall cannot satisfy both bounds: centre the wall instead.
  if (viewport >= wall) return (viewport - wall) / 2;
  return Math.min(0, Math.max(viewport - wall, offset));
}

/** The nearest offset that keeps the viewport on the wall, at the given scale. */
export function clampOffset(offset: Offset, viewport: Size, scale = 1): Offset {
  const wall = WALL_SIZE * scale;
  return {
    x: clampAxis(offset.x, viewport.width, wall),
    y: clampAxis(offset.y, viewport.height, wall),
  };
}

/** The part of the wall the viewport shows, grown by `margin` wall pixels on every side. */
export function visibleWallRect(offset: Offset, viewport: Size, scale = 1, margin = 0): Rect {
  return {
    x: -offset.x / scale - margin,
    y: -offset.y / scale - margin,
    width: viewport.width / scale + 2 * margin,
    height: viewport.height / scale + 2 * margin,
  };
}
