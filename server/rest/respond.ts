/**
 * Statement result → HTTP response (PostgREST's `Response` stage): status, `Content-Range`,
 * `Content-Location`, `Preference-Applied`, `Content-Profile`, and the body built by SQL.
 */
import type { Plan } from './ast.ts';
import { pgrst } from './envelope.ts';
import { preferenceApplied, type Preferences } from './headers.ts';

export interface ResultRow {
  total_count: number | null;
  page_total: number;
  body: string;
  /** A read the byte cap cut short: rows are left after the page (see sql.ts's wrapCapped). */
  cut?: boolean;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** `lower-upper/total`; `*` where PostgREST prints it (no rows, or total unknown). */
export function contentRange(lower: number, rows: number, total: number | null): string {
  const upper = lower + rows - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/**
 * 200, or 206 when a known total is larger than the page or the byte cap cut it short (`cut`: a
 * client paging without a count learns that rows are left), or 416 past the end (PGRST103).
 */
export function rangeStatus(
  lower: number,
  rows: number,
  total: number | null,
  cut = false,
): number {
  if (total === null) return cut ? 206 : 200;
  if (lower > total) throw pgrst.rangeNotSatisfiable(lower, total);
  return rows < total ? 206 : 200;
}

/**
 * Longest `Content-Location` sent. PostgREST repeats the whole query there, percent-encoded (a
 * comma becomes `%2C`), so a legal ~14 KB query made a header of up to 28 KB: past the 16 KiB of
 * headers Node's fetch (undici) and Node's http client read by default, which then fail with
 * UND_ERR_HEADERS_OVERFLOW / HPE_HEADER_OVERFLOW instead of returning the rows. The header only names
 * the resource again (RFC 9110 §8.7); no Supabase client reads it. A location past this is left
 * out, so every answer's headers stay a few KB whatever the query, the app's own reads (a few
 * hundred bytes of query) keeping theirs.
 */
export const MAX_CONTENT_LOCATION_BYTES = 2048;

/**
 * The canonical query string PostgREST puts in `Content-Location`: parameters sorted by name
 * (stable), form-encoded; undefined when longer than MAX_CONTENT_LOCATION_BYTES.
 */
export function contentLocation(
  table: string,
  query: ReadonlyArray<readonly [string, string]>,
): string | undefined {
  const params = new URLSearchParams(query.map(([key, value]) => [key, value]));
  params.sort();
  const text = params.toString();
  const location = `/${table}${text ? `?${text}` : ''}`;
  return location.length <= MAX_CONTENT_LOCATION_BYTES ? location : undefined;
}

/** Throws PGRST116 when one object was asked for and the statement did not produce exactly one. */
export function checkSingular(plan: Plan, row: ResultRow): void {
  if (plan.singular && row.page_total !== 1) throw pgrst.singular(row.page_total);
}

export function respond(
  plan: Plan,
  prefs: Preferences,
  row: ResultRow,
  query: ReadonlyArray<readonly [string, string]>,
): RestResponse {
  const headers: Record<string, string> = { 'Content-Profile': 'public' };
  // `return=` means something only for writes; PostgREST reports only what it applied.
  const applied = preferenceApplied(plan.kind === 'read' ? { ...prefs, return: undefined } : prefs);
  if (applied) headers['Preference-Applied'] = applied;
  const type = plan.singular ? OBJECT_TYPE : JSON_TYPE;

  if (plan.kind === 'read') {
    const capped = row.cut === true || (plan.rowCapped === true && row.page_total === plan.limit);
    const status = rangeStatus(plan.offset, row.page_total, row.total_count, capped);
    headers['Content-Range'] = contentRange(plan.offset, row.page_total, row.total_count);
    const location = contentLocation(plan.table, query);
    if (location !== undefined) headers['Content-Location'] = location;
    headers['Content-Type'] = type;
    return { status, headers, body: row.body };
  }
  const total = plan.count ? row.page_total : null;
  if (plan.kind === 'insert') {
    // PostgREST prints `*/*` for inserts (lower 1 > upper 0), or `*/<n>` with count=exact.
    headers['Content-Range'] = `*/${total ?? '*'}`;
    if (!plan.representation) return { status: 201, headers, body: '' };
    headers['Content-Type'] = type;
    return { status: 201, headers, body: row.body };
  }
  headers['Content-Range'] = contentRange(0, row.page_total, total);
  if (!plan.representation) return { status: 204, headers, body: '' };
  headers['Content-Type'] = type;
  return { status: 200, headers, body: row.body };
}
