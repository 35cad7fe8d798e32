/**
 * The first-view painter (first-view.ts): paints the tiles of the screen the board opens on, off
 * the page, while the welcome card is still up, with the board's own painter and in the order the
 * board would; the board then shows them as they are (adding what arrived since) instead of
 * painting them on the page frame by frame.
 */
/// <reference lib="webworker" />
import { createOutlineIndex } from '../../../../domain/outline-index.ts';
import { unpackSignatures } from '../../../../domain/packed-signatures.ts';
import { paintedExtent } from '../../../../domain/caption-layout.ts';
import { TILE_PIXELS } from '../../model/tiles.ts';
import { paintSignature, prepareSignaturePaint } from '../../../../ui/paint-signature.ts';
import type { FirstViewAnswer, PaintFirstView } from './first-view-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (answer: FirstViewAnswer, transfer: Transferable[] = []) =>
  self.postMessage(answer, transfer);

self.onmessage = ({ data }: MessageEvent<PaintFirstView>) => {
  const index = createOutlineIndex(
    unpackSignatures(data.signatures).map((signature) => ({
      id: signature.id,
      outline: paintedExtent(signature.outline),
      signature,
    })),
  );
  const canvas = new OffscreenCanvas(TILE_PIXELS, TILE_PIXELS);
  const ctx = canvas.getContext('2d')!;
  for (const { key, rect, scale } of data.tiles) {
    const items = index.itemsInRect(rect);
    if (items.length === 0) continue;
    // As tile.ts's newTileCanvas sets a tile up: wall coordinates, the tile's corner at the origin.
    ctx.setTransform(scale, 0, 0, scale, -rect.x * scale, -rect.y * scale);
    prepareSignaturePaint(ctx);
    for (const item of items) paintSignature(ctx, item.signature);
    // Leaves the canvas blank for the next tile.
    const bitmap = canvas.transferToImageBitmap();
    post({ type: 'tile', key, scale, ids: items.map((item) => item.id), bitmap }, [bitmap]);
  }
  post({ type: 'done' });
};
