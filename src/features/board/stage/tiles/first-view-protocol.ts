/** The messages between the board's page and its first-view painter (first-view-worker.ts). */
import type { Rect } from '../../../../domain/geometry.ts';
import type { PackedSignatures } from '../../../../domain/packed-signatures.ts';

/** A tile to paint: its key, the part of the wall it shows, and its device pixels per wall pixel. */
export interface TileToPaint {
  readonly key: string;
  readonly rect: Rect;
  readonly scale: number;
}

/** Page → worker: these signatures (in wall order), into these tiles (in this order). */
export interface PaintFirstView {
  readonly signatures: PackedSignatures;
  readonly tiles: readonly TileToPaint[];
}

/** Worker → page: one tile painted (none is sent for a tile with nothing in it), or the end. */
export type FirstViewAnswer =
  | {
      readonly type: 'tile';
      readonly key: string;
      readonly scale: number;
      /** The signatures painted, in the order painted. */
      readonly ids: readonly number[];
      readonly bitmap: ImageBitmap;
    }
  | { readonly type: 'done' };
