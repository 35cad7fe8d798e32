/**
 * The board's camera: where the wall sits in the viewport. The stage's offset is the screen
 * position of the wall's top-left corner, so it is always ≤ 0 while the wall is larger than the
 * viewport (spec §4: between 0 and viewport size minus canvas size).
 */
import { WALL_SIZE } from './rules.ts';
import { worldPoint, type Rect, type ScreenPoint, type WorldPoint } from './geometry.ts';
import { wallPoint } from './signature.ts';

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

/** The closest the wall can be looked at: 4 screen pixels per wall pixel. */
export const MAX_SCALE = 4;

/**
 * The furthest zoom: the whole wall fits the viewport (on a screen larger than the wall, 1:
 * zooming out never shrinks the wall below its own size).
 */
export function minScale(viewport: Size): number {
  const fit = Math.min(viewport.width, viewport.height) / WALL_SIZE;
  // A zero-sized viewport (before layout) must not make the scale 0.
  return fit > 0 ? Math.min(1, fit) : 1;
}

/** `scale` held between minScale(viewport) and MAX_SCALE. */
export function clampScale(scale: number, viewport: Size): number {
  return Math.min(MAX_SCALE, Math.max(minScale(viewport), scale));
}

export interface CameraState {
  readonly scale: number;
  /** The screen position of the wall's top-left corner. */
  readonly offset: Offset;
}

/**
 * Zooms by `factor` keeping the wall point under `screen` where it is (unless a limit or the
 * wall's edge stops it), then clamps the scale and the offset. With `moveTo` (a pinch whose
 * fingers also moved), that wall point lands under `moveTo` instead.
 */
export function zoomAround(
  camera: CameraState,
  screen: Offset,
  factor: number,
  viewport: Size,
  moveTo: Offset = screen,
): CameraState {
  const scale = clampScale(camera.scale * factor, viewport);
  const wallX = (screen.x - camera.offset.x) / camera.scale;
  const wallY = (screen.y - camera.offset.y) / camera.scale;
  const offset = clampOffset(
    { x: moveTo.x - wallX * scale, y: moveTo.y - wallY * scale },
    viewport,
    scale,
  );
  return { scale, offset };
}

/** The viewport's centre, for zooming with buttons and keys. */
export function viewportCentre(viewport: Size): Offset {
  return { x: viewport.width / 2, y: viewport.height / 2 };
}

/** Where the board opens without other instructions: the wall's top-left corner, at scale 1. */
export const INITIAL_CAMERA: CameraState = { scale: 1, offset: { x: 0, y: 0 } };

/**
 * The part of the wall (clipped to it) that the board's first screen shows for this viewport: the
 * signatures meeting it are loaded first. `camera` is where the board opens (clamped as always).
 */
export function initialViewRect(viewport: Size, camera: CameraState = INITIAL_CAMERA): Rect {
  const scale = clampScale(camera.scale, viewport);
  const seen = visibleWallRect(clampOffset(camera.offset, viewport, scale), viewport, scale);
  const x = Math.max(0, seen.x);
  const y = Math.max(0, seen.y);
  return {
    x,
    y,
    width: Math.min(WALL_SIZE, seen.x + seen.width) - x,
    height: Math.min(WALL_SIZE, seen.y + seen.height) - y,
  };
}

/**
 * The wall point under a screen point, as a stroke stores it: rounded as the database stores
 * coordinates and held on the wall (a pointer beyond the wall's edge draws along it).
 */
export function worldPointAt(screen: ScreenPoint, camera: CameraState): WorldPoint {
  const [x, y] = wallPoint(
    (screen.x - camera.offset.x) / camera.scale,
    (screen.y - camera.offset.y) / camera.scale,
  );
  return worldPoint(x, y);
}

/** The camera with the viewport changed (a resize or rotation): scale and offset clamped again. */
export function clampCamera(camera: CameraState, viewport: Size): CameraState {
  const scale = clampScale(camera.scale, viewport);
  return { scale, offset: clampOffset(camera.offset, viewport, scale) };
}
