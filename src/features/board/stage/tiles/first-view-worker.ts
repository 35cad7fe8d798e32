/**
 * The first-view painter (first-view.ts): paints the tiles of the screen the board opens on, off
 * the page, while the welcome card is still up, with the board's own painter and in the order the
 * board would; the board then shows them as they are (adding what arrived since) instead of
 * painting them on the page frame by frame.
 */
/// <reference lib="webworker" />
import { createOutlineIndex, type OutlineIndex } from '../../../../domain/outline-index.ts';
import { unpackSignatures } from '../../../../domain/packed-signatures.ts';
import { paintedExtent } from '../../../../domain/caption-layout.ts';
import { TILE_PIXELS } from '../../model/tiles.ts';
import { paintSignature, prepareSignaturePaint } from '../../../../ui/paint-signature.ts';
import type { FirstViewAnswer, PaintFirstView, TileToPaint } from './first-view-protocol.ts';
import type { Rect } from '../../../../domain/geometry.ts';
import type { Signature } from '../../../../domain/signature.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (answer: FirstViewAnswer, transfer: Transferable[] = []) =>
  self.postMessage(answer, transfer);

// The browser loads ICU's locale data once for the whole page, at the first Intl formatter made
// anywhere in it. Left to the page, that was the load's progress ('Loading signatures… 40%'):
// 120-270 ms of the main thread on a 4×-slowed phone, just as the board opened. Here it is paid
// off the page, while the welcome card is up.
new Intl.NumberFormat(undefined, { style: 'percent' }).format(0);

self.onmessage = ({ data }: MessageEvent<PaintFirstView>) => {
  const index = createOutlineIndex(
    unpackSignatures(data.signatures).map((signature) => ({
      id: signature.id,
      outline: paintedExtent(signature.outline),
      signature,
    })),
  );
  const whole = paintOnce(index, data.tiles);
  const canvas = new OffscreenCanvas(TILE_PIXELS, TILE_PIXELS);
  const ctx = canvas.getContext('2d')!;
  for (const { key, rect, scale } of data.tiles) {
    const items = index.itemsInRect(rect);
    if (items.length === 0 || !whole) continue;
    const [x, y] = cornerOf(rect, scale);
    ctx.drawImage(
      whole.canvas,
      x - whole.x,
      y - whole.y,
      TILE_PIXELS,
      TILE_PIXELS,
      0,
      0,
      TILE_PIXELS,
      TILE_PIXELS,
    );
    // Leaves the canvas blank for the next tile.
    const bitmap = canvas.transferToImageBitmap();
    post({ type: 'tile', key, scale, ids: items.map((item) => item.id), bitmap }, [bitmap]);
  }
  post({ type: 'done' });
};

/** A tile's corner in device pixels (tiles lie on a grid of TILE_PIXELS at their scale). */
function cornerOf(rect: Rect, scale: number): [number, number] {
  return [Math.round(rect.x * scale), Math.round(rect.y * scale)];
}

/**
 * The tiles' signatures painted once, on one canvas covering them all (the tiles share a scale),
 * with the transform each tile would have: a signature across several tiles is stroked once, not
 * once per tile, and each tile's pixels are the same. Null when no tile is asked for.
 */
function paintOnce(
  index: OutlineIndex<{ id: number; outline: Rect; signature: Signature }>,
  tiles: readonly TileToPaint[],
): { canvas: OffscreenCanvas; x: number; y: number } | null {
  const scale = tiles[0]?.scale;
  if (scale === undefined) return null;
  const corners = tiles.map((tile) => cornerOf(tile.rect, scale));
  const x = Math.min(...corners.map(([cx]) => cx));
  const y = Math.min(...corners.map(([, cy]) => cy));
  const width = Math.max(...corners.map(([cx]) => cx)) + TILE_PIXELS - x;
  const height = Math.max(...corners.map(([, cy]) => cy)) + TILE_PIXELS - y;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(scale, 0, 0, scale, -x, -y);
  prepareSignaturePaint(ctx);
  const shown = { x: x / scale, y: y / scale, width: width / scale, height: height / scale };
  for (const item of index.itemsInRect(shown)) paintSignature(ctx, item.signature);
  return { canvas, x, y };
}
