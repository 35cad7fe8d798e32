/**
 * The board's tile grid (docs/architecture.md §5): the wall is cut into square bitmap tiles per
 * zoom level, each painted once and then only composed while the camera moves, the way map
 * engines draw. Pure maths: which level a scale uses, which tiles cover a rectangle, where a tile
 * lies on the wall, and how far a signature's paint reaches (its outline plus its caption's box).
 *
 * A level `k` paints `2^k × pixelRatio` device pixels per wall pixel, so at camera scale 2^k a
 * tile is drawn one device pixel for one tile pixel (crisp); between powers of two the nearest
 * level is scaled by at most √2.
 */
import { WALL_SIZE } from '../../../domain/rules.ts';
import { grow, type Rect } from '../../../domain/geometry.ts';

/**
 * A tile's side in device pixels: far inside every canvas limit (iOS: 4096² per canvas and a
 * total budget), small enough that one tile paints in a few milliseconds, large enough that a
 * phone's view needs a few dozen.
 */
export const TILE_PIXELS = 256;

export interface TileCoord {
  readonly level: number;
  readonly col: number;
  readonly row: number;
}

/** The level whose tiles are drawn at this camera scale: the nearest power of two. */
export function levelForScale(scale: number): number {
  // `|| 0`: no -0 level for scales just under 1.
  return Math.round(Math.log2(scale)) || 0;
}

/** Device pixels per wall pixel in a tile of this level. */
export function levelScale(level: number, pixelRatio: number): number {
  return 2 ** level * pixelRatio;
}

/** The side of a tile of this level in wall pixels. */
export function tileWallSize(level: number, pixelRatio: number): number {
  return TILE_PIXELS / levelScale(level, pixelRatio);
}

/** The part of the wall a tile shows. */
export function tileRect({ level, col, row }: TileCoord, pixelRatio: number): Rect {
  const size = tileWallSize(level, pixelRatio);
  return { x: col * size, y: row * size, width: size, height: size };
}

/** A stable name for a tile, for caches. */
export function tileKey({ level, col, row }: TileCoord): string {
  return `${level}/${col}/${row}`;
}

/**
 * Calls `visit` with the column and row of every tile of `level` that meets the rectangle (edges
 * inclusive, like outlines), clipped to the wall; row by row. None when it lies off the wall.
 * Builds nothing: it runs for every signature that joins a loading wall.
 */
export function forEachTileCovering(
  r: Rect,
  level: number,
  pixelRatio: number,
  visit: (col: number, row: number) => void,
): void {
  const size = tileWallSize(level, pixelRatio);
  const last = Math.ceil(WALL_SIZE / size) - 1;
  const clamp = (v: number) => Math.min(last, Math.max(0, Math.floor(v / size)));
  if (r.x > WALL_SIZE || r.y > WALL_SIZE || r.x + r.width < 0 || r.y + r.height < 0) return;
  const c0 = clamp(r.x);
  const c1 = clamp(r.x + r.width);
  const r0 = clamp(r.y);
  const r1 = clamp(r.y + r.height);
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) visit(col, row);
  }
}

/** Every tile of `level` that meets the rectangle, as forEachTileCovering visits them. */
export function tilesCovering(r: Rect, level: number, pixelRatio: number): TileCoord[] {
  const out: TileCoord[] = [];
  forEachTileCovering(r, level, pixelRatio, (col, row) => out.push({ level, col, row }));
  return out;
}

/**
 * The tiles a view shows: those under its pixels, [x, x + width) × [y, y + height). Unlike
 * tilesCovering (edges inclusive, as outlines meet), a view whose far edge falls on a tile
 * boundary takes no tile beyond it: a 1280 px wide screen at scale 1 shows five columns of
 * 256 px tiles, not a sixth of which no pixel is on screen (and which was painted all the same).
 */
export function tilesInView(view: Rect, level: number, pixelRatio: number): TileCoord[] {
  // A hair less than any tile, so a far edge on a boundary stays in the tile before it.
  const hair = tileWallSize(level, pixelRatio) / 2 ** 20;
  const shown = {
    ...view,
    width: Math.max(0, view.width - hair),
    height: Math.max(0, view.height - hair),
  };
  return tilesCovering(shown, level, pixelRatio);
}

/** The tiles a view shows (tilesInView), nearest to its centre first: the order to paint them in. */
export function tilesByDistance(r: Rect, level: number, pixelRatio: number): TileCoord[] {
  const size = tileWallSize(level, pixelRatio);
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const distance = (t: TileCoord) =>
    Math.hypot((t.col + 0.5) * size - cx, (t.row + 0.5) * size - cy);
  return tilesInView(r, level, pixelRatio).sort((a, b) => distance(a) - distance(b));
}

/**
 * What to paint ahead of the camera while the page is idle, most useful first: a ring of half a
 * view around the view at its level (a pan finds its tiles ready), then the whole wall at the
 * furthest level `overviewLevel` (a fast pan or a zoom out always finds something to scale).
 * The view's own tiles are left out, and the list stops where the view and it together would
 * fill `maxTiles`, so painting ahead never pushes the view out of the cache.
 */
export function tilesAhead(
  view: Rect,
  level: number,
  pixelRatio: number,
  overviewLevel: number,
  maxTiles: number,
): TileCoord[] {
  const inView = new Set(tilesInView(view, level, pixelRatio).map(tileKey));
  const ring = tilesByDistance(grow(view, view.width / 2, view.height / 2), level, pixelRatio);
  const wall = { x: 0, y: 0, width: WALL_SIZE, height: WALL_SIZE };
  const overview = overviewLevel < level ? tilesCovering(wall, overviewLevel, pixelRatio) : [];
  return [...ring.filter((c) => !inView.has(tileKey(c))), ...overview].slice(
    0,
    Math.max(0, maxTiles - inView.size),
  );
}
