/**
 * Reading the whole wall, viewport first, as a stream of pages for React Query's
 * streamed query: the signatures meeting the initial view come first, so the first screen can be
 * drawn long before the wall is in on a slow network; the rest follows in small pages, region by
 * region (src/domain/wall-regions.ts), each page joining the cached wall as it arrives.
 *
 * Every region is read by id (src/data/pager.ts), so a page cut short by the server's row or byte
 * cap simply continues, and rows hidden meanwhile cannot shift another out of the answer. A region
 * with more left after its first page is split into id windows read side by side, so a slow
 * network's latency is paid once per window rather than once per page. A tiny read beside the
 * view's gives the wall's size (for the progress indicator) and its highest id (for the windows).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Rect } from '../domain/geometry.ts';
import { packRows } from '../domain/packed-rows.ts';
import { unpackSignatures } from '../domain/packed-signatures.ts';
import type { Signature, SignatureRow } from '../domain/signature.ts';
import { idWindows, wallRegions, type EdgeFilter, type IdWindow } from '../domain/wall-regions.ts';
import { dataApi, type DataApi } from './client.ts';
import {
  ALL_IDS,
  endsWindow,
  pagesById,
  readPage,
  signatureRead,
  type KeysetRead,
  type RowQuery,
} from './pager.ts';
import { signatureKeys } from './query-keys.ts';
import { PAGE_SIZE, TABLE, warnSkipped } from './table.ts';

/** Marked (performance.mark) when the initial view's signatures have all arrived. */
export const VIEW_LOADED_MARK = 'signwall:view-loaded';
/**
 * Rows of a region's first request behind the view: small enough that the wall fills in steadily
 * and the progress moves on a slow network (about 50 KB gzip at most per page of simplified
 * signatures). Each window's later pages grow to PAGE_SIZE: a full wall of small signatures
 * (100,000 rows) is a hundred requests, not four hundred.
 */
export const STREAM_PAGE_SIZE = 250;

/** How much of the wall has arrived; `total` is null until the count has answered. */
export interface WallLoadProgress {
  readonly loaded: number;
  readonly total: number | null;
}

/** What a region reads: its filters on the outline's edges, or the rows without an outline. */
export type RegionFilter = readonly EdgeFilter[] | 'no-outline';

/** `query`, narrowed to the rows `filter` holds. */
export function inRegion(query: RowQuery, filter: RegionFilter): RowQuery {
  if (filter === 'no-outline') return query.is('min_x', null);
  for (const f of filter) query = query.filter(f.column, f.op, f.value);
  return query;
}

function regionRead(filter: RegionFilter): KeysetRead<SignatureRow> {
  return signatureRead('Loading signatures failed', (query) => inRegion(query, filter));
}

/**
 * The region's rows: a first page, then what is left in id windows (idWindows) read side by
 * side (between the last id of that page and the wall's highest id, when known).
 */
async function* regionPages(
  api: DataApi,
  filter: RegionFilter,
  pageSize: number,
  maxId: number | null,
): AsyncGenerator<SignatureRow[]> {
  const read = regionRead(filter);
  // Counted: the windows below are cut from the size of what is left.
  const first = await readPage(api, read, ALL_IDS, pageSize, true);
  if (first.rows.length > 0) yield first.rows;
  if (endsWindow(first)) return;
  const lastId = first.rows[first.rows.length - 1]!.id;
  const left = (first.count ?? 0) - first.rows.length;
  const windows = maxId !== null && maxId > lastId ? idWindows(lastId, maxId, left, pageSize) : [];
  if (windows.length <= 1) {
    yield* pagesById(api, read, { after: lastId, upTo: null }, pageSize, PAGE_SIZE);
    return;
  }
  yield* interleave(windows.map((w) => pagesById(api, read, w, pageSize, PAGE_SIZE)));
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
export async function sizeOfWall(
  api: DataApi,
): Promise<{ count: number | null; maxId: number | null }> {
  const { data, count, error } = await api
    .from(TABLE)
    // Not `id` alone: that is the removal check's read (removed-signatures.ts), told apart by it.
    .select('id,created_at', { count: 'exact' })
    .order('id', { ascending: false })
    .limit(1);
  if (error) return { count: null, maxId: null };
  return { count, maxId: (data as Array<{ id: number }> | null)?.[0]?.id ?? null };
}

/** A page of the wall as it joins the cache: its signatures, and the rows it read (some unreadable). */
export interface WallChunk {
  readonly rows: number;
  readonly signatures: readonly Signature[];
}

/** What to read after the view: every region but the view's, and the rows without an outline. */
export interface RestOfWall {
  readonly view: Rect | null;
  readonly pageSize: number;
  readonly maxId: number | null;
}

/** Reads the rest of the wall (see RestOfWall) as chunks: in this thread, or in a worker. */
export interface RestReader {
  read(rest: RestOfWall): AsyncIterable<WallChunk>;
  /** Lets go of what the reader holds (a worker), whether or not it was read. */
  close?(): void;
}

/** The rest of the wall's rows, the regions read side by side. */
export function restRows(api: DataApi, { view, pageSize, maxId }: RestOfWall) {
  // Rows without an outline cannot be drawn, but are read so they are reported (spec §3).
  const filters: RegionFilter[] = view
    ? [...wallRegions(view).rest.map((r) => r.filters), 'no-outline']
    : [[]];
  return interleave(filters.map((filter) => regionPages(api, filter, pageSize, maxId)));
}

/**
 * The rows as signatures, their strokes drawn simplified as the app saves them now
 * (src/domain/packed-rows.ts): unreadable ones are skipped, and told (warnSkipped).
 */
export function chunkOf(rows: readonly SignatureRow[]): WallChunk {
  return { rows: rows.length, signatures: unpackSignatures(packRows(rows, warnSkipped)) };
}

/** The rest of the wall read and parsed in this thread. */
export function readRestHere(api: DataApi): RestReader {
  return {
    async *read(rest) {
      for await (const rows of restRows(api, rest)) yield chunkOf(rows);
    },
  };
}

/** The first view a load read (the first screen), and its signatures. */
export interface FirstView {
  readonly view: Rect;
  readonly signatures: readonly Signature[];
}

interface FirstViewEntry {
  readonly promise: Promise<FirstView>;
  readonly resolve: (loaded: FirstView) => void;
  /** What the promise resolved with (the first time only, as a promise). */
  loaded: FirstView | null;
}

/** Each query client's first view, once a load has read it (a promise resolves only once). */
const firstViews = new WeakMap<QueryClient, FirstViewEntry>();

function firstViewOf(client: QueryClient): FirstViewEntry {
  let first = firstViews.get(client);
  if (!first) {
    let settle: (loaded: FirstView) => void = () => undefined;
    const promise = new Promise<FirstView>((r) => (settle = r));
    const entry: FirstViewEntry = {
      promise,
      resolve: (loaded) => {
        entry.loaded ??= loaded;
        settle(loaded);
      },
      loaded: null,
    };
    first = entry;
    firstViews.set(client, first);
  }
  return first;
}

/** The view `client`'s first load read first, once it has; null before, or for a load without one. */
export function firstViewRead(client: QueryClient): Rect | null {
  return firstViews.get(client)?.loaded?.view ?? null;
}

/**
 * Resolves once `client`'s first load with a view has read that view's signatures (the first
 * screen's): what the board paints first, which it may start painting before it opens.
 */
export function whenFirstViewLoaded(client: QueryClient): Promise<FirstView> {
  return firstViewOf(client).promise;
}

/**
 * The wall as chunks of signatures: first those meeting `view` (when given), read and parsed here
 * (a screenful: the first screen does not wait for a worker to start), then, once `restAfter` has
 * settled (the board's code, which must not wait behind the rest of the wall on a slow network),
 * the rest through `readRest` (the app's: in a worker, see wall-worker-client.ts). Writes the
 * progress into the cache as pages arrive. `api` is the app's client unless a test gives its own.
 */
export async function* streamWall(
  client: QueryClient,
  view: Rect | null,
  restAfter: Promise<unknown> | null = null,
  api: DataApi = dataApi(),
  readRest: RestReader = readRestHere(api),
): AsyncGenerator<readonly Signature[]> {
  let loaded = 0;
  let total: number | null = null;
  const report = () =>
    client.setQueryData<WallLoadProgress>(signatureKeys.loadProgress(), { loaded, total });
  report();
  // The size is for the indicator and the windows only: without it the load goes on, plainer.
  const size = sizeOfWall(api)
    .catch(() => ({ count: null, maxId: null }))
    .then((answer) => {
      total = answer.count;
      report();
      return answer;
    });
  const take = (chunk: WallChunk) => {
    loaded += chunk.rows;
    report();
    return chunk.signatures;
  };

  try {
    if (view) {
      const regions = wallRegions(view);
      const inView: Signature[] = [];
      for await (const rows of pagesById(api, regionRead(regions.view.filters))) {
        const chunk = chunkOf(rows);
        inView.push(...chunk.signatures);
        yield take(chunk);
      }
      performance.mark(VIEW_LOADED_MARK, { detail: { signatures: inView.length } });
      firstViewOf(client).resolve({ view, signatures: inView });
    }
    // Without a view (the export) nothing is drawn until the end: the largest pages, fewest requests.
    const pageSize = view ? STREAM_PAGE_SIZE : PAGE_SIZE;
    await restAfter?.catch(() => undefined);
    const { maxId } = await size;
    for await (const chunk of readRest.read({ view, pageSize, maxId })) yield take(chunk);
  } finally {
    readRest.close?.();
  }
}

/** What wholeWallRows reads: every row, or those whose outline passes `filters`. */
export interface WallRowsRead {
  /** Conditions on the outline's edges (none: every row, those without an outline included). */
  readonly filters?: readonly EdgeFilter[];
  /** Also the rows without an outline (only with `filters`: without, they are read anyway). */
  readonly withoutOutline?: boolean;
  /** About which share of the wall the filters hold (for the number of id windows): 1 by default. */
  readonly share?: number;
}

/**
 * The whole wall at once (or the part `filters` holds), for the export: the wall's size first
 * (one tiny read), then every id window side by side from the start (no first page read alone,
 * as a region's is), each in pages of `pageSize`, yielded as they arrive (each page in id order;
 * pages in no particular order).
 */
export async function* wholeWallRows(
  api: DataApi,
  { filters = [], withoutOutline = false, share = 1 }: WallRowsRead = {},
  pageSize: number = PAGE_SIZE,
): AsyncGenerator<SignatureRow[]> {
  const { count, maxId } = await sizeOfWall(api);
  const read = regionRead(filters);
  const windows: IdWindow[] =
    count === null || maxId === null
      ? [ALL_IDS]
      : idWindows(0, maxId, count * share, WHOLE_WALL_WINDOW_ROWS).map((w, i) =>
          i === 0 ? { ...w, after: null } : w,
        );
  const sources = windows.map((w) => pagesById(api, read, w, pageSize));
  if (withoutOutline && filters.length > 0) {
    sources.push(pagesById(api, regionRead('no-outline'), ALL_IDS, pageSize));
  }
  yield* interleave(sources);
}

/** Rows per id window of wholeWallRows: a 2000-signature wall is read in 4 answers side by side. */
export const WHOLE_WALL_WINDOW_ROWS = 500;
