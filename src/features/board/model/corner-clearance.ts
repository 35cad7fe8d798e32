/**
 * Which side of the screen the board's own controls sit on (the zoom and tool buttons, the wall
 * overview; not the spec's '<', mode toggle and readout), so that none of them keeps part of the
 * wall out of reach. The camera clamp pins a wall corner to a screen corner, and a
 * control floating in that screen corner would cover it for good: so each group of controls has a
 * home side and steps across to the mirrored side while the wall's corner lies under it at home.
 * Pure: the caller measures the group on screen and applies the answer.
 */
import type { CameraState, Size } from '../../../domain/camera.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import type { Rect } from '../../../domain/geometry.ts';

/** How much of each wall corner must always be reachable: this many wall pixels square. */
export const CORNER_REACH = 150;

/** Where a group of controls sits: its home side, or mirrored across the screen's vertical axis. */
export type ControlSide = 'home' | 'mirrored';

/** The area of rect `r` clipped to `bounds` (0 when they do not overlap). */
function overlapArea(r: Rect, bounds: Rect): number {
  const width = Math.min(r.x + r.width, bounds.x + bounds.width) - Math.max(r.x, bounds.x);
  const height = Math.min(r.y + r.height, bounds.y + bounds.height) - Math.max(r.y, bounds.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The screen rects of the wall's four corner areas (`reach` wall pixels square) that the viewport
 * shows, clipped to it; corners off the screen are left out.
 */
export function wallCornersOnScreen(
  camera: CameraState,
  viewport: Size,
  reach = CORNER_REACH,
): Rect[] {
  const { scale, offset } = camera;
  const side = reach * scale;
  const far = (WALL_SIZE - reach) * scale;
  const screen: Rect = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const corners: Rect[] = [];
  for (const dy of [0, far]) {
    for (const dx of [0, far]) {
      const corner = { x: offset.x + dx, y: offset.y + dy, width: side, height: side };
      const x = Math.max(corner.x, 0);
      const y = Math.max(corner.y, 0);
      const clipped = {
        x,
        y,
        width: Math.min(corner.x + side, viewport.width) - x,
        height: Math.min(corner.y + side, viewport.height) - y,
      };
      if (overlapArea(clipped, screen) > 0) corners.push(clipped);
    }
  }
  return corners;
}

/** `rect` mirrored across the viewport's vertical middle: a control anchored right ↔ left. */
export function mirrorAcross(rect: Rect, viewport: Size): Rect {
  return { ...rect, x: viewport.width - rect.x - rect.width };
}

/** How many screen pixels of the wall's corner areas `rect` covers (touching edges cover none). */
export function coveredCornerArea(rect: Rect, corners: readonly Rect[]): number {
  return corners.reduce((sum, corner) => sum + overlapArea(rect, corner), 0);
}

/**
 * The side a group of controls takes, given its rect on screen at its home side: home while that
 * covers none of the wall's corners; mirrored while home covers one and the mirror covers none
 * (the clamp pins only one corner per axis at a time, so at the board's usual zooms the mirror is
 * clear). When both cover some (zoomed in so far that a corner area is wider than the screen's
 * free half) the side covering less, home on a tie: zooming out then brings the corner clear.
 */
export function sideClearOfCorners(home: Rect, camera: CameraState, viewport: Size): ControlSide {
  const corners = wallCornersOnScreen(camera, viewport);
  const atHome = coveredCornerArea(home, corners);
  if (atHome === 0) return 'home';
  const mirrored = coveredCornerArea(mirrorAcross(home, viewport), corners);
  return mirrored < atHome ? 'mirrored' : 'home';
}
