/**
 * The saved signatures' outlines as the board hit-tests them (drawing, taps), kept as the wall
 * changes: a wall that only grew (pages of a load, arrivals) adds what joined to the index it has,
 * in O(joined); a removal builds it again. A heavy wall's load then costs its pages, not its pages
 * times the wall.
 */
import { useMemo, useRef } from 'react';
import { grownFrom, joinedSince } from '../../domain/merge.ts';
import { createOutlineIndex, type OutlineIndex } from '../../domain/outline-index.ts';
import type { Signature } from '../../domain/signature.ts';

export function useOutlines(signatures: readonly Signature[]): OutlineIndex<Signature> {
  const kept = useRef<{
    index: OutlineIndex<Signature>;
    ids: Set<number>;
    wall: readonly Signature[];
  } | null>(null);
  return useMemo(() => {
    const last = kept.current;
    const joined = last
      ? (grownFrom(last.wall, signatures) ?? joinedSince(last.ids, signatures))
      : null;
    if (last && joined) {
      for (const s of joined) last.ids.add(s.id);
      kept.current = { index: last.index.extend(joined), ids: last.ids, wall: signatures };
    } else {
      kept.current = {
        index: createOutlineIndex(signatures),
        ids: new Set(signatures.map((s) => s.id)),
        wall: signatures,
      };
    }
    return kept.current.index;
  }, [signatures]);
}
