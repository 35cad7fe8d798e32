/**
 * Which reads the read cache (server/cache/read-cache.ts) keeps, and under which key: decided from
 * the request's plan, so it is the data API's, not the HTTP layer's.
 */
import type { Plan } from '../rest/ast.ts';
import type { Preferences } from '../rest/headers.ts';

/**
 * The longest query (names and values, decoded) of a read worth caching, and the longest `in` list.
 *
 * The app's reads (src/data) are a handful of shapes, each well under 300 characters with no `in`
 * list, all paged by id through src/data/pager.ts and naming their columns
 * (`select=id,signature,caption,created_at`): full-wall pages (`id=gt.…`, `order=id.asc&limit=…`,
 * plus `created_at=gte.…` for the live poll, whose start every open board derives from the same
 * newest row, so boards share it), region pages (up to four `min_x/max_x/min_y/max_y` comparisons
 * or `min_x=is.null`, `id=gt.…`/`id=lte.…`), the wall's size
 * (`select=id,created_at&order=id.desc&limit=1`) and the removal check (`select=id`, `id=gt.…`).
 * Those are what a crowd repeats, and what the cache is for. A read of another shape is someone's
 * own (the owner's CLI, a script, a flood of unique queries): rarely asked twice, and storing it
 * would let each request buy memory with its query string (a 14 KB `in` list once cost ~50 KB of
 * key and headers per entry, uncounted). 1 KiB leaves several times the app's longest query; ten
 * items leave room for a hand-written lookup of a few ids.
 */
export const CACHEABLE_QUERY_MAX_CHARS = 1024;
export const CACHEABLE_IN_LIST_MAX = 10;

/** True for a read shaped like the app's own (see CACHEABLE_QUERY_MAX_CHARS): only those are kept. */
export function worthCaching(plan: Plan, query: ReadonlyArray<readonly [string, string]>): boolean {
  if (plan.kind !== 'read') return false;
  let chars = 0;
  for (const [name, value] of query) chars += name.length + value.length + 2; // `&` and `=`
  if (chars > CACHEABLE_QUERY_MAX_CHARS) return false;
  return plan.filters.every(
    (filter) => filter.op !== 'in' || filter.values.length <= CACHEABLE_IN_LIST_MAX,
  );
}

/**
 * The key of a read: who asked (the role decides which rows exist for it), the plan, the
 * preferences, and the query string (Content-Location repeats it).
 */
export function readCacheKey(
  role: string,
  plan: Plan,
  prefs: Preferences,
  query: ReadonlyArray<readonly [string, string]>,
): string {
  return JSON.stringify([role, plan, prefs, query]);
}
