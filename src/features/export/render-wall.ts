/**
 * Paints the whole wall into one PNG with the board's own painter (paintSignature, which also
 * paints the board's tiles), so the export matches the wall stroke for stroke. Plain Canvas 2D,
 * no Konva scene: building thousands of nodes only to draw them once was most of the old export's
 * time (issue 12). Memory (docs/research/konva.md §3): the only big allocation is one 3200×3200
 * canvas at pixel ratio 1 (41 MB), released as soon as the PNG is encoded.
 */
import { WALL_SIZE } from '../../domain/rules.ts';
import { WALL_BACKGROUND } from '../../domain/presentation.ts';
import type { Signature } from '../../domain/signature.ts';
import { paintSignature, prepareSignaturePaint } from '../../ui/paint-signature.ts';
import { measureStep, nextMacrotask } from './timing.ts';

/** Painting is synchronous work: yield after this long so the page stays responsive. */
const PAINT_SLICE_MS = 40;

export class ExportCancelledError extends Error {
  constructor() {
    super('The export was cancelled.');
    this.name = 'ExportCancelledError';
  }
}

export interface RenderOptions {
  /** Checked between steps: true once nobody wants the result any more (the page was left). */
  readonly isCancelled?: () => boolean;
}

/** The PNG image of the wall: 3200×3200, #333 behind every signature and its caption. */
export async function renderWallPng(
  signatures: readonly Signature[],
  { isCancelled = () => false }: RenderOptions = {},
): Promise<Blob> {
  const check = () => {
    if (isCancelled()) throw new ExportCancelledError();
  };
  // Captions are measured and drawn with the page's fonts: wait until they have loaded.
  await document.fonts.ready;
  check();

  // Pixel ratio 1 whatever the screen: the file is the wall's own 3200×3200 pixels.
  const canvas = document.createElement('canvas');
  canvas.width = WALL_SIZE;
  canvas.height = WALL_SIZE;
  try {
    await measureStep('draw', async () => {
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = WALL_BACKGROUND;
      ctx.fillRect(0, 0, WALL_SIZE, WALL_SIZE);
      prepareSignaturePaint(ctx);
      let sliceEnd = performance.now() + PAINT_SLICE_MS;
      for (const signature of signatures) {
        paintSignature(ctx, signature);
        if (performance.now() >= sliceEnd) {
          await nextMacrotask();
          check();
          sliceEnd = performance.now() + PAINT_SLICE_MS;
        }
      }
    });
    check();
    return await measureStep('encode', () => canvasToPngBlob(canvas));
  } finally {
    // Safari keeps a canvas's memory until its size is 0.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** A Blob, not a data URL: no multi-megabyte base64 string in memory, and encoding runs off-thread. */
function canvasToPngBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      // Browsers answer null when the canvas is too large for them to encode.
      else reject(new Error('The browser could not encode the wall as a PNG.'));
    }, 'image/png');
  });
}
