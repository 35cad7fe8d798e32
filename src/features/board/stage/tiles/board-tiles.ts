/**
 * A board's tiles: kept within the memory budget (least recently used out, tile-cache.ts), at
 * every level a frame has used, and found by key or by the part of the wall they show.
 */
import { rectsMeet, type Rect } from '../../../../domain/geometry.ts';
import { forEachTileCovering, tileKey, type TileCoord } from '../../model/tiles.ts';
import { createTileCache, TILE_BUDGET_BYTES, tilesInBudget, type TileCache } from './tile-cache.ts';
import type { CachedTiles } from './tile-draw.ts';
import { createTile, freeTile, TILE_BYTES, type Tile } from './tile.ts';

/** More columns than a level ever has (a tile is never under 16 wall pixels: 200 a side). */
const CELL_SPAN = 4096;

const cellOf = (col: number, row: number) => col * CELL_SPAN + row;

export class BoardTiles {
  /** How many tiles the budget holds: what painting ahead may fill. */
  readonly maxTiles = tilesInBudget(TILE_BUDGET_BYTES, TILE_BYTES);
  readonly cache: TileCache<Tile> = createTileCache<Tile>({
    budgetBytes: TILE_BUDGET_BYTES,
    bytesOf: () => TILE_BYTES,
    release: (tile) => {
      this.#byLevel.get(tile.coord.level)?.delete(cellOf(tile.coord.col, tile.coord.row));
      freeTile(tile);
    },
  });
  /**
   * The cached tiles again, by level (every level a frame has used) and cell, `col * CELL_SPAN +
   * row`: `meeting` runs for every signature that joins the wall, and building each tile's key
   * there was a heavy wall's load's largest garbage (15 MB).
   */
  readonly #byLevel = new Map<number, Map<number, Tile>>();

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
      let cells = this.#byLevel.get(coord.level);
      if (!cells) this.#byLevel.set(coord.level, (cells = new Map()));
      cells.set(cellOf(coord.col, coord.row), tile);
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
    this.#byLevel.forEach((cells, level) => {
      if (cells.size === 0) return;
      forEachTileCovering(extent, level, pixelRatio, (col, row) => {
        const tile = cells.get(cellOf(col, row));
        if (tile && rectsMeet(extent, tile.rect)) out.push(tile);
      });
    });
    return out;
  }

  /** What the fallbacks of unpainted tiles are looked for in (tile-draw.ts). */
  cached(pixelRatio: number): CachedTiles {
    return { levels: this.#byLevel, cached: (key) => this.cache.peek(key), pixelRatio };
  }

  clear(): void {
    this.cache.clear();
  }
}
