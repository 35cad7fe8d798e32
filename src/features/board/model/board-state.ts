/**
 * The board's state: the mode, the camera, the toast, and the phase, what the pointer (or the
 * save) is doing right now. The phase is one union, so a state such as "saving while a stroke is
 * drawn" cannot be written down: pan mode knows idle, panning and pinching; draw mode idle,
 * drawing, captioning and saving. Transitions are in board.ts and board-gestures.ts.
 */
import type { CameraState, Offset, Size } from '../../../domain/camera.ts';
import type { DrawingTally, SignatureLimit } from './drawing-limits.ts';
import type { ScreenPoint, Stroke, WorldPoint } from '../../../domain/geometry.ts';
import { nextToast, type Toast, type ToastKind } from '../../../domain/toast.ts';

export type BoardMode = 'pan' | 'draw';

export interface BoardState {
  readonly mode: BoardMode;
  readonly phase: BoardPhase;
  /** Where the wall sits on screen; moved by pans, pinches, zooms and the way-finding tools. */
  readonly camera: CameraState;
  readonly viewport: Size;
  readonly toast: Toast | null;
  /** The signature whose card is open (pan mode only), by id; null: none. */
  readonly card: number | null;
}

/** What the visitor is told when a limit stops a stroke. */
export const LIMIT_TOAST: Readonly<Record<SignatureLimit, ToastKind>> = {
  size: 'tooBig',
  strokes: 'tooManyStrokes',
  points: 'tooManyPoints',
  length: 'tooLong',
  weight: 'tooDense',
};

export function withToast(state: BoardState, kind: ToastKind): BoardState {
  return { ...state, toast: nextToast(state.toast, kind) };
}

export const IDLE: BoardPhase = { name: 'idle' };

/** The pending signature: its completed strokes and the caption typed for it so far. */
export interface Draft {
  readonly strokes: readonly Stroke[];
  readonly caption: string;
}

/** A finger on the canvas during a pinch. */
export interface Finger {
  readonly pointerId: number;
  readonly at: ScreenPoint;
}

export type BoardPhase =
  | { readonly name: 'idle' }
  /**
   * The wall follows the pointer: its offset is `from` plus how far the pointer moved from
   * `grab` (clamped), as a grip on the wall would have it.
   */
  | {
      readonly name: 'panning';
      readonly pointerId: number;
      readonly grab: ScreenPoint;
      readonly from: Offset;
      /** Where the pointer is now: the first finger of a pinch, should a second one land. */
      readonly at: ScreenPoint;
      /**
       * How far (screen px) this press may still move and count as a tap that opens a card;
       * null once it has moved further: then it is a drag, whatever it does next.
       */
      readonly tapSlop: number | null;
    }
  /** Two fingers zoom around their midpoint (pan mode). */
  | { readonly name: 'pinching'; readonly fingers: readonly [Finger, Finger] }
  /** A stroke is being drawn; `draft` is the pending signature it will join (null: none yet). */
  | {
      readonly name: 'drawing';
      readonly pointerId: number;
      readonly points: readonly WorldPoint[];
      /** The pending strokes and this one, counted against the signature's limits. */
      readonly tally: DrawingTally;
      readonly draft: Draft | null;
    }
  /** The caption box is open on the pending signature. */
  | { readonly name: 'captioning'; readonly draft: Draft }
  /** The pending signature has been sent; its answer has not arrived. */
  | { readonly name: 'saving'; readonly draft: Draft };
