/**
 * The board's states and transitions (spec §4) as a reducer over named events. React only
 * dispatches and renders; pointer moves never reach it (the live stroke is drawn imperatively and
 * arrives here once, complete, as `strokeEnded`, or as `strokeCut` when it reached a limit).
 */
import { TOAST } from './constants.ts';
import type { SignatureLimit } from './drawing-limits.ts';
import type { Stroke } from './geometry.ts';
import { nextToast, toastReducer, type Toast, type ToastEvent } from './toast.ts';

export type BoardMode = 'pan' | 'draw';

export interface BoardState {
  readonly mode: BoardMode;
  /** A stroke is being drawn right now (pointer down in draw mode). */
  readonly stroking: boolean;
  /** The strokes of the signature awaiting its caption; non-null while the caption box is open. */
  readonly pending: readonly Stroke[] | null;
  readonly caption: string;
  /** The pending signature has been sent and no answer has arrived yet. */
  readonly saving: boolean;
  readonly toast: Toast | null;
}

export type BoardEvent =
  | { type: 'modeToggled' }
  | { type: 'strokeStarted' }
  /** The stroke touched an existing signature's outline: it is dropped. */
  | { type: 'strokeBlocked' }
  /** Mouse left the wall, a second finger landed, or the browser cancelled the pointer. */
  | { type: 'strokeAbandoned' }
  | { type: 'strokeEnded'; stroke: Stroke }
  /** A pointer down the signature's limits refuse (drawing-limits.ts): no stroke starts. */
  | { type: 'strokeRefused'; limit: SignatureLimit }
  /** The stroke reached a limit and ended at its last point that fit, as if released there. */
  | { type: 'strokeCut'; stroke: Stroke; limit: SignatureLimit }
  | { type: 'captionChanged'; caption: string }
  | { type: 'saveRequested' }
  | { type: 'saveSucceeded' }
  | { type: 'saveFailed' }
  | { type: 'drawingCanceled' }
  | ToastEvent;

export const initialBoardState: BoardState = {
  mode: 'pan',
  stroking: false,
  pending: null,
  caption: '',
  saving: false,
  toast: null,
};

function withToast(state: BoardState, text: string): BoardState {
  return { ...state, toast: nextToast(state.toast, text) };
}

/** What the visitor is told when a limit stops a stroke. */
export const LIMIT_TOAST: Readonly<Record<SignatureLimit, string>> = {
  size: TOAST.tooBig,
  strokes: TOAST.tooManyStrokes,
  points: TOAST.tooManyPoints,
  length: TOAST.tooLong,
};

const cleared = { stroking: false, pending: null, caption: '', saving: false } as const;

/** The next state of the board after an event; an event that does not apply changes nothing. */
export function boardReducer(state: BoardState, event: BoardEvent): BoardState {
  switch (event.type) {
    case 'modeToggled':
      if (state.saving) return state;
      return state.mode === 'pan'
        ? withToast({ ...state, mode: 'draw' }, TOAST.drawingEnabled)
        : // Switching to panning cancels any stroke or pending signature (spec §4).
          withToast({ ...state, ...cleared, mode: 'pan' }, TOAST.panningEnabled);
    case 'strokeStarted':
      if (!canDraw(state) || state.stroking) return state;
      return { ...state, stroking: true };
    case 'strokeBlocked':
      return withToast({ ...state, stroking: false }, TOAST.blocked);
    case 'strokeAbandoned':
      return state.stroking ? { ...state, stroking: false } : state;
    case 'strokeEnded':
      if (!state.stroking) return state;
      // A stroke with fewer than 2 points is discarded.
      if (event.stroke.length < 2) return { ...state, stroking: false };
      return { ...state, stroking: false, pending: [...(state.pending ?? []), event.stroke] };
    case 'strokeRefused':
      return canDraw(state) && !state.stroking ? withToast(state, LIMIT_TOAST[event.limit]) : state;
    case 'strokeCut':
      if (!state.stroking) return state;
      return withToast(
        boardReducer(state, { type: 'strokeEnded', stroke: event.stroke }),
        LIMIT_TOAST[event.limit],
      );
    case 'captionChanged':
      return state.pending && !state.saving ? { ...state, caption: event.caption } : state;
    case 'saveRequested':
      if (!canSave(state)) return state;
      return withToast({ ...state, saving: true }, TOAST.saving);
    case 'saveSucceeded':
      return state.saving ? withToast({ ...state, ...cleared }, TOAST.saved) : state;
    case 'saveFailed':
      return state.saving ? withToast({ ...state, ...cleared }, TOAST.saveError) : state;
    case 'drawingCanceled':
      if ((!state.pending && !state.stroking) || state.saving) return state;
      return withToast({ ...state, ...cleared }, TOAST.canceled);
    case 'notified':
    case 'toastExpired': {
      const toast = toastReducer(state.toast, event);
      return toast === state.toast ? state : { ...state, toast };
    }
  }
}

/** The back button and the mode toggle are disabled while a stroke or a caption is in progress. */
export function controlsLocked(state: BoardState): boolean {
  return state.stroking || state.pending !== null;
}

/** A pointer down may start a stroke: drawing mode, and no save in flight. */
export function canDraw(state: BoardState): boolean {
  return state.mode === 'draw' && !state.saving;
}

/** Save (button or Enter) does something: a signature is pending, complete and not yet sent. */
export function canSave(state: BoardState): boolean {
  return state.pending !== null && !state.saving && !state.stroking;
}
