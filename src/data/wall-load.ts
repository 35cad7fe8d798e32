/**
 * Reading the whole wall, viewport first (issue #12), as a stream of pages for React Query's
 * streamed query: the signatures meeting the initial view come first, so the first screen can be
 * drawn long before the wall is in on a slow network; the rest follows in small pages, region by
 * region (src/domain/wall-regions.ts), each page joining the cached wall as it arrives.
 *
 * Every region is read by id (keyset): each page starts after the last id seen and asks for the
 * count of what is left, so a page cut short by the server's row or byte cap simply continues, and
 * rows hidden meanwhile cannot shift another out of the answer. A region with more left after its
 * first page is split into id windows read side by side, so a slow network's latency is paid once
 * per window rather than once per page. A tiny read beside the view's gives the wall's size (for
 * the progress indicator) and its highest id (for the windows).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Rect } from '../domain/geometry.ts';
import { signaturesFromRows, type Signature, type SignatureRow } from '../domain/signature.ts';
import { idWindows, wallRegions, type EdgeFilter, type IdWindow } from '../domain/wall-regions.ts';
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

function regionQuery(filter: RegionFilter, window: IdWindow, limit: number) {
  let query = dataApi().from(TABLE).select('*', { count: 'exact' });
  if (filter === 'no-outline') query = query.is('min_x', null);
  else for (const f of filter) query = query.filter(f.column, f.op, f.value);
  if (window.after !== null) query = query.gt('id', window.after);
  if (window.upTo !== null) query = query.lte('id', window.upTo);
  return query.order('id', { ascending: true }).limit(limit);
}

/** One page of the region's rows in the window, and how many the window holds (this page on). */
async function readPage(filter: RegionFilter, window: IdWindow, pageSize: number) {
  const page = await regionQuery(filter, window, pageSize);
  if (page.error) throw failure('Loading signatures failed', page.error, page.status);
  return { rows: (page.data ?? []) as SignatureRow[], count: page.count };
}

/** The window's rows, page by page, in id order (see the header: keyset, read on until complete). */
async function* windowPages(
  filter: RegionFilter,
  window: IdWindow,
  pageSize: number,
): AsyncGenerator<SignatureRow[]> {
  for (let after = window.after; ; ) {
    const { rows, count } = await readPage(filter, { after, upTo: window.upTo }, pageSize);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || count === null || rows.length >= count) return;
    after = last.id;
  }
}

/**
 * The region's rows: a first page, then what is left in id windows (idWindows) read side by
 * side (between the last id of that page and the wall's highest id, when known).
 */
async function* regionPages(
  filter: RegionFilter,
  pageSize: number,
  maxId: number | null,
): AsyncGenerator<SignatureRow[]> {
  const { rows, count } = await readPage(filter, { after: null, upTo: null }, pageSize);
  if (rows.length > 0) yield rows;
  const last = rows[rows.length - 1];
  if (!last || count === null || rows.length >= count) return;
  const left = count - rows.length;
  const windows = maxId !== null && maxId > last.id ? idWindows(last.id, maxId, left, pageSize) : [];
  if (windows.length <= 1) {
    yield* windowPages(filter, { after: last.id, upTo: null }, pageSize);
    return;
  }
  yield* interleave(windows.map((w) => windowPages(filter, w, pageSize)));
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

/** How many rows visitors can read, and the highest id among them (both null if unknown). */
async function sizeOfWall(): Promise<{ count: number | null; maxId: number | null }> {
  const { data, count, error } = await dataApi()
    .from(TABLE)
    // Not `id` alone: that is the removal check's read (removed-signatures.ts), told apart by it.
    .select('id,created_at', { count: 'exact' })
    .order('id', { ascending: false })
    .limit(1);
  if (error) return { count: null, maxId: null };
  return { count, maxId: (data as Array<{ id: number }> | null)?.[0]?.id ?? null };
}

/**
 * The wall as chunks of signatures: first those meeting `view` (when given), then, once
 * `restAfter` has settled (the board's code, which must not wait behind the rest of the wall on a
 * slow network), the rest, the regions read side by side. Writes the progress into the cache as
 * pages arrive.
 */
export async function* streamWall(
  client: QueryClient,
  view: Rect | null,
  restAfter: Promise<unknown> | null = null,
): AsyncGenerator<readonly Signature[]> {
  let loaded = 0;
  let total: number | null = null;
  const report = () => client.setQueryData<WallLoadProgress>(LOAD_PROGRESS_KEY, { loaded, total });
  report();
  // The size is for the indicator and the windows only: without it the load goes on, plainer.
  const size = sizeOfWall()
    .catch(() => ({ count: null, maxId: null }))
    .then((answer) => {
      total = answer.count;
      report();
      return answer;
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
    for await (const rows of windowPages(regions.view.filters, { after: null, upTo: null }, PAGE_SIZE)) {
      inView += rows.length;
      yield take(rows);
    }
    performance.mark(VIEW_LOADED_MARK, { detail: { signatures: inView } });
    // Rows without an outline cannot be drawn, but are read so they are reported (spec §3).
    rest = [...regions.rest.map((r) => r.filters), 'no-outline'];
  }
  // Without a view (the export) nothing is drawn until the end: the largest pages, fewest requests.
  const pageSize = view ? STREAM_PAGE_SIZE : PAGE_SIZE;
  await restAfter?.catch(() => undefined);
  const { maxId } = await size;
  const pages = rest.map((filter) => regionPages(filter, pageSize, maxId));
  for await (const rows of interleave(pages)) yield take(rows);
}
