import type Konva from 'konva';
import { useEffect, type RefObject } from 'react';

/**
 * Spec §5: leaving the wall with the mouse cancels the pan. Konva follows a stage drag on window
 * events, so without this the wall would keep following a mouse that is no longer over it.
 */
export function usePanLeave(stageRef: RefObject<Konva.Stage | null>): void {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    const onLeave = (evt: PointerEvent) => {
      if (evt.pointerType === 'mouse' && stage.isDragging()) stage.stopDrag();
    };
    container.addEventListener('pointerleave', onLeave);
    return () => container.removeEventListener('pointerleave', onLeave);
  }, [stageRef]);
}
