/**
 * What the input machine needs of the page, as small interfaces: the canvas element it listens
 * on, the window it hears keys on, and the drawing it moves. The board gives it the real DOM and
 * Konva (konva-surface.ts); the Vitest driver gives it plain objects.
 */
import type { CameraState } from '../../../domain/camera.ts';

/**
 * The element the wall is drawn in (the Konva stage's container), as the machine uses it: its
 * listeners, bounds, pointer capture and focus. The Vitest driver fakes these few members.
 */
export type CanvasElement = Pick<
  HTMLElement,
  | 'addEventListener'
  | 'removeEventListener'
  | 'getBoundingClientRect'
  | 'setPointerCapture'
  | 'focus'
>;

/** Where keys are heard: the window. */
export type KeyTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** The drawing the machine moves without React: the wall's camera and the live stroke. */
export interface BoardDrawing {
  /** Moves and scales the wall. */
  showCamera(camera: CameraState): void;
  /** The stroke in progress as flat wall coordinates [x0, y0, x1, y1, …]; null hides it. */
  showLiveStroke(flat: readonly number[] | null): void;
}

export interface BoardSurface {
  canvas: CanvasElement;
  keys: KeyTarget;
  drawing: BoardDrawing;
}

/** The parts of DOM events the machine reads: plain objects in the Vitest driver. */
export interface PointerInput {
  readonly pointerId: number;
  readonly pointerType: string;
  readonly button: number;
  readonly clientX: number;
  readonly clientY: number;
  readonly target?: unknown;
  getCoalescedEvents?(): readonly { clientX: number; clientY: number }[];
  preventDefault(): void;
}

export interface WheelInput {
  readonly deltaY: number;
  readonly deltaMode: number;
  readonly ctrlKey: boolean;
  readonly clientX: number;
  readonly clientY: number;
  preventDefault(): void;
}

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly isComposing?: boolean;
  readonly target: unknown;
  preventDefault(): void;
}

export interface TouchInput {
  readonly cancelable: boolean;
  preventDefault(): void;
}
