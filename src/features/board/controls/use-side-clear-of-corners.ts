/**
 * Keeps a group of the board's own controls off the wall's corners (issue 20): after every camera
 * move, and whenever the group changes size (the overview unfolds, the tools open), it measures
 * the group and asks the domain which side it belongs on. The group renders `data-side` from the
 * answer; React renders only when the side changes, never per pan frame.
 */
import { useEffect, useState, type RefObject } from 'react';
import {
  mirrorAcross,
  sideClearOfCorners,
  type ControlSide,
} from '../../../domain/corner-clearance.ts';
import type { Rect } from '../../../domain/geometry.ts';
import type { Camera } from '../input/camera.ts';

/**
 * The screen box of `group` and everything in it: an open menu may hang outside the group's own
 * box (absolutely placed), and it covers the wall all the same.
 */
function boxOf(group: HTMLElement): Rect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const el of [group, ...group.querySelectorAll('*')]) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    left = Math.min(left, r.left);
    top = Math.min(top, r.top);
    right = Math.max(right, r.right);
    bottom = Math.max(bottom, r.bottom);
  }
  return left < right ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

export function useSideClearOfCorners(
  camera: Camera | null,
  groupRef: RefObject<HTMLElement | null>,
): ControlSide {
  const [side, setSide] = useState<ControlSide>('home');
  useEffect(() => {
    const group = groupRef.current;
    if (!camera || !group) return undefined;
    const place = () => {
      const now = camera.current();
      const box = boxOf(group);
      if (!now || !box) return;
      // Measured where it is drawn now (the DOM's side, which a pending render may not have
      // changed yet), then taken back to its home side for the question.
      const home = group.dataset.side === 'mirrored' ? mirrorAcross(box, now.viewport) : box;
      setSide(sideClearOfCorners(home, now.camera, now.viewport));
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(group);
    for (const child of group.children) resized.observe(child);
    const stopMoves = camera.onMove(place);
    return () => {
      stopMoves();
      resized.disconnect();
    };
  }, [camera, groupRef]);
  return side;
}
