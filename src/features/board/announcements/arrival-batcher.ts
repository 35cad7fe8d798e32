/**
 * Signatures that arrive while the board is open (pushed over Realtime or found by a poll) are
 * told in batches: the first arrival waits ARRIVAL_BATCH_MS for the others that come with it, and
 * two tellings are at least ARRIVAL_GAP_MS apart, so a busy wall says '5 new signatures' now and
 * then instead of a stream. The wall as it is when first complete is known, not new; this
 * browser's own saves are never told ('Signature saved!' says those).
 */

/** How long the first arrival of a batch waits for the ones that come with it. */
export const ARRIVAL_BATCH_MS = 2000;
/** The least time between two tellings. */
export const ARRIVAL_GAP_MS = 8000;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  now(): number;
}

export interface ArrivalBatcher {
  /**
   * The wall's ids now, in any order: the first call, every id of the wall as it was (read only
   * when the next call comes); after that, at least those that joined since the last call.
   */
  wallIs(ids: Iterable<number>): void;
  /** A signature this browser saved: never told. */
  ownSave(id: number): void;
  stop(): void;
}

export function createArrivalBatcher(
  tell: (count: number) => void,
  timers: Timers,
): ArrivalBatcher {
  // The first wall, kept as given until an arrival needs it: a heavy wall's hundred thousand ids
  // are not gathered into a set at the end of its load, only when something arrives later.
  let first: Iterable<number> | null = null;
  let known: Set<number> | null = null;
  const own = new Set<number>();
  let waiting: number[] = [];
  let timer: unknown = null;
  let lastTold = -Infinity;

  const flush = () => {
    timer = null;
    const count = waiting.filter((id) => !own.has(id)).length;
    waiting = [];
    if (count === 0) return;
    lastTold = timers.now();
    tell(count);
  };

  return {
    wallIs(ids) {
      if (first === null && known === null) {
        first = ids;
        return;
      }
      if (known === null) {
        known = new Set(first);
        first = null;
      }
      for (const id of ids) {
        if (known.has(id)) continue;
        known.add(id);
        waiting.push(id);
      }
      if (waiting.length === 0 || timer !== null) return;
      const now = timers.now();
      const at = Math.max(now + ARRIVAL_BATCH_MS, lastTold + ARRIVAL_GAP_MS);
      timer = timers.setTimeout(flush, at - now);
    },
    ownSave(id) {
      own.add(id);
    },
    stop() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
