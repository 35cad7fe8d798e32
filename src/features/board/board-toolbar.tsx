/**
 * The board's controls: back to the welcome card (top left), the mode toggle (top right) and the
 * zoom buttons under it.
 */
import type { BoardMode } from '../../domain/board.ts';

export interface BoardToolbarProps {
  mode: BoardMode;
  /** A stroke is being drawn or a caption is pending (spec §2). */
  locked: boolean;
  /** The wall is still loading: drawing cannot start yet (the toggle to 'Sign' is disabled). */
  wallLoading?: boolean;
  onBack: () => void;
  onToggle: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}

export function BoardToolbar({
  mode,
  locked,
  wallLoading = false,
  onBack,
  onToggle,
  onZoomIn,
  onZoomOut,
}: BoardToolbarProps) {
  return (
    <>
      <button
        type="button"
        className="board-button board-back"
        aria-label="Back"
        title="Back to the welcome card"
        disabled={locked}
        onClick={onBack}
      >
        &lt;
      </button>
      <button
        type="button"
        className="board-button board-toggle"
        // The label names the mode the button switches to: 'Sign' while panning, 'Pan' while drawing.
        title={mode === 'pan' ? 'Switch to drawing' : 'Switch to panning'}
        disabled={locked || (mode === 'pan' && wallLoading)}
        onClick={onToggle}
      >
        {mode === 'pan' ? 'Sign' : 'Pan'}
      </button>
      {/* Zooming never changes the board's state, so it stays available while drawing. */}
      <button
        type="button"
        className="board-button board-zoom board-zoom-in"
        aria-label="Zoom in"
        title="Zoom in (+)"
        onClick={onZoomIn}
      >
        +
      </button>
      <button
        type="button"
        className="board-button board-zoom board-zoom-out"
        aria-label="Zoom out"
        title="Zoom out (−)"
        onClick={onZoomOut}
      >
        −
      </button>
    </>
  );
}
