/**
 * A view-only board (on /moderate): the wall with a given list of signatures, in a box of
 * the page rather than the whole window. It pans and zooms as the visitor's board does (the same
 * input machine, always in pan mode), and a tap or click on a signature, or Enter on the focused
 * wall, calls `onSignatureTap` instead of opening the visitor's card. Signatures may be decorated
 * (dimmed, a badge), the selected one is outlined, and the camera brings it into view when it is
 * selected from elsewhere (a row, the address). No draw toggle, welcome card, toasts or view link:
 * the page around it owns the address.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSyncExternalStore } from 'react';
import { minScale, type Size } from '../../domain/camera.ts';
import type { Signature } from '../../domain/signature.ts';
import {
  badgesOf,
  cameraShowing,
  dimmedIds,
  inView,
  type Decorations,
} from '../../domain/signature-marks.ts';
import { cameraCentredOn } from '../../domain/view-link.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import { ZOOM_STEP } from './input/camera.ts';
import { createBoardMachine } from './input/board-machine.ts';
import type { SignatureMarks } from './stage/signature-marks.ts';
import { WallEdge } from './stage/wall-edge.tsx';
import { WallStage } from './stage/wall-stage.tsx';
import { WALL_HELP_ID } from './controls/wall-help.tsx';
import { useElementSize } from './use-element-size.ts';
import { useWords } from '../../ui/i18n/words.ts';
import './view-only-board.css';
import { useOutlines } from './use-outlines.ts';

export interface ViewOnlyBoardProps {
  /** Every signature to draw (hidden ones too, for the owner). */
  signatures: readonly Signature[];
  /** What to draw on some of them: dimmed, a badge. */
  decorations?: Decorations;
  /** Outlined, and brought into view when it changes other than by a tap here. */
  selectedId: number | null;
  onSignatureTap: (id: number) => void;
  /** The board's accessible name. */
  label: string;
  /** What the wall's description says (screen readers), after how to move around. */
  help: string;
}

/** The whole wall in the middle of the box. */
function overview(viewport: Size) {
  const scale = minScale(viewport);
  return cameraCentredOn([WALL_SIZE / 2, WALL_SIZE / 2], scale, viewport);
}

export function ViewOnlyBoard({
  signatures,
  decorations,
  selectedId,
  onSignatureTap,
  label,
  help,
}: ViewOnlyBoardProps) {
  const box = useRef<HTMLElement>(null);
  const t = useWords();
  const viewport = useElementSize(box);
  const ready = viewport.width > 0 && viewport.height > 0;
  // Created once; its viewport and camera follow the box once it has a size.
  const [machine] = useState(() =>
    createBoardMachine({ scale: 1, offset: { x: 0, y: 0 } }, { width: 1, height: 1 }),
  );
  const board = useSyncExternalStore(machine.subscribe, machine.getSnapshot);
  const { camera, dispatch } = machine;

  const outlines = useOutlines(signatures);
  useLayoutEffect(() => machine.setOutlines(outlines), [machine, outlines]);
  const placed = useRef(false);
  useLayoutEffect(() => {
    if (!ready) return;
    machine.dispatch({ type: 'resized', viewport });
    if (!placed.current) {
      placed.current = true;
      camera.moveTo(overview(viewport));
    }
  }, [machine, camera, viewport, ready]);

  // The machine's tap opens a card: here it selects, and no card stays open. A tap on the one
  // already selected changes nothing, so it is not remembered as the tap behind a selection.
  const tapped = useRef<number | null>(null);
  useEffect(() => {
    if (board.card === null) return;
    tapped.current = board.card === selectedId ? null : board.card;
    dispatch({ type: 'cardClosed' });
    onSignatureTap(board.card);
  }, [board.card, selectedId, dispatch, onSignatureTap]);

  const selected = useMemo(
    () => (selectedId === null ? null : (signatures.find((s) => s.id === selectedId) ?? null)),
    [signatures, selectedId],
  );
  // Selected from elsewhere (a row, `#id=`, also before the signatures arrived): into view, once.
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (selectedId === null) shown.current = null;
    if (!selected || !ready || shown.current === selected.id) return;
    shown.current = selected.id;
    const wasTapped = tapped.current === selected.id;
    tapped.current = null;
    if (wasTapped && inView(selected.outline, camera.current().camera, viewport)) return;
    camera.moveTo(cameraShowing(selected.outline, viewport));
  }, [selected, selectedId, ready, camera, viewport]);

  const dimmed = useMemo(() => dimmedIds(decorations), [decorations]);
  const marks = useMemo<SignatureMarks>(() => {
    const badges = badgesOf(decorations);
    return {
      selected: selected && { id: selected.id, outline: selected.outline },
      badges: signatures.flatMap(({ id, outline }) => {
        const text = badges.get(id);
        return text ? [{ id, outline, text }] : [];
      }),
    };
  }, [decorations, selected, signatures]);

  const zoomIn = useCallback(() => camera.zoomBy(ZOOM_STEP), [camera]);
  const zoomOut = useCallback(() => camera.zoomBy(1 / ZOOM_STEP), [camera]);
  const showAll = useCallback(() => camera.moveTo(overview(viewport)), [camera, viewport]);

  return (
    <section ref={box} className="view-only-board" aria-label={label}>
      <WallEdge camera={camera} />
      <p id={WALL_HELP_ID} className="visually-hidden">
        {t('board.help.move')} {help}
      </p>
      {ready && (
        <WallStage
          machine={machine}
          mode="pan"
          pending={null}
          signatures={signatures}
          viewport={viewport}
          dimmed={dimmed}
          marks={marks}
        />
      )}
      <div className="view-only-board-tools">
        <button type="button" aria-label={t('board.zoomIn')} onClick={zoomIn}>
          +
        </button>
        <button type="button" aria-label={t('board.zoomOut')} onClick={zoomOut}>
          −
        </button>
        <button type="button" onClick={showAll}>
          {t('board.wholeWall')}
        </button>
      </div>
    </section>
  );
}
