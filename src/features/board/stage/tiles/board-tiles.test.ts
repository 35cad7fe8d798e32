import { describe, expect, it } from 'vitest';
import { tileRect } from '../../model/tiles.ts';
import { BoardTiles } from './board-tiles.ts';

// At pixel ratio 1, a level-0 tile is 256 wall pixels a side, a level-1 tile 128.
const PR = 1;

describe('BoardTiles.meeting', () => {
  it('finds the cached tiles of every level that meet a rectangle, edges inclusive', () => {
    const tiles = new BoardTiles();
    const a = tiles.at({ level: 0, col: 1, row: 1 }, PR); // 256–512
    const b = tiles.at({ level: 0, col: 2, row: 1 }, PR); // 512–768
    const c = tiles.at({ level: 1, col: 4, row: 2 }, PR); // 512–640 × 256–384
    tiles.at({ level: 0, col: 5, row: 5 }, PR);
    expect(tileRect(c.coord, PR)).toEqual({ x: 512, y: 256, width: 128, height: 128 });
    // Touching x = 512 meets both level-0 tiles and the level-1 one.
    const found = tiles.meeting({ x: 500, y: 300, width: 12, height: 10 }, PR);
    expect(new Set(found)).toEqual(new Set([a, b, c]));
    expect(tiles.meeting({ x: 300, y: 300, width: 10, height: 10 }, PR)).toEqual([a]);
    // Tiles not cached are not made.
    expect(tiles.meeting({ x: 2000, y: 2000, width: 10, height: 10 }, PR)).toEqual([]);
    expect(tiles.cache.size).toBe(4);
  });

  it('no longer finds a tile the cache let go, or any once cleared', () => {
    const tiles = new BoardTiles();
    const first = tiles.at({ level: 0, col: 0, row: 0 }, PR);
    // Tiles at level 1 until the budget is full and the first (least recently used) leaves.
    for (let i = 0; i < tiles.maxTiles; i++)
      tiles.at({ level: 1, col: i % 25, row: 10 + Math.floor(i / 25) }, PR);
    expect(first.freed).toBe(true);
    expect(tiles.meeting({ x: 10, y: 10, width: 1, height: 1 }, PR)).toEqual([]);
    const again = tiles.at({ level: 0, col: 0, row: 0 }, PR);
    expect(again).not.toBe(first);
    expect(tiles.meeting({ x: 10, y: 10, width: 1, height: 1 }, PR)).toEqual([again]);
    tiles.clear();
    expect(tiles.meeting({ x: 10, y: 10, width: 1, height: 1 }, PR)).toEqual([]);
  });
});
