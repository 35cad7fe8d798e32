/**
 * The wall: a viewport-sized Konva Stage looking at the 3200×3200 wall (never a 3200² on-screen
 * stage, docs/research/konva.md §3), moved and scaled by the board's camera: the wall is the
 * stage's coordinate space, so strokes stay 3 wall pixels wide at every zoom. Two non-listening
 * layers: the saved signatures (composed from cached bitmap tiles, use-tiled-signatures.ts), and
 * the draft (pending signature and live stroke). Every gesture on it is the input machine's
 * (input/board-machine.ts), attached here once the stage exists; Konva's own events are unused.
 */
import type Konva from 'konva';
import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
// The core entry: the plain 'react-konva' entry imports all of Konva (see stage/konva.ts).
import { Group, Layer, Line, Stage } from 'react-konva/lib/ReactKonvaCore';
import type { BoardMode } from '../model/board.ts';
import type { Size } from '../../../domain/camera.ts';
import { STROKE_STYLE } from '../../../domain/presentation.ts';
import type { Signature } from '../../../domain/signature.ts';
import type { Stroke } from '../../../domain/geometry.ts';
import type { BoardMachine } from '../input/board-machine.ts';
import { konvaDrawing } from '../input/konva-surface.ts';
import {
  capPixelRatio,
  STAGE_CONTAINER_STYLE,
  withoutKonvaPointerHandling,
} from './konva-setup.ts';
import { usePendingDrawing } from './use-pending-drawing.ts';
import { useTiledSignatures } from './use-tiled-signatures.ts';
import { useSignatureMarks, type SignatureMarks } from './signature-marks.ts';
import { WALL_HELP_ID } from '../controls/wall-help.tsx';
import { hideWhileEmpty, warmUp } from './hide-while-empty.ts';
import { useWords } from '../../../ui/i18n/words.ts';

// Before the first Stage exists: layer canvases take their pixel ratio at creation.
capPixelRatio();

export interface WallStageProps {
  machine: BoardMachine;
  mode: BoardMode;
  pending: readonly Stroke[] | null;
  signatures: readonly Signature[];
  viewport: Size;
  /** Ids painted dimmed (a view-only board's hidden signatures); none on the visitor's board. */
  dimmed?: ReadonlySet<number>;
  /** A selection outline and badges over the signatures; none on the visitor's board. */
  marks?: SignatureMarks;
  /** Hears of each frame that first shows the view drawn with the signatures of now. */
  onViewDrawn?: () => void;
}

export function WallStage({
  machine,
  mode,
  pending,
  signatures,
  viewport,
  dimmed,
  marks,
  onViewDrawn,
}: WallStageProps) {
  const stageRef = useRef<Konva.Stage>(null);
  const savedLayerRef = useRef<Konva.Layer>(null);
  const pendingRef = useRef<Konva.Group>(null);
  const draftLayerRef = useRef<Konva.Layer>(null);
  const liveLineRef = useRef<Konva.Line>(null);
  const t = useWords();

  useEffect(() => {
    const stage = stageRef.current;
    const liveLine = liveLineRef.current;
    if (!stage || !liveLine) return undefined;
    withoutKonvaPointerHandling(stage);
    const container = stage.container();
    // The Stage passes role and tabIndex through, but no aria-* props.
    container.setAttribute('aria-describedby', WALL_HELP_ID);
    machine.attach({ canvas: container, keys: window, drawing: konvaDrawing(stage, liveLine) });
    return () => machine.destroy();
  }, [machine]);

  useEffect(() => {
    stageRef.current?.container().setAttribute('aria-label', t('board.wall'));
  }, [t]);
  useEffect(() => hideWhileEmpty(draftLayerRef.current), []);
  // Drawing turned on: the draft's canvas gets its buffers before the first stroke needs them.
  const drawing = mode === 'draw';
  const warmed = useRef(false);
  useEffect(() => {
    if (!drawing || warmed.current) return;
    warmed.current = true;
    warmUp(draftLayerRef.current);
  }, [drawing]);
  useTiledSignatures(savedLayerRef, signatures, dimmed, onViewDrawn);
  useSignatureMarks(draftLayerRef, marks);
  usePendingDrawing(pendingRef, pending);

  const style = useMemo<CSSProperties>(
    () => ({ ...STAGE_CONTAINER_STYLE, cursor: mode === 'pan' ? 'grab' : 'crosshair' }),
    [mode],
  );

  return (
    <Stage
      ref={stageRef}
      className="board-stage"
      role="application"
      tabIndex={0}
      width={viewport.width}
      height={viewport.height}
      style={style}
      listening={false}
    >
      <Layer ref={savedLayerRef} listening={false} />
      <Layer ref={draftLayerRef} listening={false}>
        <Group ref={pendingRef} />
        <Line
          ref={liveLineRef}
          {...STROKE_STYLE}
          visible={false}
          listening={false}
          perfectDrawEnabled={false}
        />
      </Layer>
    </Stage>
  );
}
