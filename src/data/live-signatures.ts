/**
 * Keeps the cached wall up to date while it is open: signatures saved by others appear within
 * seconds, without reloading the wall. Hosted Supabase pushes inserts over Realtime; where that is
 * not available (our local server has none) the client polls quietly for what is new.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newestCreatedAt, pollStartMs } from '../domain/merge.ts';
import { signatureFromRow, type Signature, type SignatureRow } from '../domain/signature.ts';
import { dataApiConfig, supabaseClient } from './client.ts';
import {
  addToCachedWall,
  fetchSignatures,
  LATE_COMMIT_MS,
  signaturesQueryOptions,
} from './signatures.ts';

/** How often to ask for new signatures when nothing pushes them. */
export const POLL_INTERVAL_MS = 3000;
/** While Realtime works, a slow poll still catches anything a dropped socket missed. */
const SAFETY_POLL_INTERVAL_MS = 30_000;
/** Remembers when the wall's newest signature was first seen, to place each poll's start. */
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

/** While `enabled`, merges signatures saved elsewhere into the cached wall. */
export function useLiveSignatures(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const { queryKey } = signaturesQueryOptions();
    let realtimeHealthy = false;
    let inFlight = false;
    let lastPoll = Date.now();
    const pollCursor = createPollCursor();

    const poll = async () => {
      const wall = queryClient.getQueryData(queryKey);
      // Nothing to catch up on before the first load; hidden tabs make no requests.
      if (inFlight || !wall || document.visibilityState === 'hidden') return;
      inFlight = true;
      lastPoll = Date.now();
      try {
        addToCachedWall(queryClient, await fetchSignatures(pollCursor(wall)));
      } catch {
        // Quiet by design: the next tick tries again, and the wall already shown stays.
      } finally {
        inFlight = false;
      }
    };
    const tick = () => {
      const every = realtimeHealthy ? SAFETY_POLL_INTERVAL_MS : POLL_INTERVAL_MS;
      if (Date.now() - lastPoll >= every - 50) void poll();
    };
    const timer = setInterval(tick, POLL_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    document.addEventListener('visibilitychange', onVisibility);

    let stopped = false;
    let stopRealtime = () => {};
    if (realtimeWanted()) {
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
            realtimeHealthy = status === 'SUBSCRIBED';
            // Without this, a failed socket retries forever; polling takes over instead.
            if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') client.realtime.disconnect();
          });
        stopRealtime = () => {
          void client.removeChannel(channel);
          client.realtime.disconnect();
        };
      });
    }

    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      stopRealtime();
    };
  }, [enabled, queryClient]);
}
