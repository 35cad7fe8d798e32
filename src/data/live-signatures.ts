/**
 * Keeps the cached wall up to date while it is open: signatures saved by others appear within
 * a second, without reloading the wall. Realtime pushes them (wall-changes.ts, on our server and
 * on hosted Supabase); while it does not (no socket, refused, dropped) the client polls quietly
 * for what is new.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { idsOnWall, newestCreatedAt, pollStartMs } from '../domain/merge.ts';
import type { Signature } from '../domain/signature.ts';
import { signatureKeys } from './query-keys.ts';
import { fetchSignaturesSince } from './signatures.ts';
import { useRefetchWhen, useWallChangesPushed, wallChangesOf } from './wall-changes.ts';
import { wallStoreOf } from './wall-store.ts';

/** How often to ask for new signatures when nothing pushes them. */
export const POLL_INTERVAL_MS = 3000;
/** The longest an insert may take from its transaction's start to its commit (see pollStartMs). */
export const LATE_COMMIT_MS = 15_000;

/**
 * Where each poll starts (the one place that decides it, see pollStartMs): remembers when the
 * wall's newest signature was first seen.
 */
function createPollCursor() {
  let newest: string | null = null;
  let seenAt = 0;
  return (wall: readonly Signature[]): string | null => {
    const latest = newestCreatedAt(wall);
    if (latest !== newest) {
      newest = latest;
      seenAt = Date.now();
    }
    if (latest === null) return null;
    const start = pollStartMs(Date.parse(latest), Date.now() - seenAt, LATE_COMMIT_MS);
    return new Date(start).toISOString();
  };
}

/**
 * While the board is open, merges signatures saved elsewhere into the cached wall once it is
 * complete (`wallComplete`; before that the load itself brings them). React Query schedules the
 * polls: every POLL_INTERVAL_MS while nothing pushes changes (none while Realtime does), none while
 * the tab is hidden (refetchIntervalInBackground is off), and one at once when a tab hidden for
 * longer than an interval is shown again (refetchOnWindowFocus, the poll being stale by then).
 * A failed poll is quiet: the wall already shown stays, and the next interval tries again. After a
 * lost race the save refetches this same query (useCreateSignature), so there is one catch-up.
 */
export function useLiveSignatures(wallComplete: boolean): void {
  const queryClient = useQueryClient();
  const pushed = useWallChangesPushed();
  const [pollCursor] = useState(createPollCursor);
  const complete = useRef(wallComplete);
  useEffect(() => {
    complete.current = wallComplete;
  }, [wallComplete]);

  useQuery({
    queryKey: signatureKeys.live(),
    queryFn: async () => {
      const wall = queryClient.getQueryData(signatureKeys.wall());
      // Nothing to catch up on before the wall is in: its load reads everything anyway.
      if (!wall || !complete.current) return null;
      const store = wallStoreOf(queryClient);
      // The wall as it is when the window's ids are in: what arrived meanwhile is not read again.
      const fresh = await fetchSignaturesSince(pollCursor(wall), undefined, () =>
        idsOnWall(store.state.signatures),
      );
      store.dispatch({ type: 'arrived', signatures: fresh });
      return Date.now();
    },
    // Idle boards cost nothing while changes are pushed: no polling at all.
    refetchInterval: pushed ? false : POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: POLL_INTERVAL_MS,
    // Fresh from the start: the wall is being read right now, so no poll when the board opens.
    initialData: null,
    initialDataUpdatedAt: Date.now,
    retry: false,
    // Nothing here renders from the poll's own state: without this, React Query would re-render
    // the board on every poll (an observer that reads nothing is notified of every change).
    notifyOnChangeProps: [],
  });

  // Started with the wall's load already (wall-route.tsx); here for a board opened otherwise.
  useEffect(() => wallChangesOf(queryClient).start(), [queryClient]);
  // Once changes are pushed and the wall is in, one poll catches what was saved between the
  // wall's read and the channel's join (or while the socket was down); then none.
  useRefetchWhen(signatureKeys.live(), pushed && wallComplete);
}
