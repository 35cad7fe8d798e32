/**
 * Marks drawn over the saved signatures, at a fixed size on screen whatever the zoom: the selected
 * signature's outline, and a badge (a report count) at a signature's top-right corner. One Konva
 * Shape in the draft layer, drawn in screen pixels from the camera's transform, so a pan or zoom
 * moves the marks with the wall at no cost to the tiles (which a badge or a selection never
 * touches). Only a board given marks (the owner's, /moderate) creates it.
 */
import type KonvaTypes from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import Konva from './konva.ts';
import type { Rect } from '../../../domain/geometry.ts';
import { SELECTION_STYLE } from '../../../domain/presentation.ts';
import { paintedExtent } from '../../../domain/caption-layout.ts';

/** A signature a mark belongs to: its id, and its outline on the wall. */
export interface MarkedSignature {
  readonly id: number;
  readonly outline: Rect;
}

export interface SignatureMarks {
  /** The selected signature, outlined; or null. */
  readonly selected: MarkedSignature | null;
  readonly badges: readonly (MarkedSignature & { readonly text: string })[];
}

/** The Shape's Konva name: `stage.findOne('.signature-marks')`. */
export const MARKS_SHAPE_NAME = 'signature-marks';

/** Screen pixels between a selected signature's paint and its outline. */
const SELECTION_GAP = 6;
const BADGE_HEIGHT = 22;
const BADGE_FONT = 'bold 13px Arial';
export const BADGE_FILL = '#e5484d';

function drawMarks(ctx: CanvasRenderingContext2D, pixelRatio: number, marks: SignatureMarks): void {
  // Wall → screen pixels, from the transform Konva set (camera × the canvas's pixel ratio).
  const m = ctx.getTransform();
  const sx = (x: number) => (m.a * x + m.e) / pixelRatio;
  const sy = (y: number) => (m.d * y + m.f) / pixelRatio;
  ctx.save();
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  if (marks.selected) {
    // Around the caption too: what the owner selected is the whole mark.
    const r = paintedExtent(marks.selected.outline);
    ctx.strokeStyle = SELECTION_STYLE.stroke;
    ctx.lineWidth = SELECTION_STYLE.strokeWidth + 1;
    ctx.setLineDash([...SELECTION_STYLE.dash]);
    const x = sx(r.x) - SELECTION_GAP;
    const y = sy(r.y) - SELECTION_GAP;
    ctx.strokeRect(
      x,
      y,
      sx(r.x + r.width) - x + SELECTION_GAP,
      sy(r.y + r.height) - y + SELECTION_GAP,
    );
    ctx.setLineDash([]);
  }
  ctx.font = BADGE_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const { outline, text } of marks.badges) {
    const width = Math.max(BADGE_HEIGHT, ctx.measureText(text).width + 12);
    const cx = sx(outline.x + outline.width);
    const cy = sy(outline.y);
    ctx.fillStyle = BADGE_FILL;
    ctx.beginPath();
    ctx.roundRect(cx - width / 2, cy - BADGE_HEIGHT / 2, width, BADGE_HEIGHT, BADGE_HEIGHT / 2);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, cx, cy + 1);
  }
  ctx.restore();
}

/** Keeps a marks Shape in `layerRef`'s layer while `marks` is given, drawing the latest marks. */
export function useSignatureMarks(
  layerRef: RefObject<KonvaTypes.Layer | null>,
  marks: SignatureMarks | undefined,
): void {
  const current = useRef(marks);
  const shape = useRef<KonvaTypes.Shape | null>(null);
  const wanted = marks !== undefined;

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer || !wanted) return undefined;
    const created = new Konva.Shape({
      name: MARKS_SHAPE_NAME,
      // For tests and DevTools: the marks drawn (a badge's text is not readable from pixels).
      marks: () => current.current,
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => {
        const now = current.current;
        if (now) drawMarks(context._context, context.canvas.getPixelRatio(), now);
      },
    });
    layer.add(created);
    shape.current = created;
    return () => {
      created.destroy();
      shape.current = null;
    };
  }, [layerRef, wanted]);

  useEffect(() => {
    current.current = marks;
    shape.current?.getLayer()?.batchDraw();
  }, [marks]);
}
