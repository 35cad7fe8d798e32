/**
 * The export's worker (issue 22, issue 32): reads the whole wall itself, paints it onto an
 * OffscreenCanvas and encodes the PNG, so the page never holds, parses or paints a signature.
 *
 * It starts reading as soon as the export page starts it, every id window side by side
 * (wholeWallRows), and reads each page straight into packed signatures (packRows: no array per
 * point, strokes simplified as the app saves them), so the wall is ready to paint the moment its
 * last page is in. It paints only when the page asks, once 'Generating PNG...' is on screen (spec
 * §4: the PNG is generated after the signatures have loaded).
 */
/// <reference lib="webworker" />
import { dataApi } from '../../data/client.ts';
import { DataApiError, warnSkipped } from '../../data/table.ts';
import { wholeWallRows } from '../../data/wall-load.ts';
import { packRows } from '../../domain/packed-rows.ts';
import { unpackSignatures, type PackedSignatures } from '../../domain/packed-signatures.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import type { Signature } from '../../domain/signature.ts';
import type { ExportWorkerAnswer, ExportWorkerCommand } from './export-worker-protocol.ts';
import { paintWall } from './paint-wall.ts';

declare const self: DedicatedWorkerGlobalScope;

/** As the wall's query does (wall-query.ts): one retry, half a second after a failure. */
const RETRY_DELAY_MS = 500;

const post = (answer: ExportWorkerAnswer) => self.postMessage(answer);

/** The wall's pages as read, each with its first id (pages of disjoint id windows). */
let pages: Array<{ firstId: number; packed: PackedSignatures }> = [];

async function readWall(): Promise<number> {
  pages = [];
  let rows = 0;
  for await (const page of wholeWallRows(dataApi())) {
    rows += page.length;
    pages.push({ firstId: page[0]!.id, packed: packRows(page, warnSkipped) });
  }
  return rows;
}

async function load(): Promise<void> {
  try {
    let rows: number;
    try {
      rows = await readWall();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      rows = await readWall();
    }
    post({ type: 'loaded', rows });
  } catch (error) {
    const known = error instanceof DataApiError;
    post({
      type: 'loadFailed',
      message: error instanceof Error ? error.message : String(error),
      code: known ? error.code : null,
      status: known ? error.status : 0,
    });
  }
}

/** Every signature in id order: the order they were saved in. */
function wallInOrder(): Signature[] {
  return pages
    .sort((a, b) => a.firstId - b.firstId)
    .flatMap((page) => unpackSignatures(page.packed));
}

async function render(): Promise<void> {
  try {
    const canvas = new OffscreenCanvas(WALL_SIZE, WALL_SIZE);
    const started = performance.now();
    const ctx = canvas.getContext('2d')!;
    await paintWall(ctx, wallInOrder());
    // The canvas records what is painted and rasterizes it when first read: read one pixel, so
    // the draw step holds the rasterizing and the encode step the encoding alone.
    ctx.getImageData(0, 0, 1, 1);
    const drawn = performance.now();
    const png = await canvas.convertToBlob({ type: 'image/png' });
    post({ type: 'png', png, drawMs: drawn - started, encodeMs: performance.now() - drawn });
  } catch (error) {
    post({ type: 'renderFailed', message: error instanceof Error ? error.message : String(error) });
  }
}

self.onmessage = ({ data }: MessageEvent<ExportWorkerCommand>) => {
  if (data.type === 'load') void load();
  else void render();
};
