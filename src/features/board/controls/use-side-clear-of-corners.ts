/**
 * Keeps a group of the board's own controls off the wall's corners: after every camera
 * move it asks the domain which side the group belongs on. The group's box at home is measured
 * only when it can have changed (the group or its contents change size or shape: the overview
 * unfolds, the tools open; the window is resized), never per pan frame: measuring every element
 * of the group after each move would force a style and layout pass on the pan's hot path. The
 * group renders `data-side` from the answer; React renders only when the side changes.
 */
import { useEffect, useState, type RefObject } from 'react';
import { mirrorAcross, sideClearOfCorners, type ControlSide } from '../model/corner-clearance.ts';
import type { Size } from '../../../domain/camera.ts';
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

/**
 * Elements resized by every camera move (the overview's view box), always inside the group's
 * other boxes: watched, each move of a zoom would measure the whole group again (a forced
 * layout per frame).
 */
const FOLLOWS_CAMERA = '[data-follows-camera]';

export function useSideClearOfCorners(
  camera: Camera | null,
  groupRef: RefObject<HTMLElement | null>,
): ControlSide {
  const [side, setSide] = useState<ControlSide>('home');
  useEffect(() => {
    const group = groupRef.current;
    if (!camera || !group) return undefined;
    /** The group's box on its home side, and the viewport it was measured in. */
    let measured: { home: Rect; viewport: Size } | null = null;
    const measure = (viewport: Size) => {
      const box = boxOf(group);
      // Measured where it is drawn now (the DOM's side, which a pending render may not have
      // changed yet), then taken back to its home side for the question.
      const home = box && group.dataset.side === 'mirrored' ? mirrorAcross(box, viewport) : box;
      measured = home ? { home, viewport } : null;
    };
    const place = () => {
      const now = camera.current();
      const { width, height } = now.viewport;
      if (measured?.viewport.width !== width || measured.viewport.height !== height) {
        measure(now.viewport);
      }
      if (measured) setSide(sideClearOfCorners(measured.home, now.camera, now.viewport));
    };
    const remeasure = () => {
      measured = null;
      place();
    };
    place();
    const resized = new ResizeObserver(remeasure);
    const observeAll = () => {
      resized.disconnect();
      resized.observe(group);
      for (const el of group.querySelectorAll(`*:not(${FOLLOWS_CAMERA})`)) resized.observe(el);
    };
    observeAll();
    // A menu that opens adds elements: watch them too, and measure again.
    const changed = new MutationObserver(() => {
      observeAll();
      remeasure();
    });
    changed.observe(group, { childList: true, subtree: true });
    const stopMoves = camera.onMove(place);
    return () => {
      stopMoves();
      changed.disconnect();
      resized.disconnect();
    };
  }, [camera, groupRef]);
  return side;
}
