/**
 * An export's worker: reads the signatures painted in its band of the wall itself, paints the
 * band onto an OffscreenCanvas and, for the whole wall, encodes the PNG; so the page never holds,
 * parses or paints a signature, and several workers paint their bands side by side
 * (worker-export.ts).
 *
 * It starts reading as soon as the export page starts it, every id window side by side
 * (wholeWallRows), and reads each page straight into packed signatures (packRows: no array per
 * point, strokes simplified as the app saves them), so the band is ready to paint the moment its
 * last page is in. It paints its band as soon as the band is in, while the page tells the others'
 * loads and shows 'Generating PNG...'; the PNG is made (the bands put together and encoded) only
 * when the page asks, once every band is in (spec §4: the PNG is generated after the signatures
 * have loaded).
 */
/// <reference lib="webworker" />
import { dataApi } from '../../data/client.ts';
import { DataApiError, warnSkipped } from '../../data/table.ts';
import { wholeWallRows } from '../../data/wall-load.ts';
import { captionBox, paintedExtent } from '../../domain/caption-layout.ts';
import { packRows } from '../../domain/packed-rows.ts';
import { unpackSignatures, type PackedSignatures } from '../../domain/packed-signatures.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import type { Signature } from '../../domain/signature.ts';
import type { EdgeFilter } from '../../domain/wall-regions.ts';
import type {
  Band,
  ExportWorkerAnswer,
  ExportWorkerCommand,
  PaintedBand,
} from './export-worker-protocol.ts';
import { paintWall } from './paint-wall.ts';

declare const self: DedicatedWorkerGlobalScope;

/** As the wall's query does (wall-query.ts): one retry, half a second after a failure. */
const RETRY_DELAY_MS = 500;
/** How far below its outline a signature paints: its caption's box. */
const CAPTION_DEPTH = captionBox({ x: 0, y: 0, width: 0, height: 0 }).height;

const post = (answer: ExportWorkerAnswer, transfer: Transferable[] = []) =>
  self.postMessage(answer, transfer);

let band: Band = { top: 0, bottom: WALL_SIZE };
/** The band being painted, or painted: started once the band is in, taken by the page's command. */
let painting: Promise<PaintedCanvas> | null = null;
/** The band's pages as read, each with its first id (pages of disjoint id windows). */
let pages: Array<{ firstId: number; packed: PackedSignatures }> = [];

/** The outlines whose signature (caption included) paints within the band; none for the wall. */
function bandFilters({ top, bottom }: Band): EdgeFilter[] {
  if (top <= 0 && bottom >= WALL_SIZE) return [];
  return [
    { column: 'min_y', op: 'lt', value: bottom },
    { column: 'max_y', op: 'gte', value: top - CAPTION_DEPTH },
  ];
}

async function readBand(withoutOutline: boolean): Promise<void> {
  pages = [];
  const filters = bandFilters(band);
  const share = (band.bottom - band.top) / WALL_SIZE;
  for await (const page of wholeWallRows(dataApi(), { filters, withoutOutline, share })) {
    pages.push({ firstId: page[0]!.id, packed: packRows(page, warnSkipped) });
  }
}

async function load(withoutOutline: boolean): Promise<void> {
  try {
    try {
      await readBand(withoutOutline);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      await readBand(withoutOutline);
    }
    post({ type: 'loaded' });
    // Painting starts now, not when the page asks: on a desktop the page's turn (the other bands'
    // loads, its toast, a frame) took 60-80 ms of the export, and this band's paint overlaps them.
    painting = paintBand();
    painting.catch(() => undefined);
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
function inOrder(): Signature[] {
  return pages
    .sort((a, b) => a.firstId - b.firstId)
    .flatMap((page) => unpackSignatures(page.packed));
}

/**
 * The band painted: #333 behind its signatures. The canvas reaches beyond the band as far as the
 * signatures that meet it paint (their painted extents): a path the canvas's edge cuts is
 * rasterized otherwise than one within it (its anti-aliased edges differ by a few levels), so
 * every signature that meets the band is painted whole, as on the one canvas of the whole wall,
 * and the band is cut out of it. The first band's canvas is the whole wall's: the other bands are
 * drawn into it, below its own, and it is encoded as it is (rather than composing every band into
 * a canvas of its own).
 */
interface BandCanvas {
  readonly canvas: OffscreenCanvas;
  /** Its context, in wall pixels. */
  readonly ctx: OffscreenCanvasRenderingContext2D;
  /** The wall's row at its top. */
  readonly top: number;
}

interface PaintedCanvas extends BandCanvas {
  readonly drawMs: number;
}

/**
 * The wall's rows a band's canvas spans: the band, and all that its signatures paint. Only as far
 * as they reach, not as far as a signature might: a canvas's every row is memory to fill, and
 * reaching the tallest signature's height and caption beyond a band made a desktop's second band
 * 42 % taller than the band.
 */
function canvasRows(signatures: readonly Signature[]): Band {
  if (band.top <= 0) return { top: 0, bottom: WALL_SIZE };
  let { top, bottom } = band;
  for (const { outline } of signatures) {
    const extent = paintedExtent(outline);
    top = Math.min(top, Math.floor(extent.y));
    bottom = Math.max(bottom, Math.ceil(extent.y + extent.height));
  }
  return { top: Math.max(0, top), bottom: Math.min(WALL_SIZE, bottom) };
}

function bandCanvas({ top, bottom }: Band): BandCanvas {
  const canvas = new OffscreenCanvas(WALL_SIZE, bottom - top);
  // Opaque: #333 lies under everything. In Chromium an opaque canvas of the wall's size was made
  // in 153 ms instead of 263 and encoded in about half the time, with the same pixels.
  const ctx = canvas.getContext('2d', { alpha: false })!;
  ctx.translate(0, -top);
  return { canvas, ctx, top };
}

async function paintBand(): Promise<PaintedCanvas> {
  const started = performance.now();
  const signatures = inOrder();
  const { canvas, ctx, top } = bandCanvas(canvasRows(signatures));
  await paintWall(ctx, signatures);
  // The canvas records what is painted and rasterizes it when first read: read one pixel, so
  // the draw step holds the rasterizing and the encode step the encoding alone.
  ctx.getImageData(0, 0, 1, 1);
  return { canvas, ctx, top, drawMs: performance.now() - started };
}

/** The band painted since its load ended (once: a second command paints it again). */
function paintedBand(): Promise<PaintedCanvas> {
  const painted = painting ?? paintBand();
  painting = null;
  return painted;
}

async function encode(canvas: OffscreenCanvas, drawMs: number): Promise<void> {
  const started = performance.now();
  const png = await canvas.convertToBlob({ type: 'image/png' });
  post({ type: 'png', png, drawMs, encodeMs: performance.now() - started });
}

/**
 * The other bands drawn into the first band's canvas, the whole wall's, row for row: unscaled and
 * opaque, a bitmap drawn is its pixels copied. Each bitmap is its worker's canvas handed over, not
 * a copy: reading a band's pixels back (getImageData) and putting them again cost 120-190 ms more
 * on a desktop, most of it in filling a fresh buffer of the band's size.
 */
function drawBands({ ctx }: PaintedCanvas, bands: readonly PaintedBand[]): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.imageSmoothingEnabled = false;
  for (const { bitmap, offset, top, height } of bands) {
    ctx.drawImage(bitmap, 0, offset, WALL_SIZE, height, 0, top, WALL_SIZE, height);
    bitmap.close();
  }
}

async function run(command: ExportWorkerCommand): Promise<void> {
  switch (command.type) {
    case 'load':
      band = command.band;
      return load(command.withoutOutline);
    case 'paint': {
      const { canvas, top, drawMs } = await paintedBand();
      // The canvas's pixels leave with the bitmap; the canvas is left blank and holds nothing.
      const bitmap = canvas.transferToImageBitmap();
      const height = band.bottom - band.top;
      return post(
        { type: 'painted', bitmap, offset: band.top - top, top: band.top, height, drawMs },
        [bitmap],
      );
    }
    case 'render': {
      // One band is the whole wall: its canvas is the wall's.
      const { canvas, drawMs } = await paintedBand();
      return encode(canvas, drawMs);
    }
    case 'encode': {
      const first = await paintedBand();
      drawBands(first, command.bands);
      return encode(first.canvas, Math.max(first.drawMs, ...command.bands.map((b) => b.drawMs)));
    }
  }
}

self.onmessage = ({ data }: MessageEvent<ExportWorkerCommand>) => {
  run(data).catch((error: unknown) =>
    post({ type: 'renderFailed', message: error instanceof Error ? error.message : String(error) }),
  );
};
