/**
 * How a saved signature looks, painted straight onto a 2D canvas context: the board's tiles and the
 * export both paint with this, so the PNG matches the wall stroke for stroke (spec §9). Plain
 * Canvas 2D rather than Konva nodes: a signature is painted once into a bitmap and then only
 * composed, so a scene graph would be pure overhead (docs/research/konva.md §1).
 *
 * Coordinates are wall pixels: the caller sets the context's transform (tile origin, zoom level).
 */
import { CAPTION_STYLE, STROKE_STYLE, defaultCaption } from '../domain/constants.ts';
import type { Rect } from '../domain/geometry.ts';
import type { Signature } from '../domain/signature.ts';
import { paintedExtent } from '../domain/tiles.ts';

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
 * baseline 15 px under the outline, spec §8). Call `prepareSignaturePaint` first.
 */
export function paintSignature(ctx: Context2D, signature: Signature): void {
  ctx.stroke(strokePathOf(signature));
  const { outline } = signature;
  ctx.fillText(
    captionOf(signature),
    outline.x,
    outline.y + outline.height + CAPTION_STYLE.baselineOffset,
  );
}

function captionOf(signature: Signature): string {
  return signature.caption ?? defaultCaption(signature.id);
}

const extents = new WeakMap<Signature, Rect>();
let measuring: CanvasRenderingContext2D | null = null;

/**
 * The part of the wall `paintSignature` can touch: the outline and the caption as this browser
 * measures its glyphs (a long caption reaches past the signature; marks can stack above the
 * line). Measured once per signature.
 */
export function paintedExtentOf(signature: Signature): Rect {
  let extent = extents.get(signature);
  if (!extent) {
    measuring ??= document.createElement('canvas').getContext('2d')!;
    measuring.font = CAPTION_FONT;
    const m = measuring.measureText(captionOf(signature));
    extent = paintedExtent(signature.outline, {
      // Either side can be negative (a glyph starting right of the origin): never shrink below it.
      left: Math.max(0, m.actualBoundingBoxLeft),
      right: Math.max(m.width, m.actualBoundingBoxRight),
      ascent: Math.max(0, m.actualBoundingBoxAscent),
      descent: Math.max(0, m.actualBoundingBoxDescent),
    });
    extents.set(signature, extent);
  }
  return extent;
}
