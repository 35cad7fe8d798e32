/**
 * The draft's Konva nodes: the live stroke's and the pending signature's lines, and the selection
 * outline (spec §9). Saved signatures are painted by paint-signature.ts instead.
 */
import type KonvaTypes from 'konva';
import Konva from './konva.ts';
import { SELECTION_STYLE, STROKE_STYLE } from '../../../domain/presentation.ts';
import type { Rect, Stroke } from '../../../domain/geometry.ts';

/** Konva wants flat `[x0, y0, x1, y1, …]` arrays. */
export function flatPoints(stroke: Stroke): number[] {
  const out = new Array<number>(stroke.length * 2);
  stroke.forEach(([x, y], i) => {
    out[2 * i] = x;
    out[2 * i + 1] = y;
  });
  return out;
}

/** One white round-capped line; never listening (hit tests use the outlines, not Konva). */
export function createStrokeLine(stroke: Stroke): KonvaTypes.Line {
  return new Konva.Line({
    ...STROKE_STYLE,
    points: flatPoints(stroke),
    listening: false,
    perfectDrawEnabled: false,
  });
}

/** The dashed blue outline around the signature being composed. */
export function createSelectionRect(outline: Rect): KonvaTypes.Rect {
  return new Konva.Rect({
    ...outline,
    ...SELECTION_STYLE,
    dash: [...SELECTION_STYLE.dash],
    listening: false,
  });
}
