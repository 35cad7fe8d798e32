import type Konva from 'konva';
import type { Point } from '../../domain/geometry.ts';
import { wallPoint } from '../../domain/signature.ts';

/** Where the stage's content box sits on screen; read once per stroke, it does not move. */
export function contentOrigin(stage: Konva.Stage): { left: number; top: number } {
  const { left, top } = stage.content.getBoundingClientRect();
  return { left, top };
}

/**
 * The wall point under a pointer event. Computed from the event itself rather than Konva's
 * `getPointerPosition()`, which answers the first pointer down, not necessarily this one.
 */
export function wallPointOf(
  stage: Konva.Stage,
  evt: { clientX: number; clientY: number },
  origin = contentOrigin(stage),
): Point {
  const p = stage
    .getAbsoluteTransform()
    .copy()
    .invert()
    .point({ x: evt.clientX - origin.left, y: evt.clientY - origin.top });
  return wallPoint(p.x, p.y);
}
