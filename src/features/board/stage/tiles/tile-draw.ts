/**
 * Composing tiles onto a canvas (the stage drawn off screen: stage.toCanvas), in device pixels: a
 * tile lands on whole pixels (so neighbours meet without seams, and at its own level it is copied
 * 1:1), and a tile not painted yet is covered by another level's tiles, scaled and clipped to it.
 * The screen shows the same tiles as DOM elements instead (screen-tiles.ts), placed alike.
 */
import type { Rect } from '../../../../domain/geometry.ts';
import { grow } from '../../../../domain/geometry.ts';
import { tileKey, tilesCovering } from '../../model/tiles.ts';
import type { Tile } from './tile.ts';

/** The deepest search for a coarser fallback level. */
const FALLBACK_LEVELS = 6;

/** A wall rect in device pixels (`m`: wall → device), rounded to whole pixels. */
export function deviceRect(m: DOMMatrix, r: Rect): [number, number, number, number] {
  return [
    Math.round(m.a * r.x + m.e),
    Math.round(m.d * r.y + m.f),
    Math.round(m.a * (r.x + r.width) + m.e),
    Math.round(m.d * (r.y + r.height) + m.f),
  ];
}

/** Draws a tile's last complete paint where it belongs (the context in device pixels). */
function drawTile(ctx: CanvasRenderingContext2D, m: DOMMatrix, tile: Tile): void {
  if (!tile.shown) return;
  const [x0, y0, x1, y1] = deviceRect(m, tile.rect);
  ctx.drawImage(tile.shown, x0, y0, x1 - x0, y1 - y0);
}

export interface CachedTiles {
  /** Levels that may hold tiles. */
  readonly levels: { has(level: number): boolean };
  /** The cached tile with this key, without touching its recency. */
  readonly cached: (key: string) => Tile | undefined;
  readonly pixelRatio: number;
}

/**
 * The painted tiles of the nearest level that has the part of the wall `tile` shows: the next
 * coarser or finer one, then coarser ones (one tile covers many: cheap to scale up). Empty when
 * no level had any of it.
 */
export function fallbackFor(tile: Tile, { levels, cached, pixelRatio }: CachedTiles): Tile[] {
  const { level } = tile.coord;
  // Shrunk a little: a tile's edge-inclusive neighbours at the other level are not needed.
  const inner = grow(tile.rect, -tile.rect.width / 1024);
  let best: Tile[] = [];
  let bestShare = 0;
  const candidates = [level - 1, level + 1];
  for (let d = 2; d <= FALLBACK_LEVELS; d++) candidates.push(level - d);
  for (const other of candidates) {
    if (!levels.has(other)) continue;
    const covering = tilesCovering(inner, other, pixelRatio);
    const ready = covering
      .map((c) => cached(tileKey(c)))
      .filter((t): t is Tile => t !== undefined && t.painted);
    const share = ready.length / covering.length;
    if (share > bestShare) {
      best = ready;
      bestShare = share;
    }
    if (share === 1) break;
  }
  return best;
}

/**
 * Draws `tiles` (those covering the context's view) onto a canvas in device pixels, each one not
 * painted yet covered by its fallback, clipped to it. Returns how many nothing covered.
 */
export function drawTiles(
  ctx: CanvasRenderingContext2D,
  m: DOMMatrix,
  tiles: readonly Tile[],
  cachedTiles: CachedTiles,
): number {
  let uncovered = 0;
  ctx.save();
  // Device pixels from here on: tiles land on whole pixels, so neighbours meet without seams.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (const tile of tiles) drawTile(ctx, m, tile);
  for (const tile of tiles) {
    if (tile.painted) continue;
    const best = fallbackFor(tile, cachedTiles);
    if (best.length === 0) {
      uncovered++;
      continue;
    }
    const [x0, y0, x1, y1] = deviceRect(m, tile.rect);
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    for (const t of best) drawTile(ctx, m, t);
    ctx.restore();
  }
  ctx.restore();
  return uncovered;
}
