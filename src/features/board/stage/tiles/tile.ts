/**
 * One tile of the board: a canvas of TILE_PIXELS² device pixels showing a square of the wall at
 * one zoom level, painted with the same `paintSignature` as the export. Painting is resumable: a
 * tile holds the signatures still to paint and paints as many as a time budget allows, so no task
 * grows with the wall: no long task over 50 ms.
 *
 * A tile always shows a complete paint (`shown`) once it has one. New signatures are painted on
 * top of it in place (they are the newest, so they belong on top); a removed one needs a repaint
 * into a second canvas, swapped in when done, so the tile never shows half a wall.
 */
import type { Rect } from '../../../../domain/geometry.ts';
import type { Signature } from '../../../../domain/signature.ts';
import { TILE_PIXELS, levelScale, tileKey, tileRect, type TileCoord } from '../../model/tiles.ts';
import { paintSignature, prepareSignaturePaint } from '../../../../ui/paint-signature.ts';

/** A 2D context a tile is painted with. */
export type TileContext = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Paints one signature into a tile (wall coordinates, styles prepared); `paintSignature` by default. */
export type SignaturePainter = (ctx: TileContext, signature: Signature) => void;

/**
 * Chromium records canvas calls and rasterizes them later (when the canvas is drawn somewhere),
 * so the time a stroke call takes says little about its cost. Reading a pixel makes the canvas
 * rasterize what it recorded now, inside the budget that paid for it: every few signatures.
 */
const FLUSH_EVERY = 2;

function rasterize(ctx: TileContext): void {
  ctx.getImageData(0, 0, 1, 1);
}

/** What one tile's canvas holds in memory (RGBA). */
export const TILE_BYTES = TILE_PIXELS * TILE_PIXELS * 4;

/** A canvas a tile is painted on. */
export type TileCanvas = HTMLCanvasElement | OffscreenCanvas;

/**
 * A tile's pixels: the canvas it is painted on, or a bitmap made elsewhere (first-view.ts), until
 * the paint is finished. Where the browser has OffscreenCanvas, a finished paint is then sealed:
 * its canvas hands its pixels over as a bitmap (transferToImageBitmap: no copy), which becomes
 * the content of a canvas element of the tile's own ('bitmaprenderer'), the one the screen shows
 * (screen-tiles.ts). Copying a tile's pixels for the screen cost a 4x-slowed phone ~5 ms a tile,
 * and a pan brings a row of them into view at once.
 */
export type TilePaint = TileCanvas | ImageBitmap;

/** Sealed paints: canvas elements holding a finished paint's bitmap. */
const sealedPaints = new WeakSet<object>();

/** A sealed paint: a canvas element of the tile's own, to show on screen as it is. */
export function isSealed(paint: TilePaint | null): paint is HTMLCanvasElement {
  return paint !== null && sealedPaints.has(paint);
}

export interface Tile {
  readonly key: string;
  readonly coord: TileCoord;
  /** The square of the wall it shows. */
  readonly rect: Rect;
  /** Device pixels per wall pixel. */
  readonly scale: number;
  /**
   * The last complete paint; null while none, or when it holds nothing (no canvas needed). A
   * sealed paint stays shown while new signatures are painted on a copy of it.
   */
  shown: TilePaint | null;
  /** True once `shown` is a complete paint of some version of the wall. */
  painted: boolean;
  /** The signatures `shown` holds, in the order they were painted. */
  shownItems: Signature[];
  /** Counts every change of what `shown` shows: a copy of it is current while this is unchanged. */
  shownVersion: number;
  /**
   * The canvas being painted: `shown` itself while signatures are added to a canvas element in
   * place, else another (a blank one, or a copy of a sealed `shown`). `shown` once current.
   */
  target: TilePaint | null;
  /**
   * Signatures to paint into `target`, in wall order, from `next` on. Painting in place it holds
   * the ones added; otherwise every one `target` will show, those before `next` already on it.
   */
  queue: Signature[];
  /**
   * Its signatures are not looked up yet: `queue` is empty until the renderer does, when it first
   * paints the tile (tile-renderer.ts).
   */
  unread: boolean;
  next: number;
  /** Set once the cache let it go: its canvases are freed and it must not be painted. */
  freed: boolean;
}

export function createTile(coord: TileCoord, pixelRatio: number, queue: Signature[]): Tile {
  return {
    key: tileKey(coord),
    coord,
    rect: tileRect(coord, pixelRatio),
    scale: levelScale(coord.level, pixelRatio),
    shown: null,
    painted: false,
    shownItems: [],
    shownVersion: 0,
    target: null,
    queue,
    unread: false,
    next: 0,
    freed: false,
  };
}

/** Painted, with nothing left to add or repaint. */
export function isCurrent(tile: Tile): boolean {
  return tile.painted && tile.target === tile.shown && tile.next >= tile.queue.length;
}

/** Queues signatures that joined the wall: painted over what the tile shows. */
export function addToTile(tile: Tile, added: readonly Signature[]): void {
  tile.queue.push(...added);
}

/** Starts the tile over with this list (a signature left it): the old paint stays shown meanwhile. */
export function repaintTile(tile: Tile, queue: Signature[]): void {
  if (tile.target && tile.target !== tile.shown) clearCanvas(tile.target);
  else tile.target = null;
  tile.queue = queue;
  tile.next = 0;
}

/**
 * Paints queued signatures until `deadline` (at least one, so every call makes progress), each
 * with `paint` (a board that dims some passes its own, tiles/signature-painter.ts).
 * Returns true when the tile became current.
 */
export function paintTile(
  tile: Tile,
  deadline: number,
  now: () => number,
  paint: SignaturePainter = paintSignature,
): boolean {
  if (tile.freed) return false;
  if (tile.next < tile.queue.length) {
    if (tile.shown && tile.target === tile.shown && !canPaintOn(tile.shown)) {
      // Signatures added to a sealed paint: painted on a copy, which starts with what it shows.
      tile.queue = [...tile.shownItems, ...tile.queue.slice(tile.next)];
      tile.next = tile.shownItems.length;
      tile.target = canvasOf(tile, tile.shown);
    }
    const target = canvasOf(tile, tile.target);
    const inPlace = tile.target !== null && tile.target === tile.shown;
    tile.target = target;
    const ctx = target.getContext('2d') as TileContext;
    let painted = 0;
    for (;;) {
      const signature = tile.queue[tile.next++]!;
      paint(ctx, signature);
      if (inPlace) {
        tile.shownItems.push(signature);
        tile.shownVersion++;
      }
      const done = tile.next >= tile.queue.length;
      if (done || ++painted % FLUSH_EVERY === 0) {
        rasterize(ctx);
        if (done || now() >= deadline) break;
      }
    }
    if (tile.next < tile.queue.length) return false;
  }
  if (tile.target !== tile.shown) {
    if (tile.shown) freeCanvas(tile.shown);
    tile.shown = tile.target = tile.target && sealed(tile.target);
    tile.shownItems = tile.queue;
    tile.shownVersion++;
  }
  tile.queue = [];
  tile.next = 0;
  tile.painted = true;
  return true;
}

/**
 * Starts a tile that has no paint yet from one made elsewhere (first-view.ts): `bitmap` shows
 * `painted` and is sealed as the tile's paint; `rest` (signatures that joined since) is queued to
 * be painted on top of it (on a copy, the sealed paint shown meanwhile).
 */
export function adoptPaint(
  tile: Tile,
  bitmap: ImageBitmap,
  painted: Signature[],
  rest: Signature[],
): void {
  if (tile.target) freeCanvas(tile.target);
  tile.shown = tile.target = sealed(bitmap);
  tile.shownItems = painted;
  tile.shownVersion++;
  tile.painted = true;
  tile.unread = false;
  tile.queue = rest;
  tile.next = 0;
}

/** Gives the canvases' memory back at once (Safari holds it until the size is 0). */
export function freeTile(tile: Tile): void {
  tile.freed = true;
  if (tile.target && tile.target !== tile.shown) freeCanvas(tile.target);
  if (tile.shown) freeCanvas(tile.shown);
  tile.shown = null;
  tile.shownItems = [];
  tile.shownVersion++;
  tile.target = null;
  tile.queue = [];
}

/**
 * The canvas to paint `tile` on: `paint` itself, a new one holding a sealed paint's pixels, or a
 * new blank one.
 */
function canvasOf(tile: Tile, paint: TilePaint | null): TileCanvas {
  if (paint && canPaintOn(paint)) return paint;
  const canvas = newTileCanvas(tile);
  if (paint) {
    const ctx = canvas.getContext('2d') as TileContext;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(paint, 0, 0);
    ctx.restore();
  }
  return canvas;
}

/** A 2D canvas (not a bitmap, nor a sealed paint). */
function canPaintOn(paint: TilePaint): paint is TileCanvas {
  return !isBitmap(paint) && !isSealed(paint);
}

/** Blank OffscreenCanvases whose paint was sealed: making a canvas costs more than its paint. */
const spareCanvases: OffscreenCanvas[] = [];
const SPARE_CANVASES = 4;

/**
 * Tiles are painted on OffscreenCanvases and sealed where the browser has them (every browser
 * that has them can hand their pixels over as a bitmap).
 */
const SEALABLE = typeof OffscreenCanvas === 'function';

function newTileCanvas(tile: Tile): TileCanvas {
  let canvas: TileCanvas;
  if (SEALABLE) {
    canvas = spareCanvases.pop() ?? new OffscreenCanvas(TILE_PIXELS, TILE_PIXELS);
  } else {
    canvas = document.createElement('canvas');
    canvas.width = TILE_PIXELS;
    canvas.height = TILE_PIXELS;
  }
  // Read back every few signatures (rasterize): a canvas in memory from the start, as Chromium
  // would otherwise make it after a few reads, warning on the console.
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as TileContext;
  // Wall coordinates from here on: the tile's corner at the origin, at the level's scale.
  ctx.setTransform(
    tile.scale,
    0,
    0,
    tile.scale,
    -tile.rect.x * tile.scale,
    -tile.rect.y * tile.scale,
  );
  prepareSignaturePaint(ctx);
  return canvas;
}

/**
 * A finished paint as it will be shown: an OffscreenCanvas's or a bitmap's pixels in a canvas
 * element of its own (the OffscreenCanvas kept, blank, for the next paint); a canvas element as
 * it is.
 */
function sealed(paint: TilePaint): TilePaint {
  let bitmap: ImageBitmap;
  if (isOffscreen(paint)) {
    bitmap = paint.transferToImageBitmap();
    if (spareCanvases.length < SPARE_CANVASES) spareCanvases.push(paint);
    else freeCanvas(paint);
  } else if (isBitmap(paint)) bitmap = paint;
  else return paint;
  const element = document.createElement('canvas');
  element.width = bitmap.width;
  element.height = bitmap.height;
  element.getContext('bitmaprenderer')!.transferFromImageBitmap(bitmap);
  sealedPaints.add(element);
  return element;
}

function clearCanvas(canvas: TilePaint): void {
  if (!canPaintOn(canvas)) return;
  const ctx = canvas.getContext('2d') as TileContext;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.restore();
}

function freeCanvas(paint: TilePaint): void {
  if (isBitmap(paint)) {
    paint.close();
  } else if (isSealed(paint)) {
    // One on screen stays there until the screen puts the tile's next paint in its place (in the
    // frame's draw, after this), and lets it go then (screen-tiles.ts): freed now, that tile
    // would show nothing for a frame.
    if (!paint.isConnected) paint.getContext('bitmaprenderer')!.transferFromImageBitmap(null);
  } else {
    paint.width = 0;
    paint.height = 0;
  }
}

const isOffscreen = (paint: TilePaint): paint is OffscreenCanvas =>
  SEALABLE && paint instanceof OffscreenCanvas;

/** A bitmap, not a canvas (told by what it can do: tests stand canvases in with plain objects). */
function isBitmap(paint: TilePaint): paint is ImageBitmap {
  return typeof (paint as Partial<ImageBitmap>).close === 'function';
}
