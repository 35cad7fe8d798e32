/**
 * The wall's changes pushed over Supabase Realtime, on our server and on hosted Supabase
 * alike: `postgres_changes` on the signatures table (a save or an unhide arrives as the row, a
 * delete or a hide as its id), and on hosted Supabase the hides its trigger broadcasts on the
 * public topic `signwall:changes` (Realtime does not tell anon of a row row-level security now
 * hides).
 *
 * The subscription starts with the wall's load, before its first read (r/place's order: subscribe,
 * fetch, replay): what arrives while the wall is read is applied as it comes and once more when the
 * load has ended, so a row the read saw before its removal does not come back. While the channel is
 * joined the board does not poll at all (live-signatures.ts, removed-signatures.ts); when it is not
 * (no socket, refused, dropped) the board polls as before, and says nothing.
 *
 * realtime-js alone, not supabase-js: the same client and channel API supabase-js hands out
 * (`supabase.channel()` is realtime-js's), without auth and storage's ~35 KB (gzip).
 */
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import { useEffect, useSyncExternalStore } from 'react';
import { signatureFromRow, type SignatureRow } from '../domain/signature.ts';
import { dataApiConfig } from './client.ts';
import { wallStoreOf, type WallStore } from './wall-store.ts';

/** The topic hosted Supabase's hide trigger broadcasts on (supabase/migrations/…_realtime_changes.sql). */
export const HIDES_TOPIC = 'signwall:changes';

/**
 * The wall's Realtime connection, one per query client (made with it: app/providers.tsx): started
 * once, with the wall's load, it hands what arrives to the wall store and says whether changes are
 * being pushed (the polls stop while they are).
 */
export class WallChanges {
  #joined = false;
  /** The rest of the wall began to be read while joined, and the channel has not dropped since. */
  #restReadJoined = false;
  #started = false;
  #settle: () => void = () => undefined;
  /** Settles when the channel first answers (joined or not), or when it cannot start. */
  readonly #settled = new Promise<void>((resolve) => (this.#settle = resolve));
  readonly #listeners = new Set<() => void>();
  readonly #store: WallStore;

  constructor(store: WallStore) {
    this.#store = store;
  }

  /** True while the wall's channel is joined: changes are pushed, nothing needs polling. */
  readonly pushed = (): boolean => this.#joined;

  /**
   * Resolves once the channel has joined or failed to (or cannot start), or after `ms`, whichever
   * comes first: what the rest of the wall's read waits for, so it is read under the join.
   */
  settledWithin(ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    return Promise.race([this.#settled, waited]).finally(() => clearTimeout(timer));
  }

  /** The rest of the wall (all but the first screen) begins to be read now. */
  restReadBegins(): void {
    this.#restReadJoined = this.#joined;
  }

  /**
   * True while the channel has stayed joined since the rest of the wall began to be read: every
   * removal since then was pushed, so only what was read before (the first screen) can have
   * missed one.
   */
  readonly restReadWatched = (): boolean => this.#restReadJoined;

  /** Calls `listener` when pushing starts or stops; returns the unsubscribe. */
  readonly onPushedChange = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #setJoined(next: boolean): void {
    if (this.#joined === next) return;
    this.#joined = next;
    // A drop: removals may go unseen until the rejoin, whose check reads every id.
    if (!next) this.#restReadJoined = false;
    for (const listener of this.#listeners) listener();
  }

  /**
   * Subscribes to the wall's changes for the rest of the visit, once (later calls do nothing);
   * nothing where the browser has no WebSocket or the app no data API.
   */
  start(): void {
    if (this.#started) return;
    if (typeof WebSocket === 'undefined' || !dataApiConfig.ok) {
      this.#settle();
      return;
    }
    this.#started = true;
    const { url, key } = dataApiConfig.config;
    const store = this.#store;
    const visible = (row: SignatureRow) => {
      const signature = signatureFromRow(row);
      if (signature) store.dispatch({ type: 'arrived', signatures: [signature] });
    };
    const removed = (id: number) => {
      if (Number.isSafeInteger(id)) store.dispatch({ type: 'removed', ids: new Set([id]) });
    };
    void import('@supabase/realtime-js')
      .then(({ RealtimeClient }) => {
        const client = new RealtimeClient(realtimeEndpoint(url), { params: { apikey: key } });
        client
          .channel('signwall-wall')
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'signatures' },
            (payload: RealtimePostgresChangesPayload<SignatureRow>) => {
              if (payload.eventType === 'DELETE') {
                removed(Number((payload.old as Partial<SignatureRow>).id));
              } else if ((payload.new as { hidden?: boolean }).hidden !== true) {
                // INSERT, or (hosted Supabase) an UPDATE anon may see: an unhide.
                visible(payload.new);
              }
            },
          )
          .subscribe((status) => {
            this.#setJoined(status === 'SUBSCRIBED');
            this.#settle();
          });
        // Hosted Supabase only (our server sends hides as DELETEs, and nothing on this topic).
        client
          .channel(HIDES_TOPIC)
          .on('broadcast', { event: 'hide' }, ({ payload }) =>
            removed(Number((payload as { id?: unknown }).id)),
          )
          .subscribe();
      })
      .catch((error: unknown) => {
        // No push, then: the board polls as it always did.
        this.#settle();
        console.warn('Live updates fall back to polling:', error);
      });
  }
}

const connections = new WeakMap<QueryClient, WallChanges>();

/** The Realtime connection of `queryClient`'s wall: one per client (see WallChanges). */
export function wallChangesOf(queryClient: QueryClient): WallChanges {
  let changes = connections.get(queryClient);
  if (!changes) {
    changes = new WallChanges(wallStoreOf(queryClient));
    connections.set(queryClient, changes);
  }
  return changes;
}

/** Whether the wall's changes are pushed now (see WallChanges.pushed), as React state. */
export function useWallChangesPushed(): boolean {
  const changes = wallChangesOf(useQueryClient());
  return useSyncExternalStore(changes.onPushedChange, changes.pushed, () => false);
}

/**
 * One refetch of `queryKey` each time `due` turns true: a poll's catch-up once changes are pushed
 * and the wall is in, on what changed between the wall's read and the channel's join, or while
 * the socket was down. Call it after the query's own useQuery: effects run in the order they are
 * declared, and until useQuery's has subscribed, React Query counts a query never fetched (only
 * its initialData) as disabled and refetches nothing.
 */
export function useRefetchWhen(queryKey: QueryKey, due: boolean): void {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  useEffect(() => {
    if (due) void queryClient.refetchQueries({ queryKey, exact: true });
    // The key's hash stands for the key: a caller's new array of the same key is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [due, queryClient, hash]);
}

/** `<project URL>/realtime/v1` as a WebSocket address, as supabase-js derives it. */
function realtimeEndpoint(projectUrl: string): string {
  const url = new URL('realtime/v1', projectUrl.endsWith('/') ? projectUrl : `${projectUrl}/`);
  url.protocol = url.protocol.replace(/^http/, 'ws');
  return url.href;
}
