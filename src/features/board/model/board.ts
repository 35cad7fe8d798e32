/**
 * The board's states and transitions (spec §4–§5) as pure functions: one state, whose `phase` is
 * a single union (idle, panning, pinching, drawing, captioning, saving), and one transition per
 * event. The board's input machine (src/features/board/input) feeds it the pointer, key and
 * save events and carries out what the new state says (moves the camera and the live stroke);
 * React renders a projection of it (boardView). Pointer gestures are in board-gestures.ts.
 *
 * A signature's card is part of the state: a tap opens it (board-gestures.ts), and it
 * belongs to the view it was opened in, so anything that moves the wall or leaves pan mode
 * closes it (a resize keeps it: the card is placed again on the new screen).
 */
import {
  clampCamera,
  viewportCentre,
  worldPointAt,
  zoomAround,
  type CameraState,
  type Offset,
  type Size,
} from '../../../domain/camera.ts';
import { screenPoint, type ScreenPoint, type Stroke } from '../../../domain/geometry.ts';
import { gestureTransition, type GestureEvent } from './board-gestures.ts';
import { strokesToSave, type SavingOutlines } from '../../../domain/simplify.ts';
import { captionWithin, findSignatureProblem } from '../../../domain/new-signature.ts';
import { toastReducer, type Toast, type ToastEvent } from '../../../domain/toast.ts';
import { typedStrokesProblem } from './typed-name.ts';
import {
  IDLE,
  withToast,
  type BoardMode,
  type BoardPhase,
  type BoardState,
  type Draft,
} from './board-state.ts';

export { TAP_SLOP, type PointerKind } from './board-gestures.ts';
export {
  LIMIT_TOAST,
  type BoardMode,
  type BoardPhase,
  type BoardState,
  type Draft,
} from './board-state.ts';

export type BoardEvent =
  | GestureEvent
  | { type: 'modeToggled' }
  | { type: 'captionChanged'; caption: string }
  | { type: 'saveRequested' }
  | { type: 'saveSucceeded' }
  | { type: 'saveFailed' }
  /** Escape or the caption box's Cancel: the stroke in progress and the pending signature go. */
  | { type: 'drawingCanceled' }
  /** "Undo stroke" or Ctrl/Cmd+Z: the pending signature's last stroke goes. */
  | { type: 'strokeUndone' }
  /** Zoom by `factor` around a screen point (the viewport's centre when none is given). */
  | { type: 'zoomed'; factor: number; at?: ScreenPoint }
  /** The view moves by (dx, dy) screen pixels (arrow keys): the wall slides the other way. */
  | { type: 'pannedBy'; dx: number; dy: number }
  /** The view jumps (the overview, "Find a free spot"). */
  | { type: 'cameraMoved'; camera: CameraState }
  | { type: 'resized'; viewport: Size }
  /** Escape, "Close", or the card's signature gone: the card closes. */
  | { type: 'cardClosed' }
  /**
   * Enter on the focused wall in pan mode: the card of the signature under the screen's centre
   * opens, the keyboard's tap (a focused canvas has no pointer to tap with).
   */
  | { type: 'cardRequested' }
  /**
   * 'Type your name': the name's strokes (typed-name.ts) become the pending signature, as if
   * drawn, the caption box opening on them; `camera` shows them.
   */
  | { type: 'nameTyped'; strokes: readonly Stroke[]; camera: CameraState }
  /**
   * 'List of signatures': the view jumps to a signature (`camera`) and its card opens (in pan
   * mode; a drawing in progress keeps its mode and gets no card).
   */
  | { type: 'signatureShown'; id: number; camera: CameraState }
  | ToastEvent;

export function initialBoardState(camera: CameraState, viewport: Size): BoardState {
  return {
    mode: 'pan',
    phase: { name: 'idle' },
    camera: clampCamera(camera, viewport),
    viewport,
    toast: null,
    card: null,
  };
}

/**
 * The next state of the board after an event. `outlines` are the saved signatures' (never the
 * pending one's): a stroke may not touch them. An event that does not apply changes nothing (the
 * same object comes back, so nothing is redrawn).
 */
export function boardTransition(
  state: BoardState,
  event: BoardEvent,
  outlines: SavingOutlines,
): BoardState {
  const next = transition(state, event, outlines);
  // A card stays next to its signature only while the wall stays put (or moved to show it).
  const moved =
    event.type !== 'resized' && event.type !== 'signatureShown' && next.camera !== state.camera;
  return next.card !== null && (moved || next.mode !== 'pan') ? { ...next, card: null } : next;
}

function transition(state: BoardState, event: BoardEvent, outlines: SavingOutlines): BoardState {
  const { phase } = state;
  switch (event.type) {
    case 'pointerDown':
    case 'pointerMoved':
    case 'pointerUp':
    case 'pointerLost':
      return gestureTransition(state, event, outlines);
    case 'modeToggled':
      if (phase.name === 'saving') return state;
      return state.mode === 'pan'
        ? withToast({ ...state, mode: 'draw', phase: IDLE }, 'drawingEnabled')
        : // Switching to panning cancels any stroke or pending signature (spec §4).
          withToast({ ...state, mode: 'pan', phase: IDLE }, 'panningEnabled');
    case 'captionChanged': {
      if (phase.name !== 'captioning' && !(phase.name === 'drawing' && phase.draft)) return state;
      const pending = draftOf(state) as Draft;
      // A small signature holds a shorter caption (the weight rule): typing stops at its room.
      const caption = captionWithin(event.caption, strokesToSave(pending.strokes, outlines));
      const next = { ...state, phase: { ...phase, draft: { ...pending, caption } } };
      return caption === event.caption ? next : withToast(next, 'captionTooLong');
    }
    case 'saveRequested': {
      if (phase.name !== 'captioning') return state;
      // The database would refuse it for its weight (a stroke undone after the caption was typed,
      // outlines arrived that keep a stroke from being simplified): say why, keep the drawing.
      const { strokes, caption } = phase.draft;
      if (findSignatureProblem(strokesToSave(strokes, outlines), caption) === 'too-heavy') {
        return withToast(
          state,
          captionWithin(caption, strokesToSave(strokes, outlines)) === caption
            ? 'tooDense'
            : 'captionTooLong',
        );
      }
      return withToast({ ...state, phase: { name: 'saving', draft: phase.draft } }, 'saving');
    }
    case 'saveSucceeded':
      return phase.name === 'saving' ? withToast({ ...state, phase: IDLE }, 'saved') : state;
    case 'saveFailed':
      return phase.name === 'saving' ? withToast({ ...state, phase: IDLE }, 'saveError') : state;
    case 'drawingCanceled':
      if (phase.name !== 'drawing' && phase.name !== 'captioning') return state;
      return withToast({ ...state, phase: IDLE }, 'canceled');
    case 'strokeUndone': {
      // Not mid-stroke: the pointer is still down, and the stroke it draws is not pending yet.
      if (phase.name !== 'captioning') return state;
      const strokes = phase.draft.strokes.slice(0, -1);
      // Undoing the only stroke leaves nothing to caption: exactly Cancel.
      if (strokes.length === 0)
        return boardTransition(state, { type: 'drawingCanceled' }, outlines);
      return { ...state, phase: { name: 'captioning', draft: { ...phase.draft, strokes } } };
    }
    case 'zoomed': {
      // A pan or a pinch keeps its own grip on the wall until it ends.
      if (phase.name === 'panning' || phase.name === 'pinching') return state;
      const centre = viewportCentre(state.viewport);
      const at = event.at ?? screenPoint(centre.x, centre.y);
      return moveCamera(state, zoomAround(state.camera, at, event.factor, state.viewport));
    }
    case 'pannedBy': {
      if (phase.name === 'panning' || phase.name === 'pinching') return state;
      const { offset, scale } = state.camera;
      const to: Offset = { x: offset.x - event.dx, y: offset.y - event.dy };
      return moveCamera(state, { scale, offset: to });
    }
    case 'cameraMoved':
      if (phase.name === 'panning' || phase.name === 'pinching') return state;
      return moveCamera(state, event.camera);
    case 'resized': {
      const camera = clampCamera(state.camera, event.viewport);
      // A pan in progress restarts from where the wall is now: its grip was on the old viewport.
      return { ...state, viewport: event.viewport, camera, phase: settle(phase) };
    }
    case 'cardClosed':
      return state.card === null ? state : { ...state, card: null };
    case 'cardRequested': {
      if (state.mode !== 'pan' || phase.name !== 'idle') return state;
      const centre = viewportCentre(state.viewport);
      const at = worldPointAt(screenPoint(centre.x, centre.y), state.camera);
      const card = outlines.itemAtPoint(at)?.id ?? null;
      return card === null || card === state.card ? state : { ...state, card };
    }
    case 'nameTyped': {
      if (phase.name !== 'idle') return state;
      const problem = typedStrokesProblem(event.strokes, outlines);
      if (problem) return withToast(state, problem);
      const draft = { strokes: event.strokes, caption: '' };
      const shown = moveCamera(state, event.camera);
      return { ...shown, mode: 'draw', phase: { name: 'captioning', draft }, card: null };
    }
    case 'signatureShown': {
      if (phase.name === 'panning' || phase.name === 'pinching') return state;
      const shown = moveCamera(state, event.camera);
      if (phase.name !== 'idle') return shown;
      const card = { ...shown, card: event.id };
      return state.mode === 'pan' ? card : withToast({ ...card, mode: 'pan' }, 'panningEnabled');
    }
    case 'notified':
    case 'toastExpired': {
      const toast = toastReducer(state.toast, event);
      return toast === state.toast ? state : { ...state, toast };
    }
  }
}

/** The camera moved to `next`, clamped as always; the same state when it did not move. */
export function moveCamera(state: BoardState, next: CameraState): BoardState {
  const camera = clampCamera(next, state.viewport);
  const now = state.camera;
  if (
    camera.scale === now.scale &&
    camera.offset.x === now.offset.x &&
    camera.offset.y === now.offset.y
  ) {
    return state;
  }
  return { ...state, camera };
}

function settle(phase: BoardPhase): BoardPhase {
  return phase.name === 'panning' || phase.name === 'pinching' ? IDLE : phase;
}

/** The pending signature (strokes awaiting their caption, and the caption), if there is one. */
export function draftOf(state: BoardState): Draft | null {
  const { phase } = state;
  switch (phase.name) {
    case 'captioning':
    case 'saving':
      return phase.draft;
    case 'drawing':
      return phase.draft;
    default:
      return null;
  }
}

/** The back button, the mode toggle and the export are off while a stroke or a caption is in progress. */
export function controlsLocked(state: BoardState): boolean {
  const { name } = state.phase;
  return name === 'drawing' || name === 'captioning' || name === 'saving';
}

/** Save (button or Enter) does something: a signature is pending, complete and not yet sent. */
export function canSave(state: BoardState): boolean {
  return state.phase.name === 'captioning';
}

/**
 * What React renders of the board: it changes when a stroke starts or ends, a caption is typed,
 * a save is sent or answered, the mode or the toast changes; never while a pan, a pinch or a
 * stroke moves (boardViewChanged says when).
 */
export interface BoardView {
  readonly mode: BoardMode;
  readonly stroking: boolean;
  readonly pending: readonly Stroke[] | null;
  readonly caption: string;
  readonly saving: boolean;
  readonly locked: boolean;
  readonly toast: Toast | null;
  /** The signature whose card is open, by id; null: none. */
  readonly card: number | null;
}

export function boardView(state: BoardState): BoardView {
  const draft = draftOf(state);
  return {
    mode: state.mode,
    stroking: state.phase.name === 'drawing',
    pending: draft?.strokes ?? null,
    caption: draft?.caption ?? '',
    saving: state.phase.name === 'saving',
    locked: controlsLocked(state),
    toast: state.toast,
    card: state.card,
  };
}

/** True when `next` would render differently from `previous`. */
export function boardViewChanged(previous: BoardView, next: BoardView): boolean {
  return (Object.keys(next) as (keyof BoardView)[]).some((key) => previous[key] !== next[key]);
}
