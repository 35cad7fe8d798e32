/**
 * The wall: a viewport-sized Konva Stage looking at the 3200×3200 wall (never a 3200² on-screen
 * stage, docs/research/konva.md §3), moved and scaled by the camera: the wall is the stage's coordinate space,
 * so strokes stay 3 wall pixels wide at every zoom. Two non-listening layers: the saved signatures
 * (composed from cached bitmap tiles, use-tiled-signatures.ts), and the draft
 * (pending signature and live stroke). Hit tests use the domain's outline index, not Konva's
 * hit graph; the Stage itself still receives pointer and drag events.
 */
import type Konva from 'konva';
import { useEffect, useMemo, useRef, type CSSProperties, type RefObject } from 'react';
// The core entry: the plain 'react-konva' entry imports all of Konva (see ui/konva.ts).
import { Group, Layer, Line, Stage } from 'react-konva/lib/ReactKonvaCore';
import { canDraw, type BoardEvent, type BoardState } from '../../domain/board.ts';
import { STROKE_STYLE } from '../../domain/constants.ts';
import { createOutlineIndex } from '../../domain/outline-index.ts';
import type { Signature } from '../../domain/signature.ts';
import type { ViewLink } from '../../domain/view-link.ts';
import { capPixelRatio, STAGE_CONTAINER_STYLE } from './konva-setup.ts';
import { useCamera, useZoomKeys, type Camera } from './use-camera.ts';
import { usePendingDrawing } from './use-pending-drawing.ts';
import { usePointerReadout } from './pointer-readout.tsx';
import { useStrokeInput } from './use-stroke-input.ts';
import { useTiledSignatures } from './use-tiled-signatures.ts';
import { useViewportSize } from './use-viewport-size.ts';
import { useGestureGuards } from './use-gesture-guards.ts';
import { useWallKeyboard } from './use-wall-keyboard.ts';

// Before the first Stage exists: layer canvases take their pixel ratio at creation.
capPixelRatio();

export interface WallStageProps {
  board: BoardState;
  signatures: readonly Signature[];
  dispatch: (event: BoardEvent) => void;
  readoutRef: RefObject<HTMLElement | null>;
  /** The view to open on (a shared link); the wall's origin when null. */
  initialView: ViewLink | null;
  /** Given the camera once the stage exists (null when it goes), for the controls around it. */
  onCamera: (camera: Camera | null) => void;
}

export function WallStage({
  board,
  signatures,
  dispatch,
  readoutRef,
  initialView,
  onCamera,
}: WallStageProps) {
  const stageRef = useRef<Konva.Stage>(null);
  const savedLayerRef = useRef<Konva.Layer>(null);
  const pendingRef = useRef<Konva.Group>(null);
  const liveLineRef = useRef<Konva.Line>(null);
  const viewport = useViewportSize();
  const index = useMemo(() => createOutlineIndex(signatures), [signatures]);

  const camera = useCamera(stageRef, viewport, board.mode === 'pan', initialView);
  useZoomKeys(camera.zoomBy);
  useEffect(() => {
    onCamera(camera);
    return () => onCamera(null);
  }, [onCamera, camera]);
  useWallKeyboard(stageRef, camera, board.pending);
  useTiledSignatures(savedLayerRef, signatures);
  usePendingDrawing(pendingRef, board.pending);
  usePointerReadout(stageRef, readoutRef, camera.onMove);
  useGestureGuards(stageRef);
  const handlers = useStrokeInput({
    stageRef,
    liveLineRef,
    canDraw: canDraw(board),
    stroking: board.stroking,
    pending: board.pending,
    index,
    dispatch,
  });

  const style = useMemo<CSSProperties>(
    () => ({ ...STAGE_CONTAINER_STYLE, cursor: board.mode === 'pan' ? 'grab' : 'crosshair' }),
    [board.mode],
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
      // In drawing mode a drag must draw, never move the wall.
      draggable={board.mode === 'pan'}
      dragBoundFunc={camera.dragBoundFunc}
      {...handlers}
    >
      <Layer ref={savedLayerRef} listening={false} />
      <Layer listening={false}>
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
