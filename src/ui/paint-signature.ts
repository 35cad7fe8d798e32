/**
 * How a saved signature looks on the browser's canvas: the wall's painter
 * (src/domain/wall-painter.ts, which the server's link previews paint with too) bound to the
 * browser, its caption font measured by a canvas of the page (or of the worker). Strokes are
 * traced into the context at each paint: kept as a Path2D per signature they were no faster to
 * stroke again (3,440 signatures: 231–322 ms either way), and a heavy wall's paths held 58 MB.
 * The board's tiles, the export and the timelapse paint with this, so the PNG matches the wall
 * stroke for stroke (spec §9). Plain Canvas 2D rather than Konva nodes: a signature is painted
 * once into a bitmap and then only composed, so a scene graph would be pure overhead
 * (docs/research/konva.md §1).
 *
 * Coordinates are wall pixels: the caller sets the context's transform (tile origin, zoom level).
 */
import { captionFont, createSignaturePainter, keepingShortWidths } from '../domain/wall-painter.ts';

/** Konva's default family, which the board's captions have always used. */
const CAPTION_FAMILY = 'Arial';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

let measuring: Context2D | null = null;

/** A canvas of the page (or of the worker) that measures caption text from its left. */
function measuringContext(): Context2D {
  if (!measuring) {
    // A worker (the export's, export-worker.ts) has no document: an OffscreenCanvas measures alike.
    measuring =
      typeof document === 'undefined'
        ? new OffscreenCanvas(1, 1).getContext('2d')!
        : document.createElement('canvas').getContext('2d')!;
    measuring.font = captionFont(CAPTION_FAMILY);
    measuring.textAlign = 'left';
    measuring.direction = 'ltr';
  }
  return measuring;
}

let lastText: string | null = null;
let lastMetrics: TextMetrics | null = null;

/**
 * The metrics of a caption text, the last one's kept: a caption that fits on one line is measured
 * for its width, then its ink, and a measure is a call into the canvas and an object it collects.
 */
function metricsOf(text: string): TextMetrics {
  if (text !== lastText || !lastMetrics) {
    lastMetrics = measuringContext().measureText(text);
    lastText = text;
  }
  return lastMetrics;
}

/** Caption widths on the page (or in the export's worker), short texts' kept. */
const measureCaptionText = keepingShortWidths((text) => metricsOf(text).width);

/** The page's painter: one for every canvas of the page (or of the export's worker). */
export const signaturePainter = createSignaturePainter<Context2D>({
  fontFamily: CAPTION_FAMILY,
  measureText: measureCaptionText,
  measureInk: metricsOf,
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
