/**
 * Paints the whole wall into one PNG with the board's own painter (paintSignature, which also
 * paints the board's tiles), so the export matches the wall stroke for stroke. Plain Canvas 2D,
 * no Konva scene: building thousands of nodes only to draw them once was most of the old export's
 * time. Where the browser can (OffscreenCanvas in a worker) the painting and the encoding
 * run in export-worker.ts and never block the page; elsewhere, on the page, in slices.
 * Memory (docs/research/konva.md §3): the only big allocation is one 3200×3200 canvas at pixel
 * ratio 1 (41 MB), released as soon as the PNG is encoded.
 */
import { packSignatures, transferablesOf } from '../../domain/packed-signatures.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import type { Signature } from '../../domain/signature.ts';
import type { ExportWorkerAnswer } from './export-worker.ts';
import { paintWall } from './paint-wall.ts';
import { measureStep, nextMacrotask } from './timing.ts';

/** Painting on the page is synchronous work: yield after this long so the page stays responsive. */
const PAINT_SLICE_MS = 40;
/** How often a worker's export looks whether anyone still wants it. */
const CANCEL_CHECK_MS = 100;

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
  if (workerCanRender()) {
    const png = await renderInWorker(signatures, isCancelled).catch((error: unknown) => {
      if (error instanceof ExportCancelledError) throw error;
      // A worker that could not start or paint: the page does it, as where there is none.
      console.warn('The export paints on the page:', error);
      return null;
    });
    if (png) return png;
  }
  return renderOnPage(signatures, check);
}

function workerCanRender(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function'
  );
}

function renderInWorker(
  signatures: readonly Signature[],
  isCancelled: () => boolean,
): Promise<Blob> {
  const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
    type: 'module',
    name: 'signwall-export',
  });
  let watch: ReturnType<typeof setInterval> | undefined;
  const rendered = new Promise<Blob>((resolve, reject) => {
    watch = setInterval(() => {
      if (isCancelled()) reject(new ExportCancelledError());
    }, CANCEL_CHECK_MS);
    worker.onmessage = ({ data }: MessageEvent<ExportWorkerAnswer>) => {
      if (data.type === 'failed') return reject(new Error(data.message));
      // The worker's own steps, under the names the page's steps have.
      const end = performance.now();
      performance.measure('signwall-export:draw', {
        start: end - data.encodeMs - data.drawMs,
        duration: data.drawMs,
      });
      performance.measure('signwall-export:encode', { start: end - data.encodeMs, end });
      resolve(data.png);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'the export worker did not start'));
    };
    const packed = packSignatures(signatures);
    worker.postMessage(packed, transferablesOf(packed));
  });
  // Whatever the outcome, the worker and its 41 MB canvas go.
  return rendered.finally(() => {
    clearInterval(watch);
    worker.terminate();
  });
}

/** The page paints, yielding every PAINT_SLICE_MS, then encodes (off-thread in the browser). */
async function renderOnPage(signatures: readonly Signature[], check: () => void): Promise<Blob> {
  // Pixel ratio 1 whatever the screen: the file is the wall's own 3200×3200 pixels.
  const canvas = document.createElement('canvas');
  canvas.width = WALL_SIZE;
  canvas.height = WALL_SIZE;
  try {
    await measureStep('draw', async () => {
      let sliceEnd = performance.now() + PAINT_SLICE_MS;
      await paintWall(canvas.getContext('2d')!, signatures, () => {
        if (performance.now() < sliceEnd) return null;
        return nextMacrotask().then(() => {
          check();
          sliceEnd = performance.now() + PAINT_SLICE_MS;
        });
      });
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
