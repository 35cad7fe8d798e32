/**
 * The export's worker: paints the wall onto an OffscreenCanvas and encodes the PNG,
 * so neither the painting nor the encoding ever blocks the page. It receives the signatures packed
 * (src/domain/packed-signatures.ts, buffers transferred) and answers the PNG as a Blob.
 */
/// <reference lib="webworker" />
import { unpackSignatures, type PackedSignatures } from '../../domain/packed-signatures.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import { paintWall } from './paint-wall.ts';

declare const self: DedicatedWorkerGlobalScope;

export type ExportWorkerAnswer =
  | { readonly type: 'png'; readonly png: Blob; readonly drawMs: number; readonly encodeMs: number }
  | { readonly type: 'failed'; readonly message: string };

self.onmessage = async ({ data }: MessageEvent<PackedSignatures>) => {
  try {
    const canvas = new OffscreenCanvas(WALL_SIZE, WALL_SIZE);
    const started = performance.now();
    await paintWall(canvas.getContext('2d')!, unpackSignatures(data));
    const drawn = performance.now();
    const png = await canvas.convertToBlob({ type: 'image/png' });
    const answer: ExportWorkerAnswer = {
      type: 'png',
      png,
      drawMs: drawn - started,
      encodeMs: performance.now() - drawn,
    };
    self.postMessage(answer);
  } catch (error) {
    self.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies ExportWorkerAnswer);
  }
};
