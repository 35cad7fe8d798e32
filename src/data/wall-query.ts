/**
 * The wall's query (its options and the prefetch), kept apart from the rest of the data layer so
 * the welcome card can start the load without pulling the board's data code into the first
 * screen's JavaScript.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Rect } from '../domain/geometry.ts';
import type { Signature } from '../domain/signature.ts';
import { signatureKeys } from './query-keys.ts';
import { dataApi } from './client.ts';
import { wallChangesOf, type WallChanges } from './wall-changes.ts';
import { readRestHere, streamWall, type RestReader } from './wall-load.ts';
import { restInWorker } from './wall-worker-client.ts';
import { wallStoreOf } from './wall-store.ts';

/**
 * The cached wall. Its query streams (src/data/wall-load.ts): the signatures meeting
 * `initialView` arrive first, then the rest page by page, each page merged into the cache as it
 * comes, so the query has data (status 'success') while it is still fetching; the wall is whole
 * once the fetch has ended (see wallComplete). Without a view the wall is read in plain pages.
 * Only the first reader's view counts: the key is the wall's, whoever asks.
 */
export function signaturesQueryOptions(
  initialView: Rect | null = null,
  restAfter: Promise<unknown> | null = null,
) {
  return queryOptions({
    queryKey: signatureKeys.wall(),
    // Each page goes to the wall store (src/data/wall-store.ts), which writes this query's data as
    // pages arrive: the query has data (status 'success') while it is still fetching, and the wall
    // is whole once the fetch has ended. A retry after a failure keeps what already arrived.
    queryFn: async (context): Promise<readonly Signature[]> => {
      const store = wallStoreOf(context.client);
      const api = dataApi();
      store.dispatch({ type: 'loadStarted' });
      try {
        // The view's rows are read here; the rest of the wall in a worker (wall-worker-client.ts).
        const pages = streamWall(
          context.client,
          initialView,
          restAfter,
          api,
          toldWhenRead(wallChangesOf(context.client), restInWorker(readRestHere(api))),
        );
        for await (const page of pages) store.loaded(page);
      } finally {
        store.dispatch({ type: 'loadEnded' });
      }
      return store.state.signatures;
    },
    // The wall is loaded once per visit; new signatures are added to the cache as they are saved.
    staleTime: Infinity,
    // The store keeps every signature's object, and the array when nothing is new. Sharing
    // structure would compare the whole wall point by point on every page (over a second of main
    // thread at 10,000 signatures on a 4×-slowed phone), and build strokes not yet needed.
    structuralSharing: false,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 500,
  });
}

/** `reader`, telling `changes` when the rest of the wall begins to be read (see restReadWatched). */
function toldWhenRead(changes: WallChanges, reader: RestReader): RestReader {
  return {
    read(rest) {
      changes.restReadBegins();
      return reader.read(rest);
    },
    close: () => reader.close?.(),
  };
}

/**
 * How long the rest of the wall may wait for the Realtime channel to join: it joins about when the
 * board's code is in (which the rest waits for anyway), and read under the join, the rest needs no
 * check for removals it missed afterwards (removed-signatures.ts).
 */
export const JOIN_WAIT_MS = 300;

/**
 * Starts loading the wall (viewport first, given a view) if it is not loaded or loading yet. The rest of the
 * wall waits for `restAfter` (the board's code): on a slow network it would otherwise take the
 * bandwidth the board needs to show the first screen.
 */
export function prefetchWall(
  queryClient: QueryClient,
  initialView: Rect | null,
  restAfter: Promise<unknown> | null = null,
): void {
  void queryClient.prefetchQuery(signaturesQueryOptions(initialView, restAfter));
}

/**
 * Opens the wall for a board: subscribed to its changes before its first read (nothing saved or
 * removed while it is read is missed), then loading it as prefetchWall does, the rest of the wall
 * once the channel has joined too (or JOIN_WAIT_MS has passed).
 */
export function openLiveWall(
  queryClient: QueryClient,
  initialView: Rect | null,
  restAfter: Promise<unknown> | null = null,
): void {
  const changes = wallChangesOf(queryClient);
  changes.start();
  const joined = changes.settledWithin(JOIN_WAIT_MS);
  prefetchWall(queryClient, initialView, restAfter ? Promise.all([restAfter, joined]) : joined);
}
