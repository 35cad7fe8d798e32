/**
 * What the board's tiles show, for tests and DevTools (the tile Shape's `tileState` attribute):
 * reading it never paints or reorders anything.
 */
import { defaultCaption } from '../../../../domain/presentation.ts';
import { rectsMeet, type Rect } from '../../../../domain/geometry.ts';
import type { Signature } from '../../../../domain/signature.ts';
import { paintedExtent } from '../../../../domain/caption-layout.ts';
import type { Tile } from './tile.ts';

export interface TileState {
  /** Every tile in view was painted with the current signatures in the last frame on screen. */
  viewDrawn: boolean;
  /** The part of the wall the last frame on screen showed (null before the first). */
  view: Rect | null;
  /** Ids of the signatures painted in the tiles of the last frame on screen that meet the view. */
  idsInView: number[];
  /** The captions painted for those signatures (their own text, or `#<id>`). */
  captionsInView: string[];
  /** Tiles cached, and the bytes the cache counts for them. */
  tiles: number;
  bytes: number;
  /** Tiles that started from a paint made before the board opened (first-view.ts). */
  prepainted: number;
}

/** `inView`: the tiles of the last frame on screen; `view`: the wall it showed. */
export function tileStateOf(
  inView: readonly Tile[],
  view: Rect | null,
  viewDrawn: boolean,
  cache: { readonly size: number; readonly calculatedSize: number },
  prepainted = 0,
): TileState {
  const seen = new Map<number, Signature>();
  if (view) {
    for (const tile of inView) {
      for (const s of tile.shownItems)
        if (rectsMeet(paintedExtent(s.outline), view)) seen.set(s.id, s);
    }
  }
  const shown = [...seen.values()];
  return {
    viewDrawn,
    view,
    idsInView: shown.map((s) => s.id),
    captionsInView: shown.map((s) => s.caption ?? defaultCaption(s.id)),
    tiles: cache.size,
    bytes: cache.calculatedSize,
    prepainted,
  };
}
