/**
 * How a signature looks, as Konva nodes: the board and the export both draw with these, so the
 * exported PNG matches the wall stroke for stroke (spec §9).
 */
import type KonvaTypes from 'konva';
import Konva from './konva.ts';
import {
  CAPTION_STYLE,
  SELECTION_STYLE,
  STROKE_STYLE,
  defaultCaption,
} from '../domain/constants.ts';
import type { Rect, Stroke } from '../domain/geometry.ts';
import type { Signature } from '../domain/signature.ts';

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

// Konva draws text from its top with a 'middle' baseline; for a one-line caption the alphabetic
// baseline sits about 0.85 em below the top, so this puts the baseline where the spec wants it.
const CAPTION_TOP_TO_BASELINE = Math.round(CAPTION_STYLE.fontSize * 0.85);

/** The caption under a signature: its own text, or `#<id>` when it has none. */
export function createCaption(signature: Signature): KonvaTypes.Text {
  const { outline } = signature;
  return new Konva.Text({
    x: outline.x,
    y: outline.y + outline.height + CAPTION_STYLE.baselineOffset - CAPTION_TOP_TO_BASELINE,
    text: signature.caption ?? defaultCaption(signature.id),
    fill: CAPTION_STYLE.fill,
    fontStyle: CAPTION_STYLE.fontStyle,
    fontSize: CAPTION_STYLE.fontSize,
    listening: false,
    perfectDrawEnabled: false,
  });
}

/** A saved signature: its strokes and its caption, in one group. */
export function createSignatureGroup(signature: Signature): KonvaTypes.Group {
  const group = new Konva.Group({ listening: false });
  for (const stroke of signature.strokes) group.add(createStrokeLine(stroke));
  group.add(createCaption(signature));
  return group;
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
