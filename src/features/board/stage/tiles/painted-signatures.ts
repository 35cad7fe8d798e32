/**
 * The signatures a tile renderer paints, and what changed between two lists of them: only the
 * tiles a joining, leaving, dimmed or undimmed signature touches are painted again.
 */
import type { Rect } from '../../../../domain/geometry.ts';
import type { Signature } from '../../../../domain/signature.ts';
import { paintedExtent } from '../../../../domain/caption-layout.ts';

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
