/**
 * How a saved signature looks, painted straight onto a 2D canvas context: the board's tiles and the
 * export both paint with this, so the PNG matches the wall stroke for stroke (spec §9). Plain
 * Canvas 2D rather than Konva nodes: a signature is painted once into a bitmap and then only
 * composed, so a scene graph would be pure overhead (docs/research/konva.md §1).
 *
 * Coordinates are wall pixels: the caller sets the context's transform (tile origin, zoom level).
 */
import { CAPTION_STYLE, STROKE_STYLE, defaultCaption } from '../domain/presentation.ts';
import { captionBaseline, captionBox, captionLines } from '../domain/caption-layout.ts';
import type { Signature } from '../domain/signature.ts';

/** Konva's default family, which the board's captions have always used. */
const CAPTION_FONT = `${CAPTION_STYLE.fontStyle} ${CAPTION_STYLE.fontSize}px Arial`;

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** One path per signature, built once: a signature's strokes never change after it is saved. */
const strokePaths = new WeakMap<Signature, Path2D>();

/**
 * All of a signature's strokes as one path. A one-point stroke draws nothing, as Konva.Line (which
 * drew the wall before) draws nothing for it either.
 */
export function strokePathOf(signature: Signature): Path2D {
  let path = strokePaths.get(signature);
  if (!path) {
    path = new Path2D();
    for (const stroke of signature.strokes) {
      const first = stroke[0];
      if (!first || stroke.length < 2) continue;
      path.moveTo(first[0], first[1]);
      for (let i = 1; i < stroke.length; i++) path.lineTo(stroke[i]![0], stroke[i]![1]);
    }
    strokePaths.set(signature, path);
  }
  return path;
}

/** Sets the stroke and caption style once for a run of `paintSignature` calls. */
export function prepareSignaturePaint(ctx: Context2D): void {
  ctx.strokeStyle = STROKE_STYLE.stroke;
  ctx.lineWidth = STROKE_STYLE.strokeWidth;
  ctx.lineCap = STROKE_STYLE.lineCap;
  ctx.lineJoin = STROKE_STYLE.lineJoin;
  ctx.fillStyle = CAPTION_STYLE.fill;
  ctx.font = CAPTION_FONT;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
}

/**
 * Paints the strokes (white, 3 px, round) and the caption (its own text or `#<id>`, bold gold,
 * the first baseline 15 px under the outline, spec §9), wrapped within the signature's width
 * (issue 19). Call `prepareSignaturePaint` first.
 */
export function paintSignature(ctx: Context2D, signature: Signature): void {
  ctx.stroke(strokePathOf(signature));
  const { outline } = signature;
  const box = captionBox(outline);
  // The last guard: whatever a font draws (marks stacked high, a glyph wider than its advance),
  // nothing leaves the box, which is all a repaint covers (paintedExtent).
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  captionLinesOf(signature).forEach((line, i) =>
    ctx.fillText(line, outline.x, captionBaseline(outline, i)),
  );
  ctx.restore();
}

/** The caption's text: its own, or `#<id>` for one saved without. */
function captionOf(signature: Signature): string {
  return signature.caption ?? defaultCaption(signature.id);
}

/** One layout per signature: its caption and width never change after it is saved. */
const captionLayouts = new WeakMap<Signature, readonly string[]>();

/** The caption's lines, wrapped to the outline's width as this browser measures the font. */
export function captionLinesOf(signature: Signature): readonly string[] {
  let lines = captionLayouts.get(signature);
  if (!lines) {
    lines = captionLines(captionOf(signature), signature.outline.width, measureCaptionText);
    captionLayouts.set(signature, lines);
  }
  return lines;
}

let measuring: Context2D | null = null;
/**
 * Widths of short texts: a wrapped caption measures each of its characters alone, and a wall's
 * captions share most of theirs. Bounded: cleared when full.
 */
const shortWidths = new Map<string, number>();
/** Code units: a letter with its marks, most emoji sequences. */
const SHORT_TEXT = 8;
const MAX_SHORT_WIDTHS = 10_000;

function measureCaptionText(text: string): number {
  if (!measuring) {
    // A worker (the export's, export-worker.ts) has no document: an OffscreenCanvas measures alike.
    measuring =
      typeof document === 'undefined'
        ? new OffscreenCanvas(1, 1).getContext('2d')!
        : document.createElement('canvas').getContext('2d')!;
    measuring.font = CAPTION_FONT;
  }
  if (text.length > SHORT_TEXT) return measuring.measureText(text).width;
  let width = shortWidths.get(text);
  if (width === undefined) {
    if (shortWidths.size >= MAX_SHORT_WIDTHS) shortWidths.clear();
    width = measuring.measureText(text).width;
    shortWidths.set(text, width);
  }
  return width;
}
