/**
 * The input machine's drawing on the real wall: the Konva stage (its position and scale are the
 * camera) and the one Line that shows the stroke in progress. Both change without React.
 */
import type Konva from 'konva';
import type { BoardDrawing } from './surface.ts';

export function konvaDrawing(stage: Konva.Stage, liveLine: Konva.Line): BoardDrawing {
  return {
    showCamera({ scale, offset }) {
      stage.scale({ x: scale, y: scale });
      stage.position(offset);
      stage.batchDraw();
    },
    showLiveStroke(flat) {
      if (flat) {
        // Konva treats an array as changed even when it is the same one; the layer redraws once
        // on the next frame however many moves arrive before it.
        liveLine.points(flat as number[]);
        liveLine.visible(true);
      } else {
        liveLine.visible(false);
      }
      liveLine.getLayer()?.batchDraw();
    },
  };
}
