/**
 * The wall first, its controls a moment after. A board opened on a wall whose first screen is in
 * (read and painted ahead while the welcome card showed) draws that screen on its first frames;
 * mounting the toolbar, the view tools, the overview and the panels in the same task made a
 * 4×-slowed phone wait about 200 ms longer for it. So they mount once the renderer has drawn the
 * view (`wallDrawn`), or after CONTROLS_WAIT_MS at most. A board that opens before its first
 * screen is in shows them at once: it has nothing to draw yet, and the load's progress to show.
 */
import { useCallback, useEffect, useState } from 'react';

/** The longest the controls wait for the first screen to be drawn. */
export const CONTROLS_WAIT_MS = 1000;

export function useWallFirst(firstScreenIn: boolean): {
  controlsShown: boolean;
  wallDrawn: () => void;
} {
  // As the board opens: a first screen that arrives later changes nothing.
  const [controlsShown, setShown] = useState(!firstScreenIn);
  useEffect(() => {
    if (controlsShown) return undefined;
    const timer = setTimeout(() => setShown(true), CONTROLS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [controlsShown]);
  const wallDrawn = useCallback(() => setShown(true), []);
  return { controlsShown, wallDrawn };
}
