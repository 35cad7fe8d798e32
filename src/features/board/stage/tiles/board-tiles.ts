/**
 * A board's tiles: kept within the memory budget (least recently used out, tile-cache.ts), at
 * every level a frame has used, and found by key or by the part of the wall they show.
 */
import { rectsMeet, type Rect } from '../../../../domain/geometry.ts';
import { tileKey, tilesCovering, type TileCoord } from '../../model/tiles.ts';
import { createTileCache, TILE_BUDGET_BYTES, tilesInBudget, type TileCache } from './tile-cache.ts';
import type { CachedTiles } from './tile-draw.ts';
import { createTile, freeTile, TILE_BYTES, type Tile } from './tile.ts';

export class BoardTiles {
  /** How many tiles the budget holds: what painting ahead may fill. */
  readonly maxTiles = tilesInBudget(TILE_BUDGET_BYTES, TILE_BYTES);
  readonly cache: TileCache<Tile> = createTileCache<Tile>({
    budgetBytes: TILE_BUDGET_BYTES,
    bytesOf: () => TILE_BYTES,
    release: freeTile,
  });
  readonly #levels = new Set<number>();

  /**
   * The cached tile at `coord` (now the most recently used), or a new one whose signatures are
   * looked up when it is first painted (tile-renderer.ts): a zoom onto another level creates all
   * the view's tiles in one frame, and looking up each one's signatures there was a long task on
   * a 4×-slowed phone at 10,000.
   */
  at(coord: TileCoord, pixelRatio: number): Tile {
    const key = tileKey(coord);
    let tile = this.cache.get(key);
    if (!tile) {
      tile = createTile(coord, pixelRatio, []);
      tile.unread = true;
      this.cache.set(key, tile);
      this.#levels.add(coord.level);
    }
    return tile;
  }

  /** The cached tile at `coord`, its recency untouched. */
  peek(coord: TileCoord): Tile | undefined {
    return this.cache.peek(tileKey(coord));
  }

  /** The cached tiles, at every level, that meet `extent`. */
  meeting(extent: Rect, pixelRatio: number): Tile[] {
    const out: Tile[] = [];
    for (const level of this.#levels) {
      for (const coord of tilesCovering(extent, level, pixelRatio)) {
        const tile = this.peek(coord);
        if (tile && rectsMeet(extent, tile.rect)) out.push(tile);
      }
    }
    return out;
  }

  /** What the fallbacks of unpainted tiles are looked for in (tile-draw.ts). */
  cached(pixelRatio: number): CachedTiles {
    return { levels: this.#levels, cached: (key) => this.cache.peek(key), pixelRatio };
  }

  clear(): void {
    this.cache.clear();
  }
}
