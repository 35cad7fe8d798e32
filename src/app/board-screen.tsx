/**
 * The board: composes the wall (stage, toolbar, readout, loading) and compose (caption box, save
 * flow) features around the board's state machine from src/domain/board.ts.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  boardReducer,
  canSave,
  controlsLocked,
  initialBoardState,
  type BoardEvent,
} from '../domain/board.ts';
import { centreOf } from '../domain/free-spot.ts';
import type { Rect } from '../domain/geometry.ts';
import { parseViewHash } from '../domain/view-link.ts';
import { CaptionBox } from '../features/compose/caption-box.tsx';
import { useSaveSignature } from '../features/compose/use-save-signature.ts';
import { BoardToolbar } from '../features/wall/board-toolbar.tsx';
import { PointerReadout } from '../features/wall/pointer-readout.tsx';
import { ZOOM_STEP, type Camera } from '../features/wall/use-camera.ts';
import { useViewLink } from '../features/wall/use-view-link.ts';
import { useWallSignatures } from '../features/wall/use-wall-signatures.ts';
import { ViewTools } from '../features/wall/view-tools.tsx';
import { WallEdge } from '../features/wall/wall-edge.tsx';
import { WallHelp } from '../features/wall/wall-help.tsx';
import { WallLoadStatus } from '../features/wall/wall-load-status.tsx';
import { WallOverview } from '../features/wall/wall-overview.tsx';
import { WallStage } from '../features/wall/wall-stage.tsx';
import '../features/wall/board.css';
import { ToastArea, useToastExpiry } from '../ui/toast.tsx';

export interface BoardScreenProps {
  onBack: () => void;
  /** The wall rect the first screen shows: its signatures load first (initialViewRect). */
  firstScreen: Rect | null;
}

export function BoardScreen({ onBack, firstScreen }: BoardScreenProps) {
  const [board, dispatch] = useReducer(boardReducer, initialBoardState);
  const readoutRef = useRef<HTMLDivElement>(null);
  const wall = useWallSignatures(dispatch, firstScreen);
  const { signatures } = wall;
  // The view a shared link names (read once: the board then writes the hash itself).
  const [initialView] = useState(() => parseViewHash(window.location.hash));
  const [camera, setCamera] = useState<Camera | null>(null);
  const viewLink = useViewLink(camera);
  // After a save, the link to share points at the new signature.
  const save = useSaveSignature(board, dispatch, (saved) =>
    viewLink.pointAt(centreOf(saved.outline)),
  );
  const notify = useCallback((text: string) => dispatch({ type: 'notified', text }), []);

  const expireToast = useCallback((seq: number) => dispatch({ type: 'toastExpired', seq }), []);
  useToastExpiry(board.toast, expireToast);

  const cancel = useCallback(() => dispatch({ type: 'drawingCanceled' }), []);
  const changeCaption = useCallback(
    (caption: string) => dispatch({ type: 'captionChanged', caption }),
    [],
  );
  const toggle = useCallback(() => dispatch({ type: 'modeToggled' }), []);
  const zoomIn = useCallback(() => camera?.zoomBy(ZOOM_STEP), [camera]);
  const zoomOut = useCallback(() => camera?.zoomBy(1 / ZOOM_STEP), [camera]);

  useBoardKeys(dispatch, canSave(board) ? save : null);

  const locked = controlsLocked(board);
  return (
    // The main landmark: every control, the readout and the toasts sit inside it (axe region).
    <main className="board">
      <WallEdge camera={camera} />
      <WallHelp />
      <WallStage
        board={board}
        signatures={signatures}
        dispatch={dispatch}
        readoutRef={readoutRef}
        initialView={initialView}
        onCamera={setCamera}
      />
      <BoardToolbar
        mode={board.mode}
        locked={locked}
        // Until the whole wall is in, a stroke could not be checked against all of it.
        wallLoading={!wall.complete}
        onBack={onBack}
        onToggle={toggle}
      />
      <ViewTools
        camera={camera}
        signatures={signatures}
        linkHref={viewLink.href}
        notify={notify}
        locked={locked}
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
      />
      <WallOverview camera={camera} signatures={signatures} />
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
    </main>
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
