/**
 * Keeps the cached wall free of signatures the owner has hidden or deleted while it is open.
 * While Realtime pushes the wall's changes (wall-changes.ts) removals arrive with them; otherwise
 * every REMOVAL_POLL_MS the board reads the ids of the visible rows (ids only: about 6 bytes a
 * signature) and drops from the cache each signature whose id is gone. A dropped signature leaves
 * the board and its hit test at once, so its spot can be drawn on.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dataApi, type DataApi } from './client.ts';
import { pagesById, type KeysetRead } from './pager.ts';
import { signatureKeys } from './query-keys.ts';
import { useRefetchWhen, useWallChangesPushed } from './wall-changes.ts';
import { wallStoreOf } from './wall-store.ts';

/** A hidden signature leaves open boards within this (plus one read), well inside 30 s. */
export const REMOVAL_POLL_MS = 15_000;

/** The ids alone: `select=id`, which also tells this read apart from the wall's. */
const VISIBLE_IDS: KeysetRead<{ id: number }> = {
  columns: 'id',
  failure: 'Checking for removed signatures failed',
};

/**
 * The ids of every row visitors can read, paged by id (src/data/pager.ts): rows hidden while the
 * pages are read cannot shift a visible row out of the answer.
 */
export async function fetchVisibleSignatureIds(api: DataApi = dataApi()): Promise<Set<number>> {
  const ids = new Set<number>();
  for await (const rows of pagesById(api, VISIBLE_IDS)) for (const row of rows) ids.add(row.id);
  return ids;
}

/** Reads the visible ids and drops from the cached wall what they lack; answers how many are visible. */
async function dropRemovedSignatures(queryClient: QueryClient): Promise<number> {
  const queryKey = signatureKeys.wall();
  // What the wall holds before the read starts: only these can be judged by its answer.
  const asked = new Set((queryClient.getQueryData(queryKey) ?? []).map((s) => s.id));
  const visible = await fetchVisibleSignatureIds();
  wallStoreOf(queryClient).dispatch({ type: 'checked', asked, visible });
  return visible.size;
}

/**
 * While `enabled` (the wall is loaded), checks for removed signatures every REMOVAL_POLL_MS through
 * React Query's refetchInterval: a hidden tab asks nothing (refetchIntervalInBackground is off), and
 * a tab shown again after longer than that checks at once (refetchOnWindowFocus, the data being
 * stale). Failures are quiet: the wall already shown stays, and the next interval tries again.
 */
export function useRemovedSignatures(enabled: boolean): void {
  const queryClient = useQueryClient();
  const pushed = useWallChangesPushed();
  useQuery({
    queryKey: signatureKeys.visibleIds(),
    queryFn: () => dropRemovedSignatures(queryClient),
    enabled,
    refetchInterval: pushed ? false : REMOVAL_POLL_MS,
    staleTime: REMOVAL_POLL_MS,
    // The wall was just read: nothing can be known to be gone yet, so no read at load. Null is
    // "not checked yet"; it counts as fresh from when the board first asked.
    initialData: null,
    initialDataUpdatedAt: Date.now,
    retry: false,
    // The board renders nothing from this query's own state (see useLiveSignatures).
    notifyOnChangeProps: [],
  });
  // Pushed again after a gap (or for the first time once the wall is in): one check for what
  // left meanwhile.
  useRefetchWhen(signatureKeys.visibleIds(), pushed && enabled);
}
