/**
 * The board's camera as the controls around the wall use it (zoom buttons, overview, "Find a
 * free spot", the view link, the wall's edge): reads and moves go through the input machine, so
 * the camera has one owner and one clamp (src/domain/camera.ts).
 */
import type { BoardEvent, BoardState } from '../model/board.ts';
import type { CameraState, Size } from '../../../domain/camera.ts';
import type { ScreenPoint } from '../../../domain/geometry.ts';

/** One press of a zoom button or key. */
export const ZOOM_STEP = 1.25;

export interface Camera {
  /** Calls `listener` after every camera move (pan, pinch, zoom, resize); returns the unsubscribe. */
  onMove: (listener: () => void) => () => void;
  /** Zooms by `factor` around a screen point (the viewport's centre by default). */
  zoomBy: (factor: number, screen?: ScreenPoint) => void;
  /** Moves the camera to `next`, clamped as always. */
  moveTo: (next: CameraState) => void;
  /** Moves the view by (dx, dy) screen pixels (the wall slides the other way), clamped. */
  panBy: (dx: number, dy: number) => void;
  /** The camera and the viewport it looks through. */
  current: () => { camera: CameraState; viewport: Size };
}

export function createBoardCamera(machine: {
  dispatch: (event: BoardEvent) => void;
  getState: () => BoardState;
  onMove: (listener: () => void) => () => void;
}): Camera {
  const { dispatch, getState } = machine;
  return {
    onMove: machine.onMove,
    zoomBy: (factor, at) =>
      dispatch(at ? { type: 'zoomed', factor, at } : { type: 'zoomed', factor }),
    moveTo: (camera) => dispatch({ type: 'cameraMoved', camera }),
    panBy: (dx, dy) => dispatch({ type: 'pannedBy', dx, dy }),
    current: () => {
      const { camera, viewport } = getState();
      return { camera, viewport };
    },
  };
}
