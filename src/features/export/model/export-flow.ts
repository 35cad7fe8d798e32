/**
 * The export's steps (spec §2 and §4 'Export') as a reducer: loading → generating → complete, or
 * loadFailed / renderFailed. Each step may be entered once, so a repeated or late event (a
 * re-render, StrictMode's second effect run, a refetch) can never start a second export.
 */
import {
  nextToast,
  toastReducer,
  type Toast,
  type ToastEvent,
  type ToastKind,
} from '../../../domain/toast.ts';

export type ExportPhase = 'loading' | 'generating' | 'complete' | 'loadFailed' | 'renderFailed';

export interface ExportState {
  readonly phase: ExportPhase;
  readonly toast: Toast | null;
}

export type ExportEvent =
  /** Every signature has arrived: the PNG may be rendered. */
  | { type: 'loaded' }
  | { type: 'loadFailed' }
  /** The PNG has been handed to the browser as a download. */
  | { type: 'rendered' }
  | { type: 'renderFailed' }
  | ToastEvent;

export const initialExportState: ExportState = {
  phase: 'loading',
  toast: nextToast(null, 'preparingExport'),
};

function enter(state: ExportState, phase: ExportPhase, toast: ToastKind | null): ExportState {
  return { phase, toast: toast === null ? state.toast : nextToast(state.toast, toast) };
}

/** The next state; an event that does not fit the current step changes nothing. */
export function exportReducer(state: ExportState, event: ExportEvent): ExportState {
  switch (event.type) {
    case 'loaded':
      return state.phase === 'loading' ? enter(state, 'generating', 'generatingPng') : state;
    case 'loadFailed':
      return state.phase === 'loading' ? enter(state, 'loadFailed', 'loadError') : state;
    case 'rendered':
      return state.phase === 'generating' ? enter(state, 'complete', 'exportComplete') : state;
    case 'renderFailed':
      // The spec has no text for this; the console carries the error (spec §8: errors are logged).
      return state.phase === 'generating' ? enter(state, 'renderFailed', null) : state;
    case 'notified':
    case 'toastExpired':
      return { ...state, toast: toastReducer(state.toast, event) };
  }
}

/** Only a finished export leaves for the wall; after a failure the page stays, so a reload retries. */
export function redirectsHome(phase: ExportPhase): boolean {
  return phase === 'complete';
}
