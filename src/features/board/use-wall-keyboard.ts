/**
 * The wall as a keyboard and screen-reader user meets it: the stage's container is focusable
 * (role and tabIndex come from the Stage's props), named and described here; with it focused the
 * arrow keys pan; and focus comes back to it when the caption box closes (save or cancel), since
 * the control that had it is gone.
 */
import type Konva from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import type { Stroke } from '../../domain/geometry.ts';
import type { Camera } from './use-camera.ts';
import { WALL_HELP_ID } from './wall-help.tsx';

/** The wall's accessible name. */
export const WALL_LABEL = 'Wall';
/** One arrow press moves the view by this share of the screen. */
export const ARROW_STEP = 0.1;

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function useWallKeyboard(
  stageRef: RefObject<Konva.Stage | null>,
  camera: Camera,
  pending: readonly Stroke[] | null,
): void {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    // The Stage passes role and tabIndex through, but no aria-* props.
    container.setAttribute('aria-label', WALL_LABEL);
    container.setAttribute('aria-describedby', WALL_HELP_ID);

    const onKey = (e: KeyboardEvent) => {
      const direction = ARROWS[e.key];
      if (!direction || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      const now = camera.current();
      if (!now) return;
      const { width, height } = now.viewport;
      camera.panBy(direction[0] * width * ARROW_STEP, direction[1] * height * ARROW_STEP);
    };
    container.addEventListener('keydown', onKey);
    return () => container.removeEventListener('keydown', onKey);
  }, [stageRef, camera]);

  const hadPending = useRef(false);
  useEffect(() => {
    const closed = hadPending.current && pending === null;
    hadPending.current = pending !== null;
    if (!closed) return;
    // Only when the focus was lost with the caption box: a visitor who moved it elsewhere (the
    // mode toggle, say) keeps it there.
    const active = document.activeElement;
    if (active === null || active === document.body) {
      stageRef.current?.container().focus({ preventScroll: true });
    }
  }, [stageRef, pending]);
}
