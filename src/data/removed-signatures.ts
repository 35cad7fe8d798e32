/**
 * Keeps the cached wall free of signatures the owner has hidden or deleted while it is open.
 * While Realtime pushes the wall's changes (wall-changes.ts) removals arrive with them; otherwise
 * every REMOVAL_POLL_MS the board reads the ids of the visible rows (ids only: about 6 bytes a
 * signature) and drops from the cache each signature whose id is gone. A dropped signature leaves
 * the board and its hit test at once, so its spot can be drawn on.
 *
 * Once the channel joins (and again after each rejoin), one check finds what left unseen. After
 * the load that is only what was read before the join: when the rest of the wall was read under
 * it (wall-query.ts waits a little for the join), the first screen's ids alone, a page or two
 * rather than every id of the wall (a hundred pages on the heaviest).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dataApi, type DataApi } from './client.ts';
import { pagesById, type KeysetRead } from './pager.ts';
import { signatureKeys } from './query-keys.ts';
import { regionHolds, wallRegions, type WallRegion } from '../domain/wall-regions.ts';
import { useRefetchWhen, useWallChangesPushed, wallChangesOf } from './wall-changes.ts';
import { firstViewRead, inRegion } from './wall-load.ts';
import { wallStoreOf } from './wall-store.ts';

/** A hidden signature leaves open boards within this (plus one read), well inside 30 s. */
export const REMOVAL_POLL_MS = 15_000;

/** The ids alone: `select=id`, which also tells this read apart from the wall's. */
const VISIBLE_IDS: KeysetRead<{ id: number }> = {
  columns: 'id',
  failure: 'Checking for removed signatures failed',
};

/**
 * The ids of every row visitors can read (or of those `region` holds), paged by id
 * (src/data/pager.ts): rows hidden while the pages are read cannot shift a visible row out of the
 * answer.
 */
export async function fetchVisibleSignatureIds(
  api: DataApi = dataApi(),
  region?: WallRegion,
): Promise<Set<number>> {
  const read: KeysetRead<{ id: number }> = region
    ? { ...VISIBLE_IDS, filter: (query) => inRegion(query, region.filters) }
    : VISIBLE_IDS;
  const ids = new Set<number>();
  for await (const rows of pagesById(api, read)) for (const row of rows) ids.add(row.id);
  return ids;
}

/**
 * The part of the wall a check must read: all of it (undefined); or, while the channel has stayed
 * joined since the rest of the wall began to be read (every removal since came pushed), only the
 * first screen's region, read before that; null when that leaves nothing (a load read no first
 * screen apart).
 */
function checkedRegion(queryClient: QueryClient): WallRegion | undefined | null {
  if (!wallChangesOf(queryClient).restReadWatched()) return undefined;
  const view = firstViewRead(queryClient);
  return view ? wallRegions(view).view : null;
}

/**
 * Reads the visible ids (of the region checkedRegion says) and drops from the cached wall what
 * they lack; answers how many are visible, or null when nothing needed reading.
 */
async function dropRemovedSignatures(queryClient: QueryClient): Promise<number | null> {
  const region = checkedRegion(queryClient);
  if (region === null) return null;
  // What the wall holds (in the region read) before the read starts: only these can be judged by
  // its answer.
  const wall = queryClient.getQueryData(signatureKeys.wall()) ?? [];
  const inScope = region ? wall.filter((s) => regionHolds(region, s.outline)) : wall;
  const asked = new Set(inScope.map((s) => s.id));
  const visible = await fetchVisibleSignatureIds(dataApi(), region);
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
