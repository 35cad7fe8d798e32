/**
 * A link preview painted by the wall's own painter (src/domain/wall-painter.ts) on a Node canvas
 * (@napi-rs/canvas: Skia, its binary shipped in the npm package), encoded as PNG. Runs in the
 * preview worker (preview-worker.ts), never on the server's event loop.
 *
 * Captions: the board draws them in Arial, which a server rarely has. Skia here finds fonts by
 * family name in the system's font folders, with no fontconfig aliases, so the family is chosen
 * explicitly: Arial if installed, else Liberation Sans (Arial's metrics, so captions wrap as on
 * most desktops), else DejaVu Sans (Debian's fonts-dejavu-core, which CI installs), else whatever
 * sans-serif family the machine has.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import type { Size } from '../../src/domain/camera.ts';
import type { Stroke } from '../../src/domain/geometry.ts';
import type { Signature } from '../../src/domain/signature.ts';
import { simplifyStrokes } from '../../src/domain/simplify.ts';
import type { ViewLink } from '../../src/domain/view-link.ts';
import {
  captionFont,
  createSignaturePainter,
  keepingShortWidths,
  paintView,
  SHORT_TEXT,
  pictureCamera,
  traceStrokes,
  type SignaturePainter,
} from '../../src/domain/wall-painter.ts';

/** A link preview's size: what chat apps and social sites show (og:image:width/height). */
export const PREVIEW_SIZE: Size = { width: 1200, height: 630 };

/** The caption families tried in order; the first the machine has is used. */
export const CAPTION_FAMILIES = ['Arial', 'Liberation Sans', 'DejaVu Sans', 'Noto Sans'] as const;

/** The family captions are drawn in here; null when the machine has no font at all. */
export function captionFamily(): string | null {
  const found = CAPTION_FAMILIES.find((family) => GlobalFonts.has(family));
  if (found) return found;
  const families = GlobalFonts.families.map((f) => f.family);
  return (
    families.find((family) => /sans/i.test(family) && !/mono/i.test(family)) ?? families[0] ?? null
  );
}

/** How far (picture pixels) a point may be from the drawn stroke before it is drawn itself. */
const HALF_PIXEL = 0.5;
/** Saved strokes are already simplified within half a wall pixel: nothing to gain below that. */
const SIMPLIFY_BELOW = 0.5;

export interface PreviewPainter {
  readonly family: string | null;
  /** The PNG of what a 1200×630 screen shows of `signatures` at `view`. */
  render(signatures: readonly Signature[], view: ViewLink | 'fit'): PreviewPicture;
  /**
   * Does now what the whole wall's picture will need of a new signature (its caption's lines, its
   * strokes simplified at that scale): while the rest of the wall is still being read.
   */
  prepare(signature: Signature): void;
}

export interface PreviewPicture {
  readonly png: Buffer;
  readonly paintMs: number;
  readonly encodeMs: number;
}

export function createPreviewPainter(): PreviewPainter {
  const family = captionFamily();
  const canvas = createCanvas(PREVIEW_SIZE.width, PREVIEW_SIZE.height);
  const ctx = canvas.getContext('2d');
  const measuring = createCanvas(1, 1).getContext('2d');
  measuring.font = captionFont(family ? `"${family}"` : 'sans-serif');
  const measureShort = keepingShortWidths((text) => measuring.measureText(text).width);
  // A longer text is the sum of its characters' widths (kerning left out): Skia shapes each text
  // it measures, about 0.1 ms apiece, and a wall of 10,000 narrow signatures has 10,000 captions to
  // wrap. A line so measured may wrap a character earlier or later than in a browser; nothing
  // leaves the caption's box either way (the painter clips to it).
  const measureText = (text: string): number => {
    if (text.length <= SHORT_TEXT) return measureShort(text);
    let width = 0;
    for (const character of text) width += measureShort(character);
    return width;
  };
  // Zoomed out, a stroke's points lie closer together than the picture's pixels: within half a
  // picture pixel of the stroke they change nothing drawn, and only cost Skia time (the whole
  // wall fitted is 1 picture pixel per 5 wall pixels).
  let tolerance = 0;
  const simplified = new WeakMap<Signature, { tolerance: number; strokes: readonly Stroke[] }>();
  const strokesAt = (signature: Signature): readonly Stroke[] => {
    if (tolerance <= SIMPLIFY_BELOW) return signature.strokes;
    let kept = simplified.get(signature);
    if (kept?.tolerance !== tolerance) {
      kept = { tolerance, strokes: simplifyStrokes(signature.strokes, tolerance) };
      simplified.set(signature, kept);
    }
    return kept.strokes;
  };
  const painter: SignaturePainter<SKRSContext2D> = createSignaturePainter<SKRSContext2D>({
    fontFamily: family ? `"${family}"` : 'sans-serif',
    measureText,
    strokeSignature(context, signature) {
      traceStrokes(context, { ...signature, strokes: strokesAt(signature) });
      context.stroke();
    },
  });
  const fitTolerance = HALF_PIXEL / pictureCamera(PREVIEW_SIZE, 'fit').scale;
  return {
    family,
    prepare(signature) {
      painter.captionLinesOf(signature);
      const kept = tolerance;
      tolerance = fitTolerance;
      strokesAt(signature);
      tolerance = kept;
    },
    render(signatures, view) {
      const started = performance.now();
      const camera = pictureCamera(PREVIEW_SIZE, view);
      tolerance = HALF_PIXEL / camera.scale;
      paintView(ctx, PREVIEW_SIZE, camera, signatures, painter);
      const painted = performance.now();
      const png = canvas.encodeSync('png');
      return { png, paintMs: painted - started, encodeMs: performance.now() - painted };
    },
  };
}
