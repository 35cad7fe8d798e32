/**
 * The one way the app reads more rows than one answer may hold: by id (keyset). Each page asks for
 * the rows after the last id seen, in id order, and the read goes on while pages come back full
 * (or cut short by the server). So:
 * - a page cut short by the server's byte cap (206) simply continues, and pages ask for at most
 *   hosted Supabase's row cap (1000), which so never cuts one;
 * - rows hidden, deleted or inserted while the pages are read cannot shift another row into or out
 *   of a later page, as they would with offset paging (`offset=1000` means "skip 1000 rows",
 *   whichever rows those are by then);
 * - an id window (after, upTo] cuts a read into parts that can be read side by side.
 * A page asks for no count: Postgres counts every row left to answer one (40 ms for each page of a
 * full wall), so only a read that needs the size of what is left (to cut it into windows) asks,
 * once, with its first page.
 */
import type { IdWindow } from '../domain/wall-regions.ts';
import type { SignatureRow } from '../domain/signature.ts';
import type { DataApi } from './client.ts';
import type { ModeratorClient } from './moderation.ts';
import { failure, PAGE_SIZE, SIGNATURE_COLUMNS, TABLE } from './table.ts';

/**
 * What the pager reads through: the app's data API, or the owner's client on /moderate (both are
 * PostgREST's `from`; the owner's reads hidden rows too).
 */
export type RowSource = DataApi | ModeratorClient;

function selectRows(api: RowSource, columns: string, counted = false) {
  // The two clients' `from` differ only in their schema's types; both send the same request.
  return (api as DataApi).from(TABLE).select(columns, counted ? { count: 'exact' } : {});
}

/** A read of the table's rows, before the pager adds its id window, order and limit. */
export type RowQuery = ReturnType<typeof selectRows>;

/** What a paged read reads: its columns and filters, and how its failure is told. */
export interface KeysetRead<Row extends { id: number }> {
  /** The columns, comma-separated (never `*`: see SIGNATURE_COLUMNS). */
  readonly columns: string;
  /** Filters besides the id window (a region's outline edges, the live poll's created_at). */
  readonly filter?: (query: RowQuery) => RowQuery;
  /** What the read was for, as its failure's message begins ('Loading signatures failed'). */
  readonly failure: string;
  /** Only a type: what a row of this read holds. */
  readonly row?: Row;
}

/** Signature rows (SignatureRow's columns), filtered by `filter` when given. */
export function signatureRead(
  failureMessage: string,
  filter?: (query: RowQuery) => RowQuery,
): KeysetRead<SignatureRow> {
  return { columns: SIGNATURE_COLUMNS, failure: failureMessage, ...(filter ? { filter } : {}) };
}

/** Every id, no bounds. */
export const ALL_IDS: IdWindow = { after: null, upTo: null };

export interface Page<Row> {
  readonly rows: Row[];
  /** How many rows the window holds from this page on, when asked (else null). */
  readonly count: number | null;
  /** The rows asked for; a page this full may have more after it. */
  readonly limit: number;
  /** Cut short by the server (206): rows are left after it, whatever its length. */
  readonly partial: boolean;
}

/**
 * One page: up to `limit` rows of the window, in id order, and when `counted`, the count of the
 * window's rows from it on.
 */
export async function readPage<Row extends { id: number }>(
  api: RowSource,
  read: KeysetRead<Row>,
  window: IdWindow,
  limit: number,
  counted = false,
): Promise<Page<Row>> {
  let query = selectRows(api, read.columns, counted);
  if (read.filter) query = read.filter(query);
  if (window.after !== null) query = query.gt('id', window.after);
  if (window.upTo !== null) query = query.lte('id', window.upTo);
  const page = await query.order('id', { ascending: true }).limit(limit);
  if (page.error) throw failure(read.failure, page.error, page.status);
  return {
    rows: (page.data ?? []) as unknown as Row[],
    count: page.count,
    limit,
    partial: page.status === 206,
  };
}

/**
 * True when nothing of the window can be left after `page`: it is empty; or a count says it held
 * all that was left; or, without a count, it is shorter than asked and not cut short by the
 * server (a byte cap answers 206; a row cap never cuts, as pages ask for at most hosted
 * Supabase's 1000).
 */
export function endsWindow(page: Page<{ id: number }>): boolean {
  if (page.rows.length === 0) return true;
  if (page.count !== null) return page.rows.length >= page.count;
  return page.rows.length < page.limit && !page.partial;
}

/**
 * The window's rows, page by page (never an empty page), in id order, until it is read whole.
 * Pages ask for `pageSize` rows, then each for twice the last up to `maxPageSize`: a small first
 * page shows soon, and a long window costs few requests (each a turn at the database). The next
 * page is asked for before this one is handed on: while the reader parses and paints a page, the
 * next one is on its way (a heavy wall's first screen, read page after page, waited for each
 * request after the last page's painting).
 */
export async function* pagesById<Row extends { id: number }>(
  api: RowSource,
  read: KeysetRead<Row>,
  window: IdWindow = ALL_IDS,
  pageSize: number = PAGE_SIZE,
  maxPageSize: number = pageSize,
): AsyncGenerator<Row[]> {
  const pageAfter = (after: number | null, size: number) => {
    const page = readPage(api, read, { after, upTo: window.upTo }, size);
    // A reader that stops early never awaits the page asked ahead: its failure is nobody's.
    page.catch(() => undefined);
    return page;
  };
  let size = pageSize;
  let next = pageAfter(window.after, size);
  for (;;) {
    const page = await next;
    const ends = endsWindow(page);
    if (!ends) {
      size = Math.min(maxPageSize, size * 2);
      next = pageAfter(page.rows[page.rows.length - 1]!.id, size);
    }
    if (page.rows.length > 0) yield page.rows;
    if (ends) return;
  }
}

/** Every row of the window at once (see pagesById). */
export async function readAllById<Row extends { id: number }>(
  api: RowSource,
  read: KeysetRead<Row>,
  window: IdWindow = ALL_IDS,
): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pagesById(api, read, window)) rows.push(...page);
  return rows;
}
