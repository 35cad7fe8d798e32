/**
 * The first screen painted before the board opens: once the welcome card's prefetch
 * has read the first screen's signatures, a worker (first-view-worker.ts) paints the tiles the
 * board will open on, off the page, and they wait here. The board's tile renderer takes each one
 * when it first needs that tile (tile-renderer.ts), paints on top whatever has arrived since, and
 * so shows its first screen without painting it on the page, frame after frame, after 'Sign!'.
 *
 * The worker starts with the welcome card (first-view-start.ts). Nothing changes where it cannot
 * run (no module Worker or OffscreenCanvas, its script refused): the board paints those tiles
 * itself, as it does every tile after these.
 */
import {
  clampScale,
  initialViewRect,
  type CameraState,
  type Size,
} from '../../../../domain/camera.ts';
import { packSignatures, transferablesOf } from '../../../../domain/packed-signatures.ts';
import type { Signature } from '../../../../domain/signature.ts';
import {
  levelForScale,
  levelScale,
  tileKey,
  tileRect,
  tilesByDistance,
} from '../../model/tiles.ts';
import type { FirstViewAnswer, PaintFirstView } from './first-view-protocol.ts';
import { takeFirstViewPainter } from './first-view-start.ts';
import { adoptPaint, type Tile } from './tile.ts';

/** A tile painted ahead: its scale, the signatures in it (in the order painted), its pixels. */
export interface Prepainted {
  readonly scale: number;
  readonly ids: readonly number[];
  readonly bitmap: ImageBitmap;
}

/** Marked (performance.mark) when the first screen's tiles are all painted ahead. */
export const FIRST_VIEW_PAINTED_MARK = 'signwall:first-view-painted';

const painted = new Map<string, Prepainted>();
const listeners = new Set<() => void>();
let started = false;
/** The painter at work, until it is done (or its tiles are of no more use). */
let painter: Worker | null = null;
/** The board has drawn its first screen: a tile painted ahead that comes now is of no use. */
let discarded = false;

/** The pixel ratio the board's layers and tiles use (konva-setup.ts caps it at 2). */
function boardPixelRatio(): number {
  return Math.min(globalThis.devicePixelRatio || 1, 2);
}

/**
 * Paints the tiles of the screen a board opening on `camera` in `viewport` shows, with
 * `signatures` (the first screen's, in wall order), once per page.
 */
export function prepaintFirstView(
  signatures: readonly Signature[],
  camera: CameraState,
  viewport: Size,
): void {
  if (started) return;
  started = true;
  const pixelRatio = boardPixelRatio();
  const level = levelForScale(clampScale(camera.scale, viewport));
  const scale = levelScale(level, pixelRatio);
  const tiles = tilesByDistance(initialViewRect(viewport, camera), level, pixelRatio).map(
    (coord) => ({ key: tileKey(coord), rect: tileRect(coord, pixelRatio), scale }),
  );
  let count = 0;
  const worker = takeFirstViewPainter();
  // Started with the welcome card (first-view-start.ts); none there: nothing is painted ahead.
  if (!worker) return;
  painter = worker;
  worker.onmessage = ({ data }: MessageEvent<FirstViewAnswer>) => {
    if (data.type === 'done') {
      performance.mark(FIRST_VIEW_PAINTED_MARK, { detail: { tiles: count } });
      worker.terminate();
      painter = null;
      return;
    }
    count++;
    if (discarded) {
      data.bitmap.close();
      return;
    }
    painted.set(data.key, { scale: data.scale, ids: data.ids, bitmap: data.bitmap });
    for (const listener of listeners) listener();
  };
  // A worker that cannot run leaves the board to paint as it always does.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    painter = null;
  };
  const packed = packSignatures(signatures);
  worker.postMessage(
    { signatures: packed, tiles } satisfies PaintFirstView,
    transferablesOf(packed),
  );
}

/**
 * Starts `tile` (not painted yet) from its paint made ahead, if there is one and it shows only
 * signatures still in the tile (`inTile`, the tile's signatures now, in wall order): those that
 * joined since are queued to be painted on top. True when it did.
 */
export function startFromPaintAhead(tile: Tile, inTile: () => Signature[]): boolean {
  const ahead = painted.get(tile.key);
  if (!ahead || ahead.scale !== tile.scale) return false;
  painted.delete(tile.key);
  const now = inTile();
  const byId = new Map(now.map((s) => [s.id, s]));
  if (!ahead.ids.every((id) => byId.has(id))) {
    // One was removed meanwhile: the tile is painted afresh.
    ahead.bitmap.close();
    return false;
  }
  const shown = new Set(ahead.ids);
  adoptPaint(
    tile,
    ahead.bitmap,
    ahead.ids.map((id) => byId.get(id)!),
    now.filter((s) => !shown.has(s.id)),
  );
  return true;
}

/**
 * The board has opened: nothing more is painted ahead, and the board paints its tiles itself. A
 * painter already at work goes on: it strokes the whole first screen before it cuts a single
 * tile, so stopped now it would leave nothing; the tiles it sends before the board has begun
 * them are taken (on the heaviest wall the board's own paint of a first screen took 650 ms of a
 * 4×-slowed phone's main thread).
 */
export function stopPaintingAhead(): void {
  started = true;
  takeFirstViewPainter()?.terminate();
}

/** Calls `listener` whenever a tile painted ahead arrives; returns the unsubscribe. */
export function onPrepainted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Lets every tile painted ahead and not taken go (the board has drawn its first screen), and the
 * painter if it is still at work.
 */
export function discardPrepainted(): void {
  discarded = true;
  painter?.terminate();
  painter = null;
  for (const { bitmap } of painted.values()) bitmap.close();
  painted.clear();
}
