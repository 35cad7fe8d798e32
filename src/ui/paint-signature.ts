/**
 * How a saved signature looks on the browser's canvas: the wall's painter
 * (src/domain/wall-painter.ts, which the server's link previews paint with too) bound to the
 * browser, its caption font measured by a canvas of the page (or of the worker) and each
 * signature's strokes kept as one Path2D. The board's tiles, the export and the timelapse paint with
 * this, so the PNG matches the wall stroke for stroke (spec §9). Plain Canvas 2D rather than Konva
 * nodes: a signature is painted once into a bitmap and then only composed, so a scene graph would be
 * pure overhead (docs/research/konva.md §1).
 *
 * Coordinates are wall pixels: the caller sets the context's transform (tile origin, zoom level).
 */
import type { Signature } from '../domain/signature.ts';
import { captionFont, createSignaturePainter, keepingShortWidths } from '../domain/wall-painter.ts';

/** Konva's default family, which the board's captions have always used. */
const CAPTION_FAMILY = 'Arial';

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

let measuring: Context2D | null = null;

/** Caption widths on the page (or in the export's worker), short texts' kept. */
const measureCaptionText = keepingShortWidths((text) => {
  if (!measuring) {
    // A worker (the export's, export-worker.ts) has no document: an OffscreenCanvas measures alike.
    measuring =
      typeof document === 'undefined'
        ? new OffscreenCanvas(1, 1).getContext('2d')!
        : document.createElement('canvas').getContext('2d')!;
    measuring.font = captionFont(CAPTION_FAMILY);
  }
  return measuring.measureText(text).width;
});

/** The page's painter: one for every canvas of the page (or of the export's worker). */
export const signaturePainter = createSignaturePainter<Context2D>({
  fontFamily: CAPTION_FAMILY,
  measureText: measureCaptionText,
  strokeSignature: (ctx, signature) => ctx.stroke(strokePathOf(signature)),
});

/** Sets the stroke and caption style once for a run of `paintSignature` calls. */
export const prepareSignaturePaint = signaturePainter.prepare;

/**
 * Paints the strokes and the caption (wall-painter.ts says how). Call `prepareSignaturePaint`
 * first.
 */
export const paintSignature = signaturePainter.paint;

/** The caption's lines, wrapped to the outline's width as this browser measures the font. */
export const captionLinesOf = signaturePainter.captionLinesOf;
