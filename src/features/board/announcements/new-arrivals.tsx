/**
 * The board's polite live region for signatures that arrive while it is open (arrival-batcher.ts
 * batches them): visually hidden, since the wall shows them anyway. Each telling is a new node, so
 * '1 new signature' twice in a row is said twice; it is taken away after a while.
 */
import { useEffect, useRef, useState } from 'react';
import { grownFrom } from '../../../domain/merge.ts';
import type { Signature } from '../../../domain/signature.ts';
import { createArrivalBatcher, type ArrivalBatcher } from './arrival-batcher.ts';
import { useWords } from '../../../ui/i18n/words.ts';

/** How long a telling stays in the region. */
const TOLD_MS = 10_000;

interface Telling {
  readonly seq: number;
  /** How many signatures arrived together. */
  readonly count: number;
}

export interface NewArrivals {
  readonly telling: Telling | null;
  /** This browser saved the signature `id`: not an arrival. */
  readonly ownSave: (id: number) => void;
}

/** The ids of `wall`, read only when iterated. */
function* idsOf(wall: readonly Signature[]): Iterable<number> {
  for (const s of wall) yield s.id;
}

/** Watches the wall once it is complete, and tells what arrives after (batched). */
export function useNewArrivals(signatures: readonly Signature[], complete: boolean): NewArrivals {
  const [telling, setTelling] = useState<Telling | null>(null);
  const [batcher] = useState<ArrivalBatcher>(() =>
    createArrivalBatcher((count) => setTelling((t) => ({ seq: (t?.seq ?? 0) + 1, count })), {
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (timer) => window.clearTimeout(timer as number),
      now: () => performance.now(),
    }),
  );
  useEffect(() => () => batcher.stop(), [batcher]);
  // The wall last told to the batcher: when the wall only grew since, only what joined is told.
  const told = useRef<readonly Signature[] | null>(null);
  useEffect(() => {
    if (!complete) return;
    const joined = told.current ? grownFrom(told.current, signatures) : null;
    told.current = signatures;
    batcher.wallIs(joined ? joined.map((s) => s.id) : idsOf(signatures));
  }, [batcher, complete, signatures]);
  useEffect(() => {
    if (telling === null) return undefined;
    const timer = setTimeout(() => setTelling(null), TOLD_MS);
    return () => clearTimeout(timer);
  }, [telling]);
  return { telling, ownSave: batcher.ownSave };
}

export function NewArrivalsRegion({ telling }: { telling: Telling | null }) {
  const words = useWords();
  return (
    <div className="visually-hidden" role="status" data-testid="new-arrivals">
      {telling && (
        <span key={telling.seq}>{words('announce.newSignatures', { count: telling.count })}</span>
      )}
    </div>
  );
}
