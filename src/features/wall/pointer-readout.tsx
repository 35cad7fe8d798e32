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
): void {
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const container = stage.container();
    const onMove = (evt: PointerEvent) => {
      const out = readoutRef.current;
      if (out) out.textContent = formatReadout(wallPointOf(stage, evt));
    };
    // Native and bubbling from the canvas: Konva withholds its own pointermove while the stage
    // is dragged, which would freeze the readout during a pan.
    container.addEventListener('pointermove', onMove);
    container.addEventListener('pointerdown', onMove);
    return () => {
      container.removeEventListener('pointermove', onMove);
      container.removeEventListener('pointerdown', onMove);
    };
  }, [stageRef, readoutRef]);
}
