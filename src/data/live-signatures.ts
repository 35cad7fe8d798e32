/**
 * Keeps the cached wall up to date while it is open: signatures saved by others appear within
 * seconds, without reloading the wall. Hosted Supabase pushes inserts over Realtime; where that is
 * not available (our local server has none) the client polls quietly for what is new.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { newestCreatedAt, pollStartMs } from '../domain/merge.ts';
import { signatureFromRow, type Signature, type SignatureRow } from '../domain/signature.ts';
import { dataApiConfig, supabaseClient } from './client.ts';
import { signatureKeys } from './query-keys.ts';
import { addToCachedWall, fetchSignaturesSince } from './signatures.ts';

/** How often to ask for new signatures when nothing pushes them. */
export const POLL_INTERVAL_MS = 3000;
/** While Realtime works, a slow poll still catches anything a dropped socket missed. */
const SAFETY_POLL_INTERVAL_MS = 30_000;
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

/** Realtime only where the data API is a Supabase project of its own, never on our local server. */
function realtimeWanted(): boolean {
  return (
    dataApiConfig.ok &&
    new URL(dataApiConfig.config.url).origin !== globalThis.location?.origin &&
    typeof WebSocket !== 'undefined'
  );
}

/**
 * While the board is open, merges signatures saved elsewhere into the cached wall once it is
 * complete (`wallComplete`; before that the load itself brings them). React Query schedules the
 * polls: every POLL_INTERVAL_MS (every SAFETY_POLL_INTERVAL_MS while Realtime works), none while
 * the tab is hidden (refetchIntervalInBackground is off), and one at once when a tab hidden for
 * longer than an interval is shown again (refetchOnWindowFocus, the poll being stale by then).
 * A failed poll is quiet: the wall already shown stays, and the next interval tries again. After a
 * lost race the save refetches this same query (useCreateSignature), so there is one catch-up.
 */
export function useLiveSignatures(wallComplete: boolean): void {
  const queryClient = useQueryClient();
  const [realtimeHealthy, setRealtimeHealthy] = useState(false);
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
      addToCachedWall(queryClient, await fetchSignaturesSince(pollCursor(wall)));
      return Date.now();
    },
    refetchInterval: realtimeHealthy ? SAFETY_POLL_INTERVAL_MS : POLL_INTERVAL_MS,
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

  useEffect(() => {
    if (!realtimeWanted()) return undefined;
    let stopped = false;
    let stopRealtime = () => {};
    void supabaseClient().then((client) => {
      if (stopped) return;
      const channel = client
        .channel('signatures-inserts')
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'signatures' },
          (payload) => {
            const signature = signatureFromRow(payload.new as SignatureRow);
            if (signature) addToCachedWall(queryClient, [signature]);
          },
        )
        .subscribe((status) => {
          setRealtimeHealthy(status === 'SUBSCRIBED');
          // Without this, a failed socket retries forever; polling takes over instead.
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') client.realtime.disconnect();
        });
      stopRealtime = () => {
        void client.removeChannel(channel);
        client.realtime.disconnect();
      };
    });

    return () => {
      stopped = true;
      stopRealtime();
    };
  }, [queryClient]);
}
