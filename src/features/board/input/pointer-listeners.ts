/**
 * The canvas's pointer, wheel and touch listeners: DOM events in, board events out.
 *
 * A gesture belongs to the wall until it ends: its pointer is captured on the canvas from the
 * press on, so a pan or a stroke that passes over a floating control (the overview, the zoom
 * buttons, the tools, which lie over the canvas as its siblings) keeps going. Only leaving the
 * canvas's own bounds (the window's edge) with the mouse ends it (spec §5), told by its position, or
 * the browser taking the pointer back (pointercancel, lostpointercapture). A press that starts on
 * a control never reaches the canvas: it is the control's.
 */
import type { BoardEvent, BoardState, PointerKind } from '../model/board.ts';
import { screenPoint, type ScreenPoint } from '../../../domain/geometry.ts';
import type { CanvasElement, PointerInput, TouchInput, WheelInput } from './surface.ts';

/** Wheel pixels per e-fold of zoom: a 100 px mouse-wheel notch zooms by about 1.22×. */
const WHEEL_PIXELS = 500;
/** Trackpad pinches arrive as ctrl+wheel with small deltas: more zoom per pixel. */
const PINCH_WHEEL_PIXELS = 100;
/** WheelEvent.DOM_DELTA_LINE, spelled out so the module runs where WheelEvent does not exist. */
const DOM_DELTA_LINE = 1;
/** A line of wheel scrolling, in pixels. */
const LINE_PIXELS = 16;

export interface PointerSink {
  dispatch(event: BoardEvent): void;
  getState(): BoardState;
  /** The pointer is at this canvas point (for the X/Y readout). */
  pointerAt(at: ScreenPoint): void;
}

/** A pen or a finger as the DOM names it; anything else (a mouse, an unknown kind) is a mouse. */
function kindOf(evt: PointerInput): PointerKind {
  return evt.pointerType === 'touch' || evt.pointerType === 'pen' ? evt.pointerType : 'mouse';
}

/** The pointers the current gesture follows. */
function gesturePointers(state: BoardState): readonly number[] {
  const { phase } = state;
  switch (phase.name) {
    case 'panning':
    case 'drawing':
      return [phase.pointerId];
    case 'pinching':
      return phase.fingers.map((f) => f.pointerId);
    default:
      return [];
  }
}

export function listenToPointers(canvas: CanvasElement, sink: PointerSink): () => void {
  const { dispatch } = sink;
  const follows = (pointerId: number) => gesturePointers(sink.getState()).includes(pointerId);
  // One read of the canvas's box per event, shared by every sample it carries: a read after the
  // last move's camera and overview updates can force a layout, so never one per sample.
  type ClientPoint = { clientX: number; clientY: number };
  const pointIn = (r: DOMRectReadOnly, evt: ClientPoint): ScreenPoint =>
    screenPoint(evt.clientX - r.left, evt.clientY - r.top);
  const pointOf = (evt: ClientPoint): ScreenPoint => pointIn(canvas.getBoundingClientRect(), evt);
  const outside = (r: DOMRectReadOnly, evt: ClientPoint): boolean =>
    evt.clientX < r.left ||
    evt.clientX >= r.right ||
    evt.clientY < r.top ||
    evt.clientY >= r.bottom;

  const onPointerDown = (evt: PointerInput) => {
    const at = pointOf(evt);
    sink.pointerAt(at);
    if (evt.pointerType === 'mouse' && evt.button !== 0) return;
    dispatch({ type: 'pointerDown', pointerId: evt.pointerId, at, pointerType: kindOf(evt) });
    if (!follows(evt.pointerId)) return;
    try {
      canvas.setPointerCapture(evt.pointerId);
    } catch {
      // A pointer the browser no longer knows (it lifted already): nothing to hold on to.
    }
  };

  const onPointerMove = (evt: PointerInput) => {
    const box = canvas.getBoundingClientRect();
    if (!follows(evt.pointerId)) {
      if (!outside(box, evt)) sink.pointerAt(pointIn(box, evt));
      return;
    }
    // Spec §5: leaving with the mouse (or a pen) ends the gesture. A finger's position beyond
    // the screen's edge is only the browser's estimate: its pan keeps going, clamped.
    if (evt.pointerType !== 'touch' && outside(box, evt)) {
      dispatch({ type: 'pointerLost', pointerId: evt.pointerId });
      return;
    }
    // Fast moves are coalesced into one event per frame; the skipped samples make a smoother
    // line and, being tested too, cannot slip past a corner of an outline.
    const coalesced = evt.getCoalescedEvents?.() ?? [];
    const samples = (coalesced.length > 0 ? coalesced : [evt]).map((e) => pointIn(box, e));
    dispatch({ type: 'pointerMoved', pointerId: evt.pointerId, samples });
    sink.pointerAt(samples[samples.length - 1]!);
  };

  const onPointerUp = (evt: PointerInput) => {
    dispatch({ type: 'pointerUp', pointerId: evt.pointerId });
  };
  const onPointerLost = (evt: PointerInput) => {
    dispatch({ type: 'pointerLost', pointerId: evt.pointerId });
  };

  const onWheel = (evt: WheelInput) => {
    // The page never scrolls or zooms under the wall: the wheel is ours.
    evt.preventDefault();
    if (evt.deltaY === 0) return;
    const pixels = evt.deltaMode === DOM_DELTA_LINE ? evt.deltaY * LINE_PIXELS : evt.deltaY;
    const factor = Math.exp(-pixels / (evt.ctrlKey ? PINCH_WHEEL_PIXELS : WHEEL_PIXELS));
    dispatch({ type: 'zoomed', factor, at: pointOf(evt) });
  };

  // Touch moves on the wall are never the browser's. `touch-action: none` already stops page
  // scrolling, but Chrome still reads a quick stroke as a fling and then swallows the next tap
  // (a tap that stops a fling does not click): the first tap on Save after drawing did nothing.
  const onTouchMove = (evt: TouchInput) => {
    if (evt.cancelable) evt.preventDefault();
  };

  // The handlers read only the members PointerInput and its kin name, so the Vitest driver's
  // plain events serve as well as the browser's.
  const listeners: Array<[string, (event: never) => void, AddEventListenerOptions?]> = [
    ['pointerdown', onPointerDown],
    ['pointermove', onPointerMove],
    ['pointerup', onPointerUp],
    ['pointercancel', onPointerLost],
    ['lostpointercapture', onPointerLost],
    ['wheel', onWheel, { passive: false }],
    ['touchmove', onTouchMove, { passive: false }],
  ];
  for (const [type, listener, options] of listeners) {
    canvas.addEventListener(type, listener as unknown as EventListener, options);
  }
  return () => {
    for (const [type, listener] of listeners) {
      canvas.removeEventListener(type, listener as unknown as EventListener);
    }
  };
}
