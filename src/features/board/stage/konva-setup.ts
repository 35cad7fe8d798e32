/**
 * Konva settings the board relies on, applied once before the first Stage is created.
 */
import Konva from './konva.ts';
import type KonvaTypes from 'konva';
import type { CSSProperties } from 'react';

/**
 * Layer canvases are allocated at viewport × pixelRatio². A DPR-3 phone at full ratio needs 9×
 * the pixels of DPR 1; 2 keeps lines crisp while staying far inside phone canvas limits
 * (docs/research/konva.md §3).
 */
export function capPixelRatio(): void {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  Konva.pixelRatio = Math.min(dpr, 2);
}

/**
 * The stage container owns every gesture: without `touch-action: none` the browser claims a
 * touch drag as a page pan and cancels our pointer (docs/research/konva.md §2). Konva only sets `userSelect`;
 * iOS also needs the -webkit- variants to stop text selection and the long-press callout.
 */
export const STAGE_CONTAINER_STYLE: CSSProperties = {
  touchAction: 'none',
  userSelect: 'none',
  WebkitUserSelect: 'none',
  WebkitTouchCallout: 'none',
} as CSSProperties;

/**
 * Turns Konva's own pointer handling off on `stage`: the board reads every gesture from its
 * container's DOM events (input/pointer-listeners.ts), and no shape listens. Konva's listeners on
 * its content still ran for each event on the way there: they read the content's box (a forced
 * layout after the last frame's tile moves) and made react-konva flush React synchronously,
 * 45 ms of a 4×-slowed phone's pan of 60 moves. Each listener calls the stage's _batchEvents.
 */
export function withoutKonvaPointerHandling(stage: KonvaTypes.Stage): void {
  (stage as unknown as { _batchEvents: (run: () => void) => void })._batchEvents = () => undefined;
}
