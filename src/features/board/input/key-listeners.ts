/**
 * The board's keys (Enter from spec §4, the rest ours), heard on the window:
 * - Escape closes an open signature card, else cancels the stroke or the pending signature, from
 *   anywhere (the caption input handles its own Escape and stops it).
 * - Enter saves when the focus is on the wall rather than a control; in pan mode, with the wall
 *   focused, it opens the card of the signature under the screen's centre (the keyboard's tap).
 * - Ctrl/Cmd+Z undoes the pending signature's last stroke, except while typing: in the caption
 *   input it is the input's own text undo (while that input is empty, the caption box takes it
 *   for the stroke).
 * - `+`/`=` and `-` zoom around the viewport's centre, unless typing.
 * - The arrow keys pan a tenth of the screen, with the wall itself focused.
 */
import { canSave, type BoardEvent, type BoardState } from '../model/board.ts';
import { ZOOM_STEP } from './camera.ts';
import type { CanvasElement, KeyInput, KeyTarget } from './surface.ts';

/** One arrow press moves the view by this share of the screen. */
export const ARROW_STEP = 0.1;

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Closest {
  closest(selector: string): unknown;
  isContentEditable?: boolean;
}

function matches(target: unknown, selector: string): boolean {
  const el = target as Partial<Closest> | null;
  return typeof el?.closest === 'function' && el.closest(selector) !== null;
}

function isTyping(target: unknown): boolean {
  return (
    (target as Partial<Closest> | null)?.isContentEditable === true ||
    matches(target, 'input, textarea, select')
  );
}

export function listenToKeys(
  keys: KeyTarget,
  canvas: CanvasElement,
  board: { dispatch: (event: BoardEvent) => void; getState: () => BoardState },
): () => void {
  const { dispatch } = board;
  const onKey = (e: KeyInput) => {
    const modified = e.ctrlKey || e.metaKey || e.altKey;
    if (e.key === 'Escape') {
      dispatch(
        board.getState().card !== null ? { type: 'cardClosed' } : { type: 'drawingCanceled' },
      );
    } else if (e.key === 'Enter') {
      const state = board.getState();
      if (canSave(state) && !matches(e.target, 'button, input, textarea, a')) {
        e.preventDefault();
        dispatch({ type: 'saveRequested' });
      } else if (state.mode === 'pan' && e.target === canvas && !modified) {
        e.preventDefault();
        dispatch({ type: 'cardRequested' });
      }
    } else if ((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey) && !e.altKey) {
      if (isTyping(e.target) || board.getState().phase.name !== 'captioning') return;
      e.preventDefault();
      dispatch({ type: 'strokeUndone' });
    } else if ((e.key === '+' || e.key === '=' || e.key === '-') && !modified) {
      if (isTyping(e.target)) return;
      e.preventDefault();
      dispatch({ type: 'zoomed', factor: e.key === '-' ? 1 / ZOOM_STEP : ZOOM_STEP });
    } else if (ARROWS[e.key] && !modified && e.target === canvas) {
      e.preventDefault();
      const [dx, dy] = ARROWS[e.key]!;
      const { width, height } = board.getState().viewport;
      dispatch({ type: 'pannedBy', dx: dx * width * ARROW_STEP, dy: dy * height * ARROW_STEP });
    }
  };
  const listener = onKey as unknown as EventListener;
  keys.addEventListener('keydown', listener);
  return () => keys.removeEventListener('keydown', listener);
}
