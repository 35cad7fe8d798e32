/**
 * Reading the whole wall, viewport first (issue #12), as a stream of pages for React Query's
 * streamed query: the signatures meeting the initial view come first, so the first screen can be
 * drawn long before the wall is in on a slow network; the rest follows in small pages, region by
 * region (src/domain/wall-regions.ts), each page joining the cached wall as it arrives.
 *
 * Every region is read by id (keyset): each page starts after the last id seen and asks for the
 * count of what is left, so a page cut short by the server's row or byte cap simply continues, and
 * rows hidden meanwhile cannot shift another out of the answer. A tiny count request run beside
 * the view's read gives the wall's size for the progress indicator.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Rect } from '../domain/geometry.ts';
import { signaturesFromRows, type Signature, type SignatureRow } from '../domain/signature.ts';
import { wallRegions, type EdgeFilter } from '../domain/wall-regions.ts';
import { dataApi } from './client.ts';
import { failure, PAGE_SIZE, TABLE, warnSkipped } from './table.ts';

/** Marked (performance.mark) when the initial view's signatures have all arrived. */
export const VIEW_LOADED_MARK = 'signwall:view-loaded';
/**
 * Rows per request behind the view: small enough that the wall fills in steadily and the progress
 * moves on a slow network (about 50 KB gzip at most per page of simplified signatures), large
 * enough that a 2000-signature wall takes a handful of requests per region.
 */
export const STREAM_PAGE_SIZE = 250;

/** How much of the wall has arrived; `total` is null until the count has answered. */
export interface WallLoadProgress {
  readonly loaded: number;
  readonly total: number | null;
}
/** Where the progress of the current load lives in the query cache (see useWallLoadProgress). */
export const LOAD_PROGRESS_KEY = ['signatures-load-progress'] as const;

/** What a region reads: its filters on the outline's edges, or the rows without an outline. */
type RegionFilter = readonly EdgeFilter[] | 'no-outline';

function regionQuery(filter: RegionFilter, after: number | null, limit: number) {
  let query = dataApi().from(TABLE).select('*', { count: 'exact' });
  if (filter === 'no-outline') query = query.is('min_x', null);
  else for (const f of filter) query = query.filter(f.column, f.op, f.value);
  if (after !== null) query = query.gt('id', after);
  return query.order('id', { ascending: true }).limit(limit);
}

/** The region's rows, page by page, in id order. */
async function* regionPages(filter: RegionFilter, pageSize: number): AsyncGenerator<SignatureRow[]> {
  for (let after: number | null = null; ; ) {
    const page = await regionQuery(filter, after, pageSize);
    if (page.error) throw failure('Loading signatures failed', page.error, page.status);
    const rows = (page.data ?? []) as SignatureRow[];
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || page.count === null || rows.length >= page.count) return;
    after = last.id;
  }
}

/** The values of several streams as each arrives; the first failure fails the whole. */
async function* interleave<T>(sources: ReadonlyArray<AsyncIterator<T>>): AsyncGenerator<T> {
  const next = (i: number) => sources[i]!.next().then((result) => ({ i, result }));
  const pending = new Map(sources.map((_, i) => [i, next(i)]));
  // A stream failing after another already failed must not be an unhandled rejection.
  for (const p of pending.values()) p.catch(() => undefined);
  while (pending.size > 0) {
    const { i, result } = await Promise.race(pending.values());
    if (result.done) {
      pending.delete(i);
    } else {
      const following = next(i);
      following.catch(() => undefined);
      pending.set(i, following);
      yield result.value;
    }
  }
}

/** The number of rows visitors can read (one id row comes back with the count). */
async function countWall(): Promise<number | null> {
  const { count, error } = await dataApi()
    .from(TABLE)
    .select('id', { count: 'exact' })
    .order('id', { ascending: true })
    .limit(1);
  return error ? null : count;
}

/**
 * The wall as chunks of signatures: first those meeting `view` (when given), then the rest, the
 * regions read side by side. Writes the progress into the cache as pages arrive.
 */
export async function* streamWall(
  client: QueryClient,
  view: Rect | null,
): AsyncGenerator<readonly Signature[]> {
  let loaded = 0;
  let total: number | null = null;
  const report = () => client.setQueryData<WallLoadProgress>(LOAD_PROGRESS_KEY, { loaded, total });
  report();
  // The count is for the indicator only: if it fails, the load goes on without a percentage.
  void countWall()
    .catch(() => null)
    .then((count) => {
      total = count;
      report();
    });
  const take = (rows: readonly SignatureRow[]) => {
    loaded += rows.length;
    report();
    return signaturesFromRows(rows, warnSkipped);
  };

  let rest: RegionFilter[] = [[]];
  if (view) {
    const regions = wallRegions(view);
    let inView = 0;
    for await (const rows of regionPages(regions.view.filters, PAGE_SIZE)) {
      inView += rows.length;
      yield take(rows);
    }
    performance.mark(VIEW_LOADED_MARK, { detail: { signatures: inView } });
    // Rows without an outline cannot be drawn, but are read so they are reported (spec §3).
    rest = [...regions.rest.map((r) => r.filters), 'no-outline'];
  }
  // Without a view (the export) nothing is drawn until the end: the largest pages, fewest requests.
  const pageSize = view ? STREAM_PAGE_SIZE : PAGE_SIZE;
  const pages = rest.map((filter) => regionPages(filter, pageSize));
  for await (const rows of interleave(pages)) yield take(rows);
}
