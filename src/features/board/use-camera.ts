/**
 * The board's camera: the Stage's position is the wall's top-left corner on screen and its scale
 * the zoom. Both live on the Stage itself (never in React state) so a drag, a wheel turn or a
 * pinch costs no render; this hook clamps them, applies zoom gestures and tells listeners when
 * the camera moved.
 */
import type Konva from 'konva';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  clampOffset,
  clampScale,
  viewportCentre,
  zoomAround,
  type CameraState,
  type Offset,
  type Size,
} from '../../domain/camera.ts';
import { initialCamera, type ViewLink } from '../../domain/view-link.ts';

/** One press of a zoom button or key. */
export const ZOOM_STEP = 1.25;
/** Wheel pixels per e-fold of zoom: a 100 px mouse-wheel notch zooms by about 1.22×. */
const WHEEL_PIXELS = 500;
/** Trackpad pinches arrive as ctrl+wheel with small deltas: more zoom per pixel. */
const PINCH_WHEEL_PIXELS = 100;

export interface Camera {
  /** Keeps every drag position inside [viewport − wall × scale, 0] at the current scale. */
  dragBoundFunc: (pos: Offset) => Offset;
  /** Calls `listener` after every camera move (drag, zoom, resize); returns the unsubscribe. */
  onMove: (listener: () => void) => () => void;
  /** Zooms by `factor` around a screen point (the viewport's centre by default). */
  zoomBy: (factor: number, screen?: Offset) => void;
  /** Moves the camera to `next`, clamped as always. */
  moveTo: (next: CameraState) => void;
  /** Moves the view by (dx, dy) screen pixels (the wall slides the other way), clamped. */
  panBy: (dx: number, dy: number) => void;
  /** The camera and the viewport it looks through; null before the stage exists. */
  current: () => { camera: CameraState; viewport: Size } | null;
}

function cameraOf(stage: Konva.Stage): CameraState {
  return { scale: stage.scaleX(), offset: stage.position() };
}

/** A client point relative to the stage's content box. */
function localPoint(stage: Konva.Stage, clientX: number, clientY: number): Offset {
  const { left, top } = stage.content.getBoundingClientRect();
  return { x: clientX - left, y: clientY - top };
}

interface PinchState {
  centre: Offset;
  distance: number;
}

function pinchOf(stage: Konva.Stage, touches: TouchList): PinchState {
  const a = touches[0]!;
  const b = touches[1]!;
  return {
    centre: localPoint(stage, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
    distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
  };
}

/**
 * `pinchEnabled`: two fingers zoom (pan mode). In drawing mode a second finger cancels the
 * stroke instead (use-stroke-input), and must not zoom. `initialView`: the view the board opens
 * on (a shared link), read once.
 */
export function useCamera(
  stageRef: RefObject<Konva.Stage | null>,
  viewport: Size,
  pinchEnabled: boolean,
  initialView: ViewLink | null = null,
): Camera {
  const viewportRef = useRef(viewport);
  const initialViewRef = useRef<ViewLink | null | undefined>(initialView);
  const pinchEnabledRef = useRef(pinchEnabled);
  const listeners = useRef(new Set<() => void>());

  useEffect(() => {
    pinchEnabledRef.current = pinchEnabled;
  }, [pinchEnabled]);

  const notify = useCallback(() => {
    for (const listener of listeners.current) listener();
  }, []);

  const apply = useCallback(
    (stage: Konva.Stage, next: CameraState) => {
      stage.scale({ x: next.scale, y: next.scale });
      stage.position(next.offset);
      notify();
      stage.batchDraw();
    },
    [notify],
  );

  // The first view (the origin, or a shared link's); then a resize or rotation can leave the old
  // scale or offset out of bounds: clamp again.
  useEffect(() => {
    viewportRef.current = viewport;
    const stage = stageRef.current;
    if (!stage) return;
    const from =
      initialViewRef.current === undefined
        ? cameraOf(stage)
        : initialCamera(viewport, initialViewRef.current);
    initialViewRef.current = undefined;
    const scale = clampScale(from.scale, viewport);
    apply(stage, { scale, offset: clampOffset(from.offset, viewport, scale) });
  }, [stageRef, viewport, apply]);

  const moveTo = useCallback(
    (next: CameraState) => {
      const stage = stageRef.current;
      if (!stage) return;
      const view = viewportRef.current;
      const scale = clampScale(next.scale, view);
      apply(stage, { scale, offset: clampOffset(next.offset, view, scale) });
    },
    [stageRef, apply],
  );

  const panBy = useCallback(
    (dx: number, dy: number) => {
      const stage = stageRef.current;
      if (!stage || stage.isDragging()) return;
      const { scale, offset } = cameraOf(stage);
      moveTo({ scale, offset: { x: offset.x - dx, y: offset.y - dy } });
    },
    [stageRef, moveTo],
  );

  const current = useCallback(() => {
    const stage = stageRef.current;
    return stage ? { camera: cameraOf(stage), viewport: viewportRef.current } : null;
  }, [stageRef]);

  const zoomBy = useCallback(
    (factor: number, screen?: Offset) => {
      const stage = stageRef.current;
      if (!stage) return;
      const view = viewportRef.current;
      apply(stage, zoomAround(cameraOf(stage), screen ?? viewportCentre(view), factor, view));
    },
    [stageRef, apply],
  );

  // Konva's own dragmove listener and native wheel/touch listeners, not React props: panning
  // and zooming must not render anything.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    stage.on('dragmove.camera', notify);

    const onWheel = (evt: WheelEvent) => {
      // The page never scrolls or zooms under the wall: the wheel is ours.
      evt.preventDefault();
      // A pan in progress keeps its own grip on the wall: Konva would undo the zoom's offset.
      if (evt.deltaY === 0 || stage.isDragging()) return;
      const pixels = evt.deltaMode === WheelEvent.DOM_DELTA_LINE ? evt.deltaY * 16 : evt.deltaY;
      const factor = Math.exp(-pixels / (evt.ctrlKey ? PINCH_WHEEL_PIXELS : WHEEL_PIXELS));
      zoomBy(factor, localPoint(stage, evt.clientX, evt.clientY));
    };

    // Two fingers pinch (docs/research/konva.md §2 recipe): the wall point under the fingers' last midpoint
    // follows the midpoint, scaled by how far they spread.
    let pinch: PinchState | null = null;
    const onTouch = (evt: TouchEvent) => {
      if (!pinchEnabledRef.current || evt.touches.length !== 2) {
        pinch = null;
        return;
      }
      // The first finger's pan gives way to the pinch (ready or already dragging).
      stage.stopDrag();
      const next = pinchOf(stage, evt.touches);
      if (pinch && pinch.distance > 0) {
        const view = viewportRef.current;
        const factor = next.distance / pinch.distance;
        apply(stage, zoomAround(cameraOf(stage), pinch.centre, factor, view, next.centre));
      }
      pinch = next;
    };
    const onTouchEnd = (evt: TouchEvent) => {
      if (evt.touches.length !== 2) pinch = null;
    };

    container.addEventListener('wheel', onWheel, { passive: false });
    container.addEventListener('touchstart', onTouch);
    container.addEventListener('touchmove', onTouch);
    container.addEventListener('touchend', onTouchEnd);
    container.addEventListener('touchcancel', onTouchEnd);
    return () => {
      stage.off('dragmove.camera');
      container.removeEventListener('wheel', onWheel);
      container.removeEventListener('touchstart', onTouch);
      container.removeEventListener('touchmove', onTouch);
      container.removeEventListener('touchend', onTouchEnd);
      container.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [stageRef, notify, apply, zoomBy]);

  const dragBoundFunc = useCallback(
    (pos: Offset) => clampOffset(pos, viewportRef.current, stageRef.current?.scaleX() ?? 1),
    [stageRef],
  );
  const onMove = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  // One object for the camera's life: components that hold it subscribe once.
  return useMemo(
    () => ({ dragBoundFunc, onMove, zoomBy, moveTo, panBy, current }),
    [dragBoundFunc, onMove, zoomBy, moveTo, panBy, current],
  );
}

/** `+`/`=` zoom in and `-` zooms out around the viewport's centre, unless typing. */
export function useZoomKeys(zoomBy: (factor: number) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '+' || e.key === '=') zoomBy(ZOOM_STEP);
      else if (e.key === '-') zoomBy(1 / ZOOM_STEP);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoomBy]);
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}
