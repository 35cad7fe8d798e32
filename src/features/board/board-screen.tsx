/**
 * The board: the wall (stage, edge, tiles), its controls (back, mode toggle, zoom, way-finding
 * tools, overview, readout, load status), the caption box and the toasts, around one input
 * machine (input/board-machine.ts) created here once, with the camera it owns. React renders the
 * machine's snapshot; pointer moves, pans and zooms never render.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { CameraState } from '../../domain/camera.ts';
import type { EmbedSettings } from '../../domain/embed.ts';
import { centreOf } from './model/free-spot.ts';
import type { Rect } from '../../domain/geometry.ts';
import { useCreateSignature } from '../../data/signatures.ts';
import { BoardToolbar } from './controls/board-toolbar.tsx';
import { CaptionBox } from './caption/caption-box.tsx';
import { SignatureCard } from './card/signature-card.tsx';
import { ZOOM_STEP } from './input/camera.ts';
import { createBoardMachine, type BoardMachine } from './input/board-machine.ts';
import { PointerReadout } from './controls/pointer-readout.tsx';
import { useOutlines } from './use-outlines.ts';
import { useViewLink } from './use-view-link.ts';
import { useViewportSize } from './use-viewport-size.ts';
import { ReplayBar } from './replay/replay-bar.tsx';
import { useReplay } from './replay/use-replay.ts';
import { useNewSinceVisit } from './use-new-since-visit.ts';
import { useWallSignatures } from './use-wall-signatures.ts';
import { ViewTools } from './controls/view-tools.tsx';
import { WallEdge } from './stage/wall-edge.tsx';
import { WallHelp } from './controls/wall-help.tsx';
import { WallLoadStatus } from './controls/wall-load-status.tsx';
import { WallOverview } from './controls/wall-overview.tsx';
import { WallStage } from './stage/wall-stage.tsx';
import { useEmbed } from './embed/use-embed.ts';
import { useWallFirst } from './use-wall-first.ts';
import { OpenFullWall } from './controls/open-full-wall.tsx';
import { BoardToolButtons, BoardToolPanel, type BoardTool } from './controls/board-tools.tsx';
import { NewArrivalsRegion, useNewArrivals } from './announcements/new-arrivals.tsx';
import './board.css';
import { ToastArea, useToastExpiry } from '../../ui/toast.tsx';
import type { ToastKind } from '../../domain/toast.ts';

/** An embed at least this tall opens with the wall overview out (navigation.css's compact size). */
const COMPACT_EMBED_HEIGHT = 600;

// The route starts painting the first screen while the welcome card is up (first-view.ts).
export { prepaintFirstView } from './stage/tiles/first-view.ts';

export interface BoardScreenProps {
  /** Back to the welcome card; null in an embed, which has none. */
  onBack: (() => void) | null;
  /** The wall rect the first screen shows: its signatures load first (initialViewRect). */
  firstScreen: Rect | null;
  /** Where the board opens (the route reads the view link, once per opening). */
  openingCamera: CameraState;
  /** Inside someone else's page (/embed): its mode and the host page's messages. */
  embed?: EmbedSettings | null;
}

export function BoardScreen({
  onBack,
  firstScreen,
  openingCamera,
  embed = null,
}: BoardScreenProps) {
  // Created once, with the camera it owns from then on.
  const [machine] = useState(() =>
    createBoardMachine(openingCamera, { width: window.innerWidth, height: window.innerHeight }),
  );
  const board = useSyncExternalStore(machine.subscribe, machine.getSnapshot);
  const { dispatch, camera } = machine;
  const wall = useWallSignatures(dispatch, firstScreen);
  const { controlsShown, wallDrawn } = useWallFirst(wall.signatures.length > 0);
  const replay = useReplay(wall.signatures, wall.complete);
  // While a replay plays, the board shows the wall as it was: its first signatures only.
  const signatures = replay.shown;
  const viewport = useViewportSize();
  const viewLink = useViewLink(camera);
  const { pointAt } = viewLink;
  const { mutateAsync } = useCreateSignature();
  const newSinceVisit = useNewSinceVisit(wall.signatures, wall.complete);
  const embedded = useEmbed(embed, machine);
  const saved = embedded?.saved;
  const [tool, setTool] = useState<BoardTool | null>(null);
  const closeTool = useCallback(() => setTool(null), []);
  const arrivals = useNewArrivals(wall.signatures, wall.complete);
  const { ownSave } = arrivals;
  // Typing a name signs as the toggle does: once the wall is in, never in a view-only embed.
  const canType =
    embedded?.mode === 'view' ? null : wall.complete && !replay.active && !board.locked;

  // A signature arriving mid-stroke blocks drawing over it from the next point on.
  const outlines = useOutlines(signatures);
  useLayoutEffect(() => machine.setOutlines(outlines), [machine, outlines]);
  useLayoutEffect(() => machine.dispatch({ type: 'resized', viewport }), [machine, viewport]);
  // After a save, the link to share points at the new signature.
  useLayoutEffect(
    () =>
      machine.setSaver((request) =>
        mutateAsync(request).then((signature) => {
          ownSave(signature.id);
          pointAt(centreOf(signature.outline));
          saved?.(signature.id);
        }),
      ),
    [machine, mutateAsync, pointAt, saved, ownSave],
  );
  useFocusReturn(machine, board.pending !== null);
  // A signature's card; one that left the wall (hidden, deleted, removed) closes.
  const card = board.card === null ? null : (signatures.find((s) => s.id === board.card) ?? null);
  const cardGone = board.card !== null && card === null;
  useEffect(() => {
    if (cardGone) dispatch({ type: 'cardClosed' });
  }, [cardGone, dispatch]);
  useFocusReturn(machine, card !== null);
  const closeCard = useCallback(() => dispatch({ type: 'cardClosed' }), [dispatch]);

  const notify = useCallback((kind: ToastKind) => dispatch({ type: 'notified', kind }), [dispatch]);
  const expireToast = useCallback(
    (seq: number) => dispatch({ type: 'toastExpired', seq }),
    [dispatch],
  );
  useToastExpiry(board.toast, expireToast);

  const cancel = useCallback(() => dispatch({ type: 'drawingCanceled' }), [dispatch]);
  const undo = useCallback(() => dispatch({ type: 'strokeUndone' }), [dispatch]);
  const changeCaption = useCallback(
    (caption: string) => dispatch({ type: 'captionChanged', caption }),
    [dispatch],
  );
  const toggle = useCallback(() => dispatch({ type: 'modeToggled' }), [dispatch]);
  const zoomIn = useCallback(() => camera.zoomBy(ZOOM_STEP), [camera]);
  const zoomOut = useCallback(() => camera.zoomBy(1 / ZOOM_STEP), [camera]);

  return (
    // The main landmark: every control, the readout and the toasts sit inside it (axe region).
    <main className="board">
      <WallEdge camera={camera} />
      <WallHelp />
      <WallStage
        machine={machine}
        mode={board.mode}
        pending={board.pending}
        signatures={signatures}
        viewport={viewport}
        marks={newSinceVisit.marks}
        onViewDrawn={wallDrawn}
      />
      {/* Mounted once the first screen is drawn (use-wall-first.ts). */}
      {controlsShown && (
        <>
          <BoardToolbar
            mode={board.mode}
            locked={board.locked}
            // Until the whole wall is in, a stroke could not be checked against all of it.
            wallLoading={!wall.complete || replay.active}
            onBack={onBack}
            onToggle={toggle}
            canSign={embedded?.mode !== 'view'}
          />
          {embedded && <OpenFullWall href={viewLink.href} />}
          <ViewTools
            camera={camera}
            signatures={signatures}
            linkHref={viewLink.href}
            notify={notify}
            locked={board.locked}
            onZoomIn={zoomIn}
            onZoomOut={zoomOut}
            exportInNewTab={embedded !== null}
            moreTools={(closeMenu) => (
              <BoardToolButtons
                open={tool}
                canType={canType}
                onOpen={(next) => {
                  closeMenu();
                  setTool(next);
                }}
              />
            )}
            onReplay={
              wall.complete && !replay.active && !board.locked && board.mode === 'pan'
                ? replay.start
                : null
            }
          />
          {/* A replay is watched: its bar takes the bottom of the screen, the overview steps aside. */}
          {!replay.active && (
            <WallOverview
              camera={camera}
              signatures={signatures}
              // In a frame shorter than a phone's screen the map would sit on the tools' column.
              initiallyOpen={!embedded || viewport.height >= COMPACT_EMBED_HEIGHT}
            />
          )}
          <PointerReadout watchPointer={machine.watchPointer} />
          <WallLoadStatus complete={wall.complete} failed={wall.failed} onRetry={wall.retry} />
        </>
      )}
      {replay.active && <ReplayBar replay={replay} signatures={wall.signatures} notify={notify} />}
      {newSinceVisit.text && (
        // Where the load's progress was (its box, wall-load-status.css), for a few seconds.
        <p className="wall-load" role="status">
          {newSinceVisit.text}
        </p>
      )}
      {board.pending && (
        <CaptionBox
          caption={board.caption}
          saving={board.saving}
          onCaptionChange={changeCaption}
          onSave={machine.save}
          onCancel={cancel}
          onUndo={undo}
        />
      )}
      {card && (
        <SignatureCard
          key={card.id}
          signature={card}
          camera={camera}
          viewport={viewport}
          notify={notify}
          onClose={closeCard}
        />
      )}
      {controlsShown && (
        <BoardToolPanel
          tool={tool}
          machine={machine}
          signatures={signatures}
          canType={canType === true}
          card={board.card}
          onClose={closeTool}
        />
      )}
      <NewArrivalsRegion telling={arrivals.telling} />
      <ToastArea toast={board.toast} />
    </main>
  );
}

/**
 * When the caption box closes (save or cancel), or a signature's card (Close, Escape, a report
 * sent), the control that had the focus is gone: the wall takes it back, so the arrow keys and
 * Enter work at once. A visitor who moved the focus elsewhere (the mode toggle, say) keeps it
 * there.
 */
function useFocusReturn(machine: BoardMachine, open: boolean): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const active = document.activeElement;
    if (active === null || active === document.body) machine.focusWall();
  }, [machine, open]);
}
