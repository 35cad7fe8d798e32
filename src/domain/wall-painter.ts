/**
 * How the wall looks, painted onto any 2D canvas context: the board's tiles, the export, the
 * timelapse (src/ui/paint-signature.ts binds this to the browser's canvas) and the server's link
 * previews (server/share/, on @napi-rs/canvas) all paint with it, so every picture of the wall
 * matches the board stroke for stroke (spec §9). Pure: the context, the font's family and the text
 * measurer are parameters; nothing here reaches a global.
 *
 * Coordinates are wall pixels: the caller sets the context's transform (tile origin, zoom level),
 * except in paintView, which sets it from a camera.
 */
import type { CameraState, Size } from './camera.ts';
import {
  captionBaseline,
  captionBox,
  captionLines,
  paintedExtent,
  type MeasureText,
} from './caption-layout.ts';
import { captionDirection, type TextDirection } from './caption-direction.ts';
import { rectsMeet, type Rect } from './geometry.ts';
import {
  CAPTION_STYLE,
  OUTSIDE_WALL,
  STROKE_STYLE,
  WALL_BACKGROUND,
  defaultCaption,
} from './presentation.ts';
import { WALL_SIZE } from './rules.ts';
import { traceSignatureStrokes } from './packed-signatures.ts';
import type { Signature } from './signature.ts';
import { initialCamera, type ViewLink } from './view-link.ts';

/**
 * The part of a 2D context the painter uses. The browser's CanvasRenderingContext2D, an
 * OffscreenCanvas's and @napi-rs/canvas's SKRSContext2D all have it; styles are written only.
 */
export interface PaintContext {
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  font: string;
  textBaseline: string;
  textAlign: string;
  direction: string;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  rect(x: number, y: number, width: number, height: number): void;
  clip(): void;
  stroke(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
}

/** Code units: a letter with its marks, most emoji sequences. */
export const SHORT_TEXT = 8;
/** The most short texts' widths kept; cleared when full. */
const MAX_SHORT_WIDTHS = 10_000;

/**
 * `measure`, with the widths of short texts kept: a wrapped caption measures each of its
 * characters alone, and a wall's captions share most of theirs. Longer texts are measured each
 * time.
 */
export function keepingShortWidths(measure: (text: string) => number): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    if (text.length > SHORT_TEXT) return measure(text);
    let width = widths.get(text);
    if (width === undefined) {
      if (widths.size >= MAX_SHORT_WIDTHS) widths.clear();
      width = measure(text);
      widths.set(text, width);
    }
    return width;
  };
}

/** The caption's CSS font for a family: bold 14 px (spec §9). */
export function captionFont(family: string): string {
  return `${CAPTION_STYLE.fontStyle} ${CAPTION_STYLE.fontSize}px ${family}`;
}

/**
 * Where a text's ink reaches from the start of its baseline, as a canvas's TextMetrics says (so
 * a TextMetrics is one): each a distance, positive away from the start.
 */
export interface InkExtent {
  readonly actualBoundingBoxLeft: number;
  readonly actualBoundingBoxRight: number;
  readonly actualBoundingBoxAscent: number;
  readonly actualBoundingBoxDescent: number;
}

export interface SignaturePainterOptions<C extends PaintContext> {
  /** The caption font's family as CSS names it (the board's is Konva's default, Arial). */
  readonly fontFamily: string;
  /** Widths of caption text in that font, as the canvas that paints measures them. */
  readonly measureText: MeasureText;
  /**
   * Strokes a signature's strokes with the context's current style. By default they are traced
   * as one path.
   */
  readonly strokeSignature?: (ctx: C, signature: Signature) => void;
  /**
   * The ink of caption text, as the canvas that paints measures it. Given, a left-to-right caption
   * whose ink stays inside its box is filled without a clip: a clip costs a save(), and in a
   * browser each is a garbage-collected state (59 MB of them once a heavy wall had been painted
   * whole, until the next collection). Without it, every caption is clipped.
   */
  readonly measureInk?: (text: string) => InkExtent;
}

export interface SignaturePainter<C extends PaintContext> {
  /** Sets the stroke and caption style once for a run of `paint` calls. */
  prepare(ctx: C): void;
  /**
   * Paints the strokes (white, 3 px, round) and the caption (its own text or `#<id>`, bold gold,
   * the first baseline 15 px under the outline, spec §9), wrapped within the signature's width.
   * Call `prepare` first.
   */
  paint(ctx: C, signature: Signature): void;
  /** The caption's lines, wrapped to the outline's width as `measureText` measures the font. */
  captionLinesOf(signature: Signature): readonly string[];
  /** Which way the caption reads: its first strong character's direction (captionDirection). */
  captionDirectionOf(signature: Signature): TextDirection;
}

/** All of a signature's strokes as one path; a one-point stroke draws nothing, as Konva.Line. */
export function traceStrokes(ctx: PaintContext, signature: Signature): void {
  ctx.beginPath();
  traceSignatureStrokes(ctx, signature);
}

export function createSignaturePainter<C extends PaintContext>(
  options: SignaturePainterOptions<C>,
): SignaturePainter<C> {
  const font = captionFont(options.fontFamily);
  const strokeSignature =
    options.strokeSignature ??
    ((ctx: C, signature: Signature) => {
      traceStrokes(ctx, signature);
      ctx.stroke();
    });
  /** One layout per signature: its caption and width never change after it is saved. */
  const layouts = new WeakMap<
    Signature,
    {
      readonly lines: readonly string[];
      readonly direction: TextDirection;
      /** Whether the caption is clipped to its box: unless its ink is known to stay inside. */
      readonly clipped: boolean;
    }
  >();
  const { measureInk } = options;
  const inkInBox = (lines: readonly string[], outline: Rect) => {
    if (!measureInk) return false;
    // Ink measured inside; its anti-aliasing (at any zoom) stays in paintedExtent's margin pixel.
    const box = captionBox(outline);
    return lines.every((line, i) => {
      const ink = measureInk(line);
      const baseline = captionBaseline(outline, i);
      return (
        outline.x - ink.actualBoundingBoxLeft >= box.x &&
        outline.x + ink.actualBoundingBoxRight <= box.x + box.width &&
        baseline - ink.actualBoundingBoxAscent >= box.y &&
        baseline + ink.actualBoundingBoxDescent <= box.y + box.height
      );
    });
  };
  const layoutOf = (signature: Signature) => {
    let layout = layouts.get(signature);
    if (!layout) {
      const text = signature.caption ?? defaultCaption(signature.id);
      const lines = captionLines(text, signature.outline.width, options.measureText);
      const direction = captionDirection(text);
      // Measured from the left: a right-to-left caption is always clipped.
      const clipped =
        lines.length > 0 && (direction === 'rtl' || !inkInBox(lines, signature.outline));
      layout = { lines, direction, clipped };
      layouts.set(signature, layout);
    }
    return layout;
  };
  return {
    prepare(ctx) {
      ctx.strokeStyle = STROKE_STYLE.stroke;
      ctx.lineWidth = STROKE_STYLE.strokeWidth;
      ctx.lineCap = STROKE_STYLE.lineCap;
      ctx.lineJoin = STROKE_STYLE.lineJoin;
      ctx.fillStyle = CAPTION_STYLE.fill;
      ctx.font = font;
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'left';
      ctx.direction = 'ltr';
    },
    paint(ctx, signature) {
      strokeSignature(ctx, signature);
      const { outline } = signature;
      const { lines, direction, clipped } = layoutOf(signature);
      if (!clipped) {
        lines.forEach((line, i) => ctx.fillText(line, outline.x, captionBaseline(outline, i)));
        return;
      }
      // The last guard: whatever a font draws (marks stacked high, a glyph wider than its
      // advance), nothing leaves the box, which is all a repaint covers (paintedExtent).
      const box = captionBox(outline);
      ctx.save();
      ctx.beginPath();
      ctx.rect(box.x, box.y, box.width, box.height);
      ctx.clip();
      // A right-to-left caption starts at the outline's right edge, as its reader begins there.
      const rtl = direction === 'rtl';
      if (rtl) {
        ctx.direction = 'rtl';
        ctx.textAlign = 'right';
      }
      const x = rtl ? outline.x + outline.width : outline.x;
      lines.forEach((line, i) => ctx.fillText(line, x, captionBaseline(outline, i)));
      ctx.restore();
    },
    captionLinesOf: (signature) => layoutOf(signature).lines,
    captionDirectionOf: (signature) => layoutOf(signature).direction,
  };
}

/**
 * Paints `signatures` onto a 3200×3200 `ctx` in order, #333 behind them; `pause` is awaited
 * whenever it answers true (the page yields to the browser there; a worker never needs to).
 */
export async function paintWall<C extends PaintContext>(
  ctx: C,
  signatures: readonly Signature[],
  painter: SignaturePainter<C>,
  pause: () => Promise<void> | null = () => null,
): Promise<void> {
  ctx.fillStyle = WALL_BACKGROUND;
  ctx.fillRect(0, 0, WALL_SIZE, WALL_SIZE);
  painter.prepare(ctx);
  for (const signature of signatures) {
    painter.paint(ctx, signature);
    const wait = pause();
    if (wait) await wait;
  }
}

/** The camera of a picture of `size`: the whole wall fitted, or a view as the board opens it. */
export function pictureCamera(size: Size, view: ViewLink | 'fit'): CameraState {
  return initialCamera(size, view);
}

/** The part of the wall a picture of `size` shows through `camera`. */
export function shownRect(size: Size, camera: CameraState): Rect {
  const { scale, offset } = camera;
  return {
    x: 0 - offset.x / scale,
    y: 0 - offset.y / scale,
    width: size.width / scale,
    height: size.height / scale,
  };
}

/**
 * What a screen of `size` shows through `camera`, as the board shows it: the outside of the wall
 * darker, the wall #333, the signatures that reach into the picture, clipped to the wall (the
 * board's tiles end at its edge).
 */
export function paintView<C extends PaintContext>(
  ctx: C,
  size: Size,
  camera: CameraState,
  signatures: readonly Signature[],
  painter: SignaturePainter<C>,
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = OUTSIDE_WALL;
  ctx.fillRect(0, 0, size.width, size.height);
  const { scale, offset } = camera;
  ctx.setTransform(scale, 0, 0, scale, offset.x, offset.y);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, WALL_SIZE, WALL_SIZE);
  ctx.clip();
  ctx.fillStyle = WALL_BACKGROUND;
  ctx.fillRect(0, 0, WALL_SIZE, WALL_SIZE);
  painter.prepare(ctx);
  const shown = shownRect(size, camera);
  for (const signature of signatures) {
    if (rectsMeet(paintedExtent(signature.outline), shown)) painter.paint(ctx, signature);
  }
  ctx.restore();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
