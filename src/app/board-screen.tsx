/**
 * The board: composes the wall (stage, toolbar, readout, loading) and compose (caption box, save
 * flow) features around the board's state machine from src/domain/board.ts.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  boardReducer,
  canSave,
  controlsLocked,
  initialBoardState,
  type BoardEvent,
} from '../domain/board.ts';
import type { Rect } from '../domain/geometry.ts';
import { CaptionBox } from '../features/compose/caption-box.tsx';
import { useSaveSignature } from '../features/compose/use-save-signature.ts';
import { BoardToolbar } from '../features/wall/board-toolbar.tsx';
import { PointerReadout } from '../features/wall/pointer-readout.tsx';
import { ZOOM_STEP } from '../features/wall/use-camera.ts';
import { useWallSignatures } from '../features/wall/use-wall-signatures.ts';
import { WallLoadStatus } from '../features/wall/wall-load-status.tsx';
import { WallStage } from '../features/wall/wall-stage.tsx';
import '../features/wall/board.css';
import { ToastArea, useToastExpiry } from '../ui/toast.tsx';

export interface BoardScreenProps {
  onBack: () => void;
  /** The wall rect the first screen shows: its signatures load first (initialViewRect). */
  initialView: Rect | null;
}

export function BoardScreen({ onBack, initialView }: BoardScreenProps) {
  const [board, dispatch] = useReducer(boardReducer, initialBoardState);
  const readoutRef = useRef<HTMLDivElement>(null);
  const wall = useWallSignatures(dispatch, initialView);
  const save = useSaveSignature(board, dispatch);

  const expireToast = useCallback((seq: number) => dispatch({ type: 'toastExpired', seq }), []);
  useToastExpiry(board.toast, expireToast);

  const cancel = useCallback(() => dispatch({ type: 'drawingCanceled' }), []);
  const changeCaption = useCallback(
    (caption: string) => dispatch({ type: 'captionChanged', caption }),
    [],
  );
  const toggle = useCallback(() => dispatch({ type: 'modeToggled' }), []);
  const zoomRef = useRef<((factor: number) => void) | null>(null);
  const zoomIn = useCallback(() => zoomRef.current?.(ZOOM_STEP), []);
  const zoomOut = useCallback(() => zoomRef.current?.(1 / ZOOM_STEP), []);

  useBoardKeys(dispatch, canSave(board) ? save : null);

  const locked = controlsLocked(board);
  return (
    <div className="board">
      <WallStage
        board={board}
        signatures={wall.signatures}
        dispatch={dispatch}
        readoutRef={readoutRef}
        zoomRef={zoomRef}
      />
      <BoardToolbar
        mode={board.mode}
        locked={locked}
        // Until the whole wall is in, a stroke could not be checked against all of it.
        wallLoading={!wall.complete}
        onBack={onBack}
        onToggle={toggle}
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
      />
      <PointerReadout ref={readoutRef} />
      <WallLoadStatus
        complete={wall.complete}
        failed={wall.failed}
        progress={wall.progress}
        onRetry={wall.retry}
      />
      {board.pending && (
        <CaptionBox
          caption={board.caption}
          saving={board.saving}
          onCaptionChange={changeCaption}
          onSave={save}
          onCancel={cancel}
        />
      )}
      <ToastArea toast={board.toast} />
    </div>
  );
}

/**
 * Escape cancels the stroke or pending signature from anywhere; Enter saves when the focus is on
 * the wall rather than a control (the caption input and buttons handle their own keys).
 */
function useBoardKeys(dispatch: (event: BoardEvent) => void, save: (() => void) | null): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        dispatch({ type: 'drawingCanceled' });
      } else if (e.key === 'Enter' && save && !isControl(e.target)) {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, save]);
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, input, textarea, a') !== null;
}
