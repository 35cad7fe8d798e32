/**
 * The board's input machine: one object per board, outside React. It holds the board's state
 * (src/features/board/model/board.ts), applies the pure transitions to every event, and carries out what the
 * new state says: moves the camera and the live stroke on the canvas, captures the pointer of a
 * gesture, sends a save when the state turns to `saving`. It owns every pointer, wheel, touch and
 * key listener of the board (attach … destroy). React reads it through subscribe/getSnapshot
 * (useSyncExternalStore), which change only when something React shows changes.
 */
import {
  boardTransition,
  boardView,
  boardViewChanged,
  initialBoardState,
  type BoardEvent,
  type BoardState,
  type BoardView,
} from '../model/board.ts';
import { worldPointAt, type CameraState, type Size } from '../../../domain/camera.ts';
import type { ScreenPoint, Stroke, WorldPoint } from '../../../domain/geometry.ts';
import { createOutlineIndex } from '../../../domain/outline-index.ts';
import type { SavingOutlines } from '../../../domain/simplify.ts';
import { createBoardCamera, type Camera } from './camera.ts';
import { listenToKeys } from './key-listeners.ts';
import { listenToPointers } from './pointer-listeners.ts';
import type { BoardSurface } from './surface.ts';

/** What a save sends: the pending signature's strokes and caption. */
export interface SaveRequest {
  readonly strokes: readonly Stroke[];
  readonly caption: string;
}
/** Stores a signature; resolves once it is stored, rejects when it is not. */
export type SaveSignature = (request: SaveRequest) => Promise<unknown>;

export interface BoardMachine {
  dispatch(event: BoardEvent): void;
  getState(): BoardState;
  /** What React renders; the same object until that changes. */
  getSnapshot(): BoardView;
  subscribe(listener: () => void): () => void;
  /** Sends the pending signature (Save, Enter): a transition to `saving`, then its answer. */
  save(): void;
  setSaver(save: SaveSignature): void;
  /** The saved signatures' outlines, whenever they change (even mid-stroke). */
  setOutlines(outlines: SavingOutlines): void;
  /** The camera, for the controls around the wall. */
  readonly camera: Camera;
  /** Calls `listener` with the wall point under the pointer whenever it changes. */
  watchPointer(listener: (point: WorldPoint) => void): () => void;
  /** Starts listening on the canvas and the window and drawing on the surface. */
  attach(surface: BoardSurface): void;
  /** Removes every listener `attach` added (once; a later attach starts afresh). */
  destroy(): void;
  /** Gives the focus back to the wall (when the control that had it is gone). */
  focusWall(): void;
}

export function createBoardMachine(camera: CameraState, viewport: Size): BoardMachine {
  let state = initialBoardState(camera, viewport);
  let view = boardView(state);
  let outlines: SavingOutlines = createOutlineIndex([]);
  let saver: SaveSignature | null = null;
  let surface: BoardSurface | null = null;
  let teardown: (() => void) | null = null;
  /** The stroke in progress, flattened for the canvas, grown in place as points arrive. */
  let liveFlat: number[] | null = null;
  let pointer: ScreenPoint | null = null;
  const viewListeners = new Set<() => void>();
  const cameraListeners = new Set<() => void>();
  const pointerListeners = new Set<(point: WorldPoint) => void>();

  const showPointer = () => {
    if (!pointer) return;
    const point = worldPointAt(pointer, state.camera);
    for (const listener of pointerListeners) listener(point);
  };

  const showLiveStroke = (previous: BoardState) => {
    const drawing = surface?.drawing;
    const { phase } = state;
    if (phase.name !== 'drawing') {
      if (liveFlat) drawing?.showLiveStroke(null);
      liveFlat = null;
      return;
    }
    const before = previous.phase;
    const continued = before.name === 'drawing' && before.pointerId === phase.pointerId && liveFlat;
    if (!continued) liveFlat = [];
    const flat = liveFlat!;
    for (let i = flat.length / 2; i < phase.points.length; i++) {
      flat.push(phase.points[i]![0], phase.points[i]![1]);
    }
    // Two copies of a lone first point: a round-capped zero-length line shows a dot at once.
    drawing?.showLiveStroke(flat.length === 2 ? [...flat, ...flat] : flat);
  };

  const sendSave = () => {
    if (state.phase.name !== 'saving') return;
    const { strokes, caption } = state.phase.draft;
    const sent = saver ? saver({ strokes, caption }) : Promise.reject(new Error('no saver'));
    // The data layer already logged a failure; the toast says it failed, nothing more.
    sent.then(
      () => dispatch({ type: 'saveSucceeded' }),
      () => dispatch({ type: 'saveFailed' }),
    );
  };

  function dispatch(event: BoardEvent): void {
    const previous = state;
    state = boardTransition(previous, event, outlines);
    if (state === previous) return;
    if (state.camera !== previous.camera) {
      surface?.drawing.showCamera(state.camera);
      for (const listener of cameraListeners) listener();
      showPointer();
    }
    if (state.phase !== previous.phase) showLiveStroke(previous);
    if (state.phase.name === 'saving' && previous.phase.name !== 'saving') sendSave();
    const next = boardView(state);
    if (boardViewChanged(view, next)) {
      view = next;
      for (const listener of viewListeners) listener();
    }
  }

  const machine: BoardMachine = {
    dispatch,
    getState: () => state,
    getSnapshot: () => view,
    subscribe(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    save: () => dispatch({ type: 'saveRequested' }),
    setSaver(save) {
      saver = save;
    },
    setOutlines(next) {
      // Only later points are checked against the new outlines: what is drawn stays drawn.
      outlines = next;
    },
    camera: createBoardCamera({
      dispatch,
      getState: () => state,
      onMove(listener) {
        cameraListeners.add(listener);
        return () => cameraListeners.delete(listener);
      },
    }),
    watchPointer(listener) {
      pointerListeners.add(listener);
      return () => pointerListeners.delete(listener);
    },
    attach(next) {
      machine.destroy();
      surface = next;
      next.drawing.showCamera(state.camera);
      const stopPointers = listenToPointers(next.canvas, {
        dispatch,
        getState: () => state,
        pointerAt(at) {
          pointer = at;
          showPointer();
        },
      });
      const stopKeys = listenToKeys(next.keys, next.canvas, { dispatch, getState: () => state });
      teardown = () => {
        stopPointers();
        stopKeys();
      };
    },
    destroy() {
      teardown?.();
      teardown = null;
      surface = null;
      liveFlat = null;
    },
    focusWall() {
      surface?.canvas.focus({ preventScroll: true });
    },
  };
  return machine;
}
