/**
 * Draws the whole wall into one PNG with the board's own drawing code (createSignatureGroup), so
 * the export matches the wall stroke for stroke. Memory (docs/research/konva.md §3): the scene is a
 * detached Konva.Group, never a mounted 3200×3200 Stage (whose layers would be allocated at
 * 3200 × devicePixelRatio, 9600² on a phone, beyond iOS's canvas limit). The only big allocation
 * is one 3200×3200 canvas at pixel ratio 1 (41 MB), released as soon as the PNG is encoded.
 */
import Konva from '../../ui/konva.ts';
import { WALL_BACKGROUND, WALL_SIZE } from '../../domain/constants.ts';
import type { Signature } from '../../domain/signature.ts';
import { createSignatureGroup } from '../../ui/signature-shapes.ts';
import { measureStep, nextMacrotask } from './timing.ts';

/** Building Konva nodes is synchronous work; yield this often so the page stays responsive. */
const SIGNATURES_PER_CHUNK = 200;

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

  const scene = new Konva.Group({ listening: false });
  try {
    await measureStep('build', async () => {
      scene.add(
        new Konva.Rect({
          x: 0,
          y: 0,
          width: WALL_SIZE,
          height: WALL_SIZE,
          fill: WALL_BACKGROUND,
          listening: false,
        }),
      );
      for (let i = 0; i < signatures.length; i++) {
        scene.add(createSignatureGroup(signatures[i]!));
        if ((i + 1) % SIGNATURES_PER_CHUNK === 0) {
          await nextMacrotask();
          check();
        }
      }
    });

    // Pixel ratio 1 whatever the screen: the file is the wall's own 3200×3200 pixels.
    const canvas = await measureStep('draw', () =>
      scene.toCanvas({ x: 0, y: 0, width: WALL_SIZE, height: WALL_SIZE, pixelRatio: 1 }),
    );
    try {
      check();
      return await measureStep('encode', () => canvasToPngBlob(canvas));
    } finally {
      // Konva does not free the canvas behind toCanvas; Safari keeps its memory until the size is 0.
      Konva.Util.releaseCanvas(canvas);
    }
  } finally {
    scene.destroy();
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
