/**
 * The wall's edge, where the screen shows more than the wall (zoomed out, or a screen larger than
 * the wall): a box the size of the wall, behind the stage, whose shadow darkens everything
 * outside it. The wall itself keeps the board's #333 background, so what is drawn on it and the
 * pixels behind it are unchanged. Moved from the camera's move listener: no React render.
 */
import '../controls/navigation.css';
import { useEffect, useRef } from 'react';
import { WALL_SIZE } from '../../../domain/rules.ts';
import type { Camera } from '../input/camera.ts';

export function WallEdge({ camera }: { camera: Camera | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!camera || !box) return undefined;
    const place = () => {
      const now = camera.current();
      if (!now) return;
      const { offset, scale } = now.camera;
      box.style.transform = `translate(${offset.x}px, ${offset.y}px)`;
      box.style.width = box.style.height = `${WALL_SIZE * scale}px`;
      // Hidden until placed: unsized, its shadow would darken the whole screen for a frame.
      box.style.visibility = 'visible';
    };
    place();
    return camera.onMove(place);
  }, [camera]);
  return <div ref={ref} className="board-wall-edge" data-testid="wall-edge" aria-hidden="true" />;
}
