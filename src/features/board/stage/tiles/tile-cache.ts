/**
 * The tiles kept in memory: least recently drawn first out, within a byte budget. Every tile
 * counts a full canvas whether or not it holds one, so the budget bounds the worst case.
 */
import { LRUCache } from 'lru-cache';

/**
 * 48 MB of tile pixels: a phone's view and the ring painted around it at DPR 2 with room for the
 * level a zoom leaves, far under iOS Safari's total canvas memory (a few hundred MB, shared with
 * every other canvas of the page).
 */
export const TILE_BUDGET_BYTES = 48 * 1024 * 1024;

export interface TileCacheOptions<T> {
  budgetBytes: number;
  bytesOf: (tile: T) => number;
  /** Called for every tile that leaves (evicted, or the cache cleared): free its canvases. */
  release: (tile: T) => void;
}

export type TileCache<T extends object> = LRUCache<string, T>;

export function createTileCache<T extends object>({
  budgetBytes,
  bytesOf,
  release,
}: TileCacheOptions<T>): TileCache<T> {
  return new LRUCache<string, T>({
    maxSize: budgetBytes,
    sizeCalculation: bytesOf,
    dispose: (tile) => release(tile),
  });
}

/** How many tiles fit the budget. */
export function tilesInBudget(budgetBytes: number, tileBytes: number): number {
  return Math.floor(budgetBytes / tileBytes);
}
