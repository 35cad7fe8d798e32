/**
 * The board's camera: the Stage's position is the wall's top-left corner on screen. It lives on
 * the Stage itself (never in React state) so a drag costs no render; this hook only clamps it
 * and tells listeners when it moved.
 */
import type Konva from 'konva';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { clampOffset, type Offset, type Size } from '../../domain/camera.ts';

export interface Camera {
  /** Keeps every drag position inside [viewport − wall, 0] (or centred on a huge screen). */
  dragBoundFunc: (pos: Offset) => Offset;
  /** Calls `listener` after every camera move (drag, resize); returns the unsubscribe. */
  onMove: (listener: () => void) => () => void;
}

export function useCamera(stageRef: RefObject<Konva.Stage | null>, viewport: Size): Camera {
  const viewportRef = useRef(viewport);
  const listeners = useRef(new Set<() => void>());

  const notify = useCallback(() => {
    for (const listener of listeners.current) listener();
  }, []);

  // A resize or rotation can leave the old offset out of bounds: clamp again (before paint).
  useEffect(() => {
    viewportRef.current = viewport;
    const stage = stageRef.current;
    if (!stage) return;
    stage.position(clampOffset(stage.position(), viewport));
    notify();
  }, [stageRef, viewport, notify]);

  // Konva's own dragmove listener, not a React prop: panning must not render anything.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    stage.on('dragmove.camera', notify);
    return () => {
      stage.off('dragmove.camera');
    };
  }, [stageRef, notify]);

  const dragBoundFunc = useCallback((pos: Offset) => clampOffset(pos, viewportRef.current), []);
  const onMove = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  return { dragBoundFunc, onMove };
}
