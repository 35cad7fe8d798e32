/**
 * The live X/Y readout of the pointer in wall coordinates. Written straight into the DOM from a
 * native listener: a React update per pointer move would render the board on every move.
 */
import type Konva from 'konva';
import { useEffect, type Ref, type RefObject } from 'react';
import type { Point } from '../../domain/geometry.ts';
import { wallPointOf } from './pointer-position.ts';

/** `X: 640 | Y: 450`: whole wall pixels. */
export function formatReadout([x, y]: Point): string {
  return `X: ${Math.round(x)} | Y: ${Math.round(y)}`;
}

/**
 * A plain element, not a live region: announcing every pointer move would drown a screen
 * reader. Its text is readable on demand.
 */
export function PointerReadout({ ref }: { ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="board-readout" data-testid="pointer-readout">
      {formatReadout([0, 0])}
    </div>
  );
}

/** Keeps the readout's text on the pointer, in drawing and panning alike. */
export function usePointerReadout(
  stageRef: RefObject<Konva.Stage | null>,
  readoutRef: RefObject<HTMLElement | null>,
  onCameraMove: (listener: () => void) => () => void,
): void {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    let last: { clientX: number; clientY: number } | null = null;
    const show = () => {
      const out = readoutRef.current;
      if (out && last) out.textContent = formatReadout(wallPointOf(stage, last));
    };
    const onPointer = (evt: PointerEvent) => {
      last = { clientX: evt.clientX, clientY: evt.clientY };
      show();
    };
    // Native and bubbling from the canvas: Konva withholds its own pointermove while the stage
    // is dragged. The drag moves the wall after the pointer event, so show again on every camera
    // move (drag, zoom): the wall point under a pointer changes as the wall slides beneath it.
    container.addEventListener('pointermove', onPointer);
    container.addEventListener('pointerdown', onPointer);
    const unsubscribe = onCameraMove(show);
    return () => {
      container.removeEventListener('pointermove', onPointer);
      container.removeEventListener('pointerdown', onPointer);
      unsubscribe();
    };
  }, [stageRef, readoutRef, onCameraMove]);
}
