/**
 * The live X/Y readout of the pointer in wall coordinates. Written straight into the DOM from the
 * input machine's pointer listener: a React update per pointer move would render the board on
 * every move.
 */
import { useEffect, useRef } from 'react';
import type { Point, WorldPoint } from '../../../domain/geometry.ts';
import { useWords, type Words } from '../../../ui/i18n/words.ts';

/** `X: 640 | Y: 450`: whole wall pixels. */
export function formatReadout([x, y]: Point, t: Words): string {
  return t('board.readout', { x: Math.round(x), y: Math.round(y) });
}

/**
 * A plain element, not a live region: announcing every pointer move would drown a screen
 * reader. Its text is readable on demand. `watchPointer` calls back with the wall point under the
 * pointer, in drawing and panning alike, and as the wall slides beneath a pointer at rest.
 */
export function PointerReadout({
  watchPointer,
}: {
  watchPointer: (listener: (point: WorldPoint) => void) => () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useWords();
  useEffect(
    () =>
      watchPointer((point) => {
        if (ref.current) ref.current.textContent = formatReadout(point, t);
      }),
    [watchPointer, t],
  );
  return (
    // Coordinates read left to right in every language, as X then Y.
    <div ref={ref} className="board-readout" data-testid="pointer-readout" dir="ltr">
      {formatReadout([0, 0], t)}
    </div>
  );
}
