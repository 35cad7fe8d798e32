/** The browser's own gestures and the wall's: who gets the pointer when. */
import type Konva from 'konva';
import { useEffect, type RefObject } from 'react';

/**
 * Two guards on the stage container:
 * - Spec §5: leaving the wall with the mouse cancels the pan. Konva follows a stage drag on
 *   window events, so without this the wall would keep following a mouse that left it.
 * - Touch moves on the wall are never the browser's. `touch-action: none` already stops page
 *   scrolling, but Chrome still reads a quick stroke as a fling and then swallows the next tap
 *   (a tap that stops a fling does not click): the first tap on Save after drawing did nothing.
 *   Konva prevents touchmove only while it drags the stage, so drawing needs this.
 */
export function useGestureGuards(stageRef: RefObject<Konva.Stage | null>): void {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    const onLeave = (evt: PointerEvent) => {
      if (evt.pointerType === 'mouse' && stage.isDragging()) stage.stopDrag();
    };
    const onTouchMove = (evt: TouchEvent) => {
      if (evt.cancelable) evt.preventDefault();
    };
    container.addEventListener('pointerleave', onLeave);
    container.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      container.removeEventListener('pointerleave', onLeave);
      container.removeEventListener('touchmove', onTouchMove);
    };
  }, [stageRef]);
}
