/**
 * The signatures a tile renderer paints, found by place, and what changed between two walls of
 * them: only the tiles a joining, leaving, dimmed or undimmed signature touches are painted again.
 */
import type { Rect } from '../../../../domain/geometry.ts';
import { grownFrom, joinedSince } from '../../../../domain/merge.ts';
import { createOutlineIndex, type OutlineIndex } from '../../../../domain/outline-index.ts';
import type { Signature } from '../../../../domain/signature.ts';
import { paintedExtent } from '../../../../domain/caption-layout.ts';

export const NO_IDS: ReadonlySet<number> = new Set();

export interface Painted {
  readonly id: number;
  /** The painted extent (outline and caption), which is what the index finds. */
  readonly outline: Rect;
  readonly signature: Signature;
  /** Painted dimmed (setSignatures' `dimmed`). */
  readonly dimmed: boolean;
}

export interface PaintedChange {
  /** The new list, by id and in wall order. */
  readonly byId: Map<number, Painted>;
  readonly list: Painted[];
  readonly added: Painted[];
  readonly removed: Painted[];
  /** Kept, but dimmed or undimmed. */
  readonly restyled: Painted[];
}

/** What the renderer keeps of a signature it paints. */
export function paintedOf(signature: Signature, dimmed: boolean): Painted {
  return { id: signature.id, outline: paintedExtent(signature.outline), signature, dimmed };
}

/** `signatures` (with the ids in `dimmed` dimmed) against what `before` painted. */
export function changeOfPainted(
  before: ReadonlyMap<number, Painted>,
  signatures: readonly Signature[],
  dimmed: ReadonlySet<number>,
): PaintedChange {
  const byId = new Map<number, Painted>();
  const list: Painted[] = [];
  const added: Painted[] = [];
  const restyled: Painted[] = [];
  for (const signature of signatures) {
    const known = before.get(signature.id);
    const isDimmed = dimmed.has(signature.id);
    let item = known ?? paintedOf(signature, isDimmed);
    if (!known) added.push(item);
    else if (known.dimmed !== isDimmed) {
      item = { ...known, dimmed: isDimmed };
      restyled.push(item);
    }
    byId.set(item.id, item);
    list.push(item);
  }
  const removed = [...before.values()].filter((p) => !byId.has(p.id));
  return { byId, list, added, removed, restyled };
}

/** What a new wall changed of what is painted. */
export interface PaintedUpdate {
  /** Joined: painted on top of the tiles they meet. */
  readonly added: Painted[];
  /** Left, dimmed or undimmed: the tiles they meet are painted again. */
  readonly changed: Painted[];
}

/** The wall a tile renderer paints, indexed by painted extent. */
export class PaintedWall {
  #byId = new Map<number, Painted>();
  /** The wall last set (what grownFrom compares the next one with). */
  #wall: readonly Signature[] = [];
  #index: OutlineIndex<Painted> = createOutlineIndex<Painted>([]);
  #dimmed: ReadonlySet<number> = NO_IDS;

  get dimmed(): ReadonlySet<number> {
    return this.#dimmed;
  }

  get size(): number {
    return this.#byId.size;
  }

  /**
   * The wall now, and the ids painted dimmed. A wall that only grew (a load's pages, arrivals)
   * with the same dimming costs O(what joined); anything else is compared whole.
   */
  set(signatures: readonly Signature[], dimmed: ReadonlySet<number>): PaintedUpdate {
    const sameDimming = dimmed === this.#dimmed || (dimmed.size === 0 && this.#dimmed.size === 0);
    const joined = sameDimming
      ? (grownFrom(this.#wall, signatures) ?? joinedSince(this.#byId, signatures))
      : null;
    this.#dimmed = dimmed;
    this.#wall = signatures;
    if (joined) {
      const added = joined.map((signature) => paintedOf(signature, dimmed.has(signature.id)));
      for (const item of added) this.#byId.set(item.id, item);
      this.#index = this.#index.extend(added);
      return { added, changed: [] };
    }
    const change = changeOfPainted(this.#byId, signatures, dimmed);
    this.#byId = change.byId;
    this.#index = createOutlineIndex(change.list);
    return { added: change.added, changed: [...change.removed, ...change.restyled] };
  }

  /** The signatures whose painted extent meets `rect`, in wall order. */
  signaturesIn(rect: Rect): Signature[] {
    return this.#index.itemsInRect(rect).map((p) => p.signature);
  }

  /** How many signatures meet `rect`. */
  countIn(rect: Rect): number {
    return this.#index.itemsInRect(rect).length;
  }
}
