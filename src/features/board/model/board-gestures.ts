/**
 * The board's pointer gestures as pure transitions (spec §4–§5): in pan mode a pointer drags the
 * wall and a second finger pinches it, and a press released about where it started (a tap, a
 * click) on a saved signature opens its card; in draw mode a pointer draws a stroke,
 * checked point by point against the signature's limits (drawing-limits.ts) and the saved
 * signatures' outlines. Points arrive as screen points and are turned into wall points by the
 * state's camera.
 */
import { clampOffset, worldPointAt, zoomAround } from '../../../domain/camera.ts';
import { addPoint, MIN_STROKE_POINTS, startStroke, tallyAsSaved } from './drawing-limits.ts';
import { screenPoint, type ScreenPoint, type WorldPoint } from '../../../domain/geometry.ts';
import {
  IDLE,
  LIMIT_TOAST,
  withToast,
  type BoardPhase,
  type BoardState,
  type Draft,
  type Finger,
} from './board-state.ts';
import type { SavingOutlines } from '../../../domain/simplify.ts';

/** What pressed: the DOM's PointerEvent.pointerType (anything unknown counts as a mouse). */
export type PointerKind = 'mouse' | 'pen' | 'touch';

/**
 * How far (screen px) a press may move and still be a tap rather than a drag. A finger wobbles
 * more than a mouse as it lands and lifts (the usual click slop is a few px; Android's touch slop
 * is 8 dp, iOS's about 10 pt), so a finger gets more room.
 */
export const TAP_SLOP: Readonly<Record<PointerKind, number>> = { mouse: 4, pen: 4, touch: 10 };

export type GestureEvent =
  /** A press on the canvas (the mouse's main button, a finger or a pen). */
  | { type: 'pointerDown'; pointerId: number; at: ScreenPoint; pointerType: PointerKind }
  /** A move, with every sample the browser coalesced into it, oldest first. */
  | { type: 'pointerMoved'; pointerId: number; samples: readonly ScreenPoint[] }
  | { type: 'pointerUp'; pointerId: number }
  /** The pointer left the canvas's bounds, or the browser took it (cancel, capture lost). */
  | { type: 'pointerLost'; pointerId: number };

/** Where the board rests once a stroke is over: on the pending signature, or idle. */
function rest(draft: Draft | null): BoardPhase {
  return draft ? { name: 'captioning', draft } : IDLE;
}

export function gestureTransition(
  state: BoardState,
  event: GestureEvent,
  outlines: SavingOutlines,
): BoardState {
  return state.mode === 'pan'
    ? panTransition(state, event, outlines)
    : drawTransition(state, event, outlines);
}

function panTransition(
  state: BoardState,
  event: GestureEvent,
  outlines: SavingOutlines,
): BoardState {
  const { phase } = state;
  switch (event.type) {
    case 'pointerDown':
      if (phase.name === 'idle') {
        const { pointerId, at } = event;
        // Any press on the wall closes an open card: the card belongs to the view it opened in.
        // A tap on a signature opens one again on release.
        return {
          ...state,
          card: null,
          phase: {
            name: 'panning',
            pointerId,
            grab: at,
            from: state.camera.offset,
            at,
            tapSlop: TAP_SLOP[event.pointerType],
          },
        };
      }
      // A second finger turns the pan into a pinch; a third changes nothing.
      if (phase.name === 'panning' && phase.pointerId !== event.pointerId) {
        const first: Finger = { pointerId: phase.pointerId, at: phase.at };
        const second: Finger = { pointerId: event.pointerId, at: event.at };
        return { ...state, phase: { name: 'pinching', fingers: [first, second] } };
      }
      return state;
    case 'pointerMoved': {
      const at = event.samples[event.samples.length - 1];
      if (!at) return state;
      if (phase.name === 'panning' && phase.pointerId === event.pointerId) {
        const wanted = {
          x: phase.from.x + at.x - phase.grab.x,
          y: phase.from.y + at.y - phase.grab.y,
        };
        const offset = clampOffset(wanted, state.viewport, state.camera.scale);
        const moved = Math.hypot(at.x - phase.grab.x, at.y - phase.grab.y);
        const tapSlop = phase.tapSlop !== null && moved <= phase.tapSlop ? phase.tapSlop : null;
        return {
          ...state,
          phase: { ...phase, at, tapSlop },
          camera: { scale: state.camera.scale, offset },
        };
      }
      if (phase.name === 'pinching') return pinchMoved(state, phase.fingers, event.pointerId, at);
      return state;
    }
    case 'pointerUp':
    case 'pointerLost':
      // A pinch ends when either finger lifts; the other one then moves nothing until it lifts.
      if (phase.name === 'panning' && phase.pointerId === event.pointerId) {
        const tapped = event.type === 'pointerUp' && phase.tapSlop !== null;
        return { ...state, phase: IDLE, card: tapped ? signatureAt(state, phase, outlines) : null };
      }
      if (phase.name === 'pinching' && phase.fingers.some((f) => f.pointerId === event.pointerId)) {
        return { ...state, phase: IDLE };
      }
      return state;
  }
}

/**
 * The saved signature whose outline holds the wall point the press landed on, seen through the
 * camera as it was then (a tap may have nudged the wall by a pixel or two since).
 */
function signatureAt(
  state: BoardState,
  phase: Extract<BoardPhase, { name: 'panning' }>,
  outlines: SavingOutlines,
): number | null {
  const camera = { scale: state.camera.scale, offset: phase.from };
  return outlines.itemAtPoint(worldPointAt(phase.grab, camera))?.id ?? null;
}

function midpoint(a: ScreenPoint, b: ScreenPoint): ScreenPoint {
  return screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2);
}

/**
 * One finger of a pinch moved: the wall point under the fingers' old midpoint follows the new
 * midpoint, scaled by how much further apart the fingers are.
 */
function pinchMoved(
  state: BoardState,
  fingers: readonly [Finger, Finger],
  pointerId: number,
  at: ScreenPoint,
): BoardState {
  const index = fingers.findIndex((f) => f.pointerId === pointerId);
  if (index < 0) return state;
  const next: [Finger, Finger] = [fingers[0], fingers[1]];
  next[index] = { pointerId, at };
  const [a, b] = fingers;
  const [c, d] = next;
  const before = Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y);
  const after = Math.hypot(c.at.x - d.at.x, c.at.y - d.at.y);
  const phase: BoardPhase = { name: 'pinching', fingers: next };
  if (before === 0) return { ...state, phase };
  const camera = zoomAround(
    state.camera,
    midpoint(a.at, b.at),
    after / before,
    state.viewport,
    midpoint(c.at, d.at),
  );
  return { ...state, phase, camera };
}

function drawTransition(
  state: BoardState,
  event: GestureEvent,
  outlines: SavingOutlines,
): BoardState {
  const { phase } = state;
  if (phase.name !== 'drawing') {
    if (event.type !== 'pointerDown') return state;
    if (phase.name !== 'idle' && phase.name !== 'captioning') return state;
    return strokeStarted(
      state,
      event.pointerId,
      event.at,
      phase.name === 'captioning' ? phase.draft : null,
      outlines,
    );
  }
  const draft = phase.draft;
  switch (event.type) {
    case 'pointerDown':
      // A second finger (or a pen with a finger) while drawing means a gesture, not a signature:
      // the stroke is dropped, silently.
      return event.pointerId === phase.pointerId ? state : { ...state, phase: rest(draft) };
    case 'pointerLost':
      return event.pointerId === phase.pointerId ? { ...state, phase: rest(draft) } : state;
    case 'pointerUp':
      return event.pointerId === phase.pointerId ? strokeEnded(state, phase.points, draft) : state;
    case 'pointerMoved': {
      if (event.pointerId !== phase.pointerId) return state;
      const points = [...phase.points];
      let tally = phase.tally;
      // Every coalesced sample is tested too, so none can slip past a corner of an outline.
      for (const sample of event.samples) {
        const p = worldPointAt(sample, state.camera);
        const last = points[points.length - 1]!;
        if (p[0] === last[0] && p[1] === last[1]) continue;
        // A limit first: the segment to `p` is never drawn then, so it cannot be blocked either.
        const step = addPoint(tally, p, points);
        if (!step.ok) {
          // Ends as if released at the last point that fit; later moves of this pointer find
          // no stroke and add nothing.
          return withToast(strokeEnded(state, points, draft), LIMIT_TOAST[step.limit]);
        }
        if (outlines.itemOnSegment(last, p)) {
          return withToast({ ...state, phase: rest(draft) }, 'blocked');
        }
        tally = step.tally;
        points.push(p);
      }
      if (points.length === phase.points.length) return state;
      return { ...state, phase: { ...phase, points, tally } };
    }
  }
}

function strokeStarted(
  state: BoardState,
  pointerId: number,
  at: ScreenPoint,
  draft: Draft | null,
  outlines: SavingOutlines,
): BoardState {
  const p = worldPointAt(at, state.camera);
  // The pending strokes counted as they will be saved (simplified), which is what the database
  // counts. Before the outlines: a stroke the limits refuse could never be kept anywhere here.
  const start = startStroke(tallyAsSaved(draft?.strokes ?? null, outlines), p);
  if (!start.ok) return withToast(state, LIMIT_TOAST[start.limit]);
  if (outlines.itemAtPoint(p)) return withToast(state, 'blocked');
  return {
    ...state,
    phase: { name: 'drawing', pointerId, points: [p], tally: start.tally, draft },
  };
}

/** The stroke joins the pending signature; one of fewer than 2 points is discarded. */
function strokeEnded(
  state: BoardState,
  points: readonly WorldPoint[],
  draft: Draft | null,
): BoardState {
  if (points.length < MIN_STROKE_POINTS) return { ...state, phase: rest(draft) };
  const strokes = [...(draft?.strokes ?? []), points];
  return {
    ...state,
    phase: { name: 'captioning', draft: { strokes, caption: draft?.caption ?? '' } },
  };
}
