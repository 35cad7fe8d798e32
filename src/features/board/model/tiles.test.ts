import { describe, expect, it } from 'vitest';
import { grow } from '../../../domain/geometry.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import {
  TILE_PIXELS,
  levelForScale,
  levelScale,
  tileKey,
  tileRect,
  tileWallSize,
  tilesAhead,
  tilesByDistance,
  tilesCovering,
  tilesInView,
} from './tiles.ts';

describe('levelForScale', () => {
  it('is the nearest power of two of the camera scale', () => {
    expect(levelForScale(1)).toBe(0);
    expect(levelForScale(2)).toBe(1);
    expect(levelForScale(4)).toBe(2);
    expect(levelForScale(0.25)).toBe(-2);
    // Switches half way between powers of two (in log terms): scaled by at most √2.
    expect(levelForScale(1.41)).toBe(0);
    expect(levelForScale(1.42)).toBe(1);
    expect(levelForScale(0.71)).toBe(0);
    expect(levelForScale(0.7)).toBe(-1);
  });
});

describe('tile geometry', () => {
  it('paints 2^level × pixelRatio device pixels per wall pixel', () => {
    expect(levelScale(0, 1)).toBe(1);
    expect(levelScale(1, 2)).toBe(4);
    expect(levelScale(-2, 2)).toBe(0.5);
    expect(tileWallSize(0, 1)).toBe(TILE_PIXELS);
    expect(tileWallSize(1, 2)).toBe(TILE_PIXELS / 4);
    expect(tileWallSize(-3, 2)).toBe(TILE_PIXELS * 4);
  });

  it('places a tile on the grid from the wall origin', () => {
    expect(tileRect({ level: 0, col: 2, row: 3 }, 1)).toEqual({
      x: 2 * TILE_PIXELS,
      y: 3 * TILE_PIXELS,
      width: TILE_PIXELS,
      height: TILE_PIXELS,
    });
    expect(tileRect({ level: 1, col: 1, row: 0 }, 1)).toEqual({
      x: TILE_PIXELS / 2,
      y: 0,
      width: TILE_PIXELS / 2,
      height: TILE_PIXELS / 2,
    });
  });

  it('names tiles by level, column and row', () => {
    expect(tileKey({ level: -1, col: 4, row: 7 })).toBe('-1/4/7');
    expect(tileKey({ level: 1, col: 4, row: 7 })).not.toBe(tileKey({ level: 1, col: 7, row: 4 }));
  });
});

describe('tilesCovering', () => {
  it('lists the tiles a rectangle meets, row by row', () => {
    const r = { x: 100, y: 300, width: 200, height: 10 };
    expect(tilesCovering(r, 0, 1)).toEqual([
      { level: 0, col: 0, row: 1 },
      { level: 0, col: 1, row: 1 },
    ]);
  });

  it('counts an edge on a tile boundary as meeting both tiles (edges are inclusive)', () => {
    const r = { x: 0, y: 0, width: TILE_PIXELS, height: 1 };
    expect(tilesCovering(r, 0, 1).map((t) => t.col)).toEqual([0, 1]);
  });

  it('covers exactly the wall with no tile past its edge', () => {
    const all = tilesCovering({ x: -50, y: -50, width: 5000, height: 5000 }, 0, 1);
    const perSide = Math.ceil(WALL_SIZE / TILE_PIXELS);
    expect(all).toHaveLength(perSide * perSide);
    expect(Math.max(...all.map((t) => t.col))).toBe(perSide - 1);
  });

  it('for a view, takes no tile beyond a far edge on a boundary, and one for any pixel past it', () => {
    // 1280 × 256 px at scale 1: five columns of one row, no sixth column showing no pixel.
    const view = { x: 0, y: 0, width: 5 * TILE_PIXELS, height: TILE_PIXELS };
    expect(tilesInView(view, 0, 1)).toEqual(
      [0, 1, 2, 3, 4].map((col) => ({ level: 0, col, row: 0 })),
    );
    expect(tilesInView({ ...view, width: 5 * TILE_PIXELS + 0.5 }, 0, 1)).toHaveLength(6);
    // The same at a zoom level and pixel ratio where a tile is not 256 wall pixels.
    const half = { x: 64, y: 64, width: 2 * 64, height: 64 };
    expect(tilesInView(half, 1, 2).map((t) => [t.col, t.row])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // An outline on the same boundary still meets both tiles.
    expect(tilesCovering(view, 0, 1)).toHaveLength(6 * 2);
  });

  it('is empty off the wall', () => {
    expect(tilesCovering({ x: 3300, y: 0, width: 10, height: 10 }, 0, 1)).toEqual([]);
    expect(tilesCovering({ x: 0, y: -30, width: 10, height: 10 }, 0, 1)).toEqual([]);
  });

  it('needs the same device pixels at every level: a view takes as many tiles at any zoom', () => {
    // A 1024×768 screen at scale 2^k shows 1024/2^k × 768/2^k wall pixels.
    for (const level of [-1, 0, 1, 2]) {
      const s = 2 ** level;
      const view = { x: 512 / s, y: 512 / s, width: 1024 / s, height: 768 / s };
      const inner = grow(view, -0.5 / s);
      expect(tilesCovering(inner, level, 1)).toHaveLength(4 * 3);
    }
  });

  it('orders tiles nearest the centre first for painting', () => {
    const view = { x: 0, y: 0, width: 3 * TILE_PIXELS - 1, height: TILE_PIXELS - 1 };
    const order = tilesByDistance(view, 0, 1).map((t) => t.col);
    expect(order[0]).toBe(1);
    expect(order.slice(1).sort()).toEqual([0, 2]);
  });
});

describe('tilesAhead', () => {
  // A 512 × 256 view from (512, 512): columns 2–3 of row 2 at level 0.
  const view = { x: 512, y: 512, width: 511, height: 255 };

  it('paints a ring of half a view around the view first, never the view itself', () => {
    const ahead = tilesAhead(view, 0, 1, 0, 1000);
    const keys = new Set(ahead.map(tileKey));
    for (const t of tilesCovering(view, 0, 1)) expect(keys.has(tileKey(t))).toBe(false);
    // The ring reaches 256 px left and right, 128 up and down: columns 1–4, rows 1–3.
    expect(ahead.every((t) => t.level === 0)).toBe(true);
    expect(Math.min(...ahead.map((t) => t.col))).toBe(1);
    expect(Math.max(...ahead.map((t) => t.col))).toBe(4);
    expect(ahead).toHaveLength(4 * 3 - 2);
  });

  it('then the whole wall at the overview level, when that level is further out', () => {
    const ahead = tilesAhead(view, 0, 1, -2, 1000);
    const overview = ahead.filter((t) => t.level === -2);
    expect(overview).toHaveLength(
      tilesCovering({ x: 0, y: 0, width: 3200, height: 3200 }, -2, 1).length,
    );
    expect(ahead.findIndex((t) => t.level === -2)).toBe(4 * 3 - 2);
  });

  it('stops where the view and what is painted ahead would fill the cache', () => {
    const inView = tilesCovering(view, 0, 1).length;
    expect(tilesAhead(view, 0, 1, -2, inView + 3)).toHaveLength(3);
    expect(tilesAhead(view, 0, 1, -2, inView)).toEqual([]);
  });
});
