import { describe, expect, it } from 'vitest';
import { TILE_PIXELS } from '../../model/tiles.ts';
import { createTileCache, TILE_BUDGET_BYTES, tilesInBudget } from './tile-cache.ts';
import { createTile, freeTile, TILE_BYTES, type Tile } from './tile.ts';

/** A tile holding a stand-in canvas: only its size matters to the cache. */
function tileWithCanvas(col: number): Tile {
  const tile = createTile({ level: 0, col, row: 0 }, 1, []);
  tile.shown = { width: TILE_PIXELS, height: TILE_PIXELS } as HTMLCanvasElement;
  tile.painted = true;
  return tile;
}

describe('the tile cache', () => {
  const budgetOf = (tiles: number) => tiles * TILE_BYTES;
  const newCache = (tiles: number) =>
    createTileCache<Tile>({
      budgetBytes: budgetOf(tiles),
      bytesOf: () => TILE_BYTES,
      release: freeTile,
    });

  it('keeps the bytes it counts within its budget, letting the least recently used go', () => {
    const cache = newCache(3);
    const tiles = [0, 1, 2, 3, 4].map(tileWithCanvas);
    for (const t of tiles) cache.set(t.key, t);
    expect(cache.size).toBe(3);
    expect(cache.calculatedSize).toBeLessThanOrEqual(budgetOf(3));
    expect([...cache.keys()].sort()).toEqual(['0/2/0', '0/3/0', '0/4/0']);
  });

  it('frees an evicted tile’s canvas at once (size 0) and marks it freed', () => {
    const cache = newCache(1);
    const first = tileWithCanvas(0);
    const canvas = first.shown!;
    cache.set(first.key, first);
    cache.set('other', tileWithCanvas(1));
    expect(canvas.width).toBe(0);
    expect(canvas.height).toBe(0);
    expect(first.freed).toBe(true);
    expect(first.shown).toBeNull();
  });

  it('keeps a tile that was drawn recently (get) over one that was not', () => {
    const cache = newCache(2);
    const [a, b, c] = [0, 1, 2].map(tileWithCanvas);
    cache.set(a!.key, a!);
    cache.set(b!.key, b!);
    cache.get(a!.key);
    cache.set(c!.key, c!);
    expect(cache.has(a!.key)).toBe(true);
    expect(cache.has(b!.key)).toBe(false);
    expect(b!.freed).toBe(true);
  });

  it('frees every tile when cleared', () => {
    const cache = newCache(4);
    const tiles = [0, 1].map(tileWithCanvas);
    for (const t of tiles) cache.set(t.key, t);
    cache.clear();
    expect(tiles.every((t) => t.freed)).toBe(true);
  });

  it('has a budget a phone can afford: a DPR-2 phone view and its ring, far under iOS limits', () => {
    expect(TILE_BUDGET_BYTES).toBeLessThanOrEqual(64 * 1024 * 1024);
    // 390×844 CSS px at ratio 2, plus half a view on each side, in 256-px tiles: 7 × 14.
    expect(tilesInBudget(TILE_BUDGET_BYTES, TILE_BYTES)).toBeGreaterThanOrEqual(7 * 14 + 40);
    // Every canvas the board makes is a tile: far inside iOS's 4096² per canvas.
    expect(TILE_PIXELS).toBeLessThanOrEqual(1024);
  });
});
