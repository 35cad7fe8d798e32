/**
 * The cached wall's one writer. Every change to the wall the board shows is an event here: a page
 * of the load, the load's end, a signature saved, pushed or polled, a removal pushed or made, the
 * answer of the check of visible ids. `reduceWall` decides what each does (pure, tested without
 * React or a network); the store applies it and writes the React Query cache
 * (`signatureKeys.wall()`), which the board reads. Nothing else writes that cache.
 *
 * The order of things, which every writer used to guard on its own: a removal that arrives while
 * the wall is being read is applied at once and again when the load ends, since a page read before
 * the removal may arrive after it; a signature pushed again (an unhide) lifts that. A heavy wall
 * arrives in many pages: the load's pages are merged into the cache in batches that grow with the
 * wall (at once for the first, then when as many are waiting as the wall holds, or when a page has
 * waited LOAD_BATCH_MS per 2,000 signatures already in), so the board takes a 100,000-signature
 * wall in a couple of dozen steps rather than a hundred.
 */
import type { QueryClient } from '@tanstack/react-query';
import { mergeSignatures, withoutRemoved } from '../domain/merge.ts';
import type { Signature } from '../domain/signature.ts';
import { signatureKeys } from './query-keys.ts';

export const NO_SIGNATURES: readonly Signature[] = [];

export type WallEvent =
  /** A load begins (the first, or a retry keeping what arrived). */
  | { readonly type: 'loadStarted' }
  /** Pages of the load. */
  | { readonly type: 'loaded'; readonly signatures: readonly Signature[] }
  /** The load is over, whole or failed. */
  | { readonly type: 'loadEnded' }
  /** Signatures saved here, pushed over Realtime or found by a poll. */
  | { readonly type: 'arrived'; readonly signatures: readonly Signature[] }
  /** Signatures pushed as gone (hidden, deleted, taken back), or taken back from here. */
  | { readonly type: 'removed'; readonly ids: ReadonlySet<number> }
  /**
   * The check of visible ids answered `visible` for the wall as it was when it began (`asked`):
   * what it asked about and did not find is gone.
   */
  | {
      readonly type: 'checked';
      readonly asked: ReadonlySet<number>;
      readonly visible: ReadonlySet<number>;
    };

export interface WallState {
  readonly signatures: readonly Signature[];
  readonly loading: boolean;
  /** Removed while a load runs: kept off the wall until it ends, whatever its pages hold. */
  readonly removedWhileLoading: ReadonlySet<number>;
}

export const EMPTY_WALL: WallState = {
  signatures: NO_SIGNATURES,
  loading: false,
  removedWhileLoading: new Set(),
};

const without = (wall: readonly Signature[], ids: ReadonlySet<number>) =>
  ids.size === 0 ? wall : withoutRemoved(wall, ids, new Set());

/** The wall after `event`. Returns `state` itself when nothing changes. */
export function reduceWall(state: WallState, event: WallEvent): WallState {
  switch (event.type) {
    case 'loadStarted':
      return state.loading ? state : { ...state, loading: true };
    case 'loaded': {
      const kept = state.removedWhileLoading;
      const fresh =
        kept.size === 0 ? event.signatures : event.signatures.filter((s) => !kept.has(s.id));
      const signatures = mergeSignatures(state.signatures, fresh);
      return signatures === state.signatures ? state : { ...state, signatures };
    }
    case 'loadEnded':
      return {
        signatures: without(state.signatures, state.removedWhileLoading),
        loading: false,
        removedWhileLoading: new Set(),
      };
    case 'arrived': {
      const signatures = mergeSignatures(state.signatures, event.signatures);
      let removedWhileLoading = state.removedWhileLoading;
      if (event.signatures.some((s) => removedWhileLoading.has(s.id))) {
        removedWhileLoading = new Set(removedWhileLoading);
        for (const s of event.signatures) (removedWhileLoading as Set<number>).delete(s.id);
      }
      if (signatures === state.signatures && removedWhileLoading === state.removedWhileLoading)
        return state;
      return { ...state, signatures, removedWhileLoading };
    }
    case 'removed': {
      const signatures = without(state.signatures, event.ids);
      const removedWhileLoading = state.loading
        ? new Set([...state.removedWhileLoading, ...event.ids])
        : state.removedWhileLoading;
      if (signatures === state.signatures && removedWhileLoading === state.removedWhileLoading)
        return state;
      return { ...state, signatures, removedWhileLoading };
    }
    case 'checked': {
      const signatures = withoutRemoved(state.signatures, event.asked, event.visible);
      return signatures === state.signatures ? state : { ...state, signatures };
    }
  }
}

/** How long a load's page may wait to join the cached wall, per 2,000 signatures already in. */
export const LOAD_BATCH_MS = 150;
const LOAD_BATCH_PER = 2000;

export class WallStore {
  #state: WallState = EMPTY_WALL;
  /** Load pages not merged yet, and when the last batch went in. */
  #waiting: Signature[] = [];
  #batchedAt = -Infinity;
  readonly #queryClient: QueryClient;
  readonly #now: () => number;

  constructor(queryClient: QueryClient, now: () => number = () => performance.now()) {
    this.#queryClient = queryClient;
    this.#now = now;
  }

  get state(): WallState {
    return this.#state;
  }

  /** Applies `event`, and writes the cached wall when it changed. */
  dispatch(event: WallEvent): void {
    // Pages waiting for their batch come first: every other event is newer than they are.
    if (event.type !== 'loaded') this.#mergeWaiting();
    const next = reduceWall(this.#state, event);
    if (next === this.#state) return;
    const changed = next.signatures !== this.#state.signatures;
    this.#state = next;
    if (changed) this.#queryClient.setQueryData(signatureKeys.wall(), next.signatures);
  }

  /** A page of the load: merged at once, or with the next batch (see the header). */
  loaded(signatures: readonly Signature[]): void {
    this.#waiting.push(...signatures);
    const size = this.#state.signatures.length;
    const due =
      this.#waiting.length >= size ||
      this.#now() - this.#batchedAt >= LOAD_BATCH_MS * Math.max(1, size / LOAD_BATCH_PER);
    if (due) this.#mergeWaiting();
  }

  #mergeWaiting(): void {
    if (this.#waiting.length === 0) return;
    const signatures = this.#waiting;
    this.#waiting = [];
    this.#batchedAt = this.#now();
    this.dispatch({ type: 'loaded', signatures });
  }
}

const stores = new WeakMap<QueryClient, WallStore>();

/** The wall store of `queryClient`: one per client, made with it (app/providers.tsx) or on first use. */
export function wallStoreOf(queryClient: QueryClient): WallStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new WallStore(queryClient);
    stores.set(queryClient, store);
  }
  return store;
}
