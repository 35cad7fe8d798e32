/**
 * HTTP request → Plan (PostgREST's `ApiRequest` + `Plan` stages). Pure: the schema cache is passed in.
 * Column names in select, filters and order are checked against the table's own columns and refused
 * with 42703 worded as Postgres words it behind PostgREST; Postgres alone would also accept its
 * system columns (ctid, xmin …). A column selected twice (or again next to `*`) is refused too: each
 * repetition of the largest column multiplies the answer, and one short URL could ask for gigabytes.
 * Body columns are checked here (PGRST204), because their types are needed to build the
 * json_to_recordset column list.
 */
import type { ColumnDef, Filter, OrderTerm, Output, Plan, SchemaCache, SelectItem } from './ast.ts';
import { ApiError, columnErrors, pgrst } from './envelope.ts';
import {
  checkContentType,
  checkProfile,
  negotiateAccept,
  parsePrefer,
  type Preferences,
} from './headers.ts';
import { resolvePayload } from './payload.ts';
import { parseCount, parseFilter, parseOrder, parseSelect } from './query.ts';

export interface RestRequest {
  method: string;
  /** The path below `/rest/v1/`, e.g. `signatures`. */
  path: string;
  /** Decoded query parameters in order, without `apikey`. */
  query: ReadonlyArray<readonly [string, string]>;
  headers: {
    accept?: string;
    prefer?: string;
    acceptProfile?: string;
    contentProfile?: string;
    contentType?: string;
    range?: string;
  };
  body?: string;
}

export interface ParsedRequest {
  plan: Plan;
  prefs: Preferences;
}

const RESERVED = ['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'];

function lastParam(query: RestRequest['query'], name: string): string | null {
  let found: string | null = null;
  for (const [key, value] of query) if (key === name) found = value;
  return found;
}

function filtersOf(query: RestRequest['query']): Filter[] {
  return query
    .filter(([key]) => !RESERVED.includes(key))
    .map(([key, value]) => parseFilter(key, value));
}

function refuseParams(query: RestRequest['query'], names: string[], why: string): void {
  const found = names.find((name) => query.some(([key]) => key === name));
  if (found) throw pgrst.parse(`${found}= ${why}`);
}

/** Every named column must be one of the table's; selected columns must be distinct. */
function checkColumns(
  table: string,
  columns: readonly ColumnDef[],
  select: SelectItem[],
  filters: Filter[],
  order: OrderTerm[],
): void {
  const known = new Set(columns.map((column) => column.name));
  const named = [
    ...select.flatMap((item) => ('column' in item ? [item.column] : [])),
    ...filters.map((filter) => filter.column),
    ...order.map((term) => term.column),
  ];
  const unknown = named.find((name) => !known.has(name));
  if (unknown !== undefined) throw columnErrors.unknown(unknown, table);
  const selected = new Set<string>();
  for (const item of select) {
    const names = 'star' in item ? [...known] : [item.column];
    for (const name of names) {
      if (selected.has(name)) throw columnErrors.duplicate(name);
      selected.add(name);
    }
  }
}

export function parseRequest(
  req: RestRequest,
  schema: SchemaCache,
  maxRows: number,
): ParsedRequest {
  if (req.path === '' || req.path.includes('/')) {
    if (req.path.startsWith('rpc/')) {
      throw pgrst.parse('Functions (/rpc) are not supported by this server');
    }
    throw pgrst.invalidPath();
  }
  const table = req.path;
  const columns = schema.get(table);
  if (!columns) throw pgrst.unknownTable(table);

  const read = req.method === 'GET' || req.method === 'HEAD';
  checkProfile(read ? req.headers.acceptProfile : req.headers.contentProfile);
  const prefs = parsePrefer(req.headers.prefer);
  const output: Output = {
    select: parseSelect(lastParam(req.query, 'select')),
    singular: negotiateAccept(req.headers.accept) === 'singular',
    count: prefs.count === 'exact',
  };
  const { query } = req;
  refuseParams(query, ['on_conflict'], 'upserts are not supported by this server');

  if (read) {
    if (req.headers.range !== undefined) {
      throw pgrst.parse('The Range header is not supported by this server; use limit and offset');
    }
    refuseParams(query, ['columns'], 'is only valid for POST and PATCH');
    const limit = parseCount('limit', lastParam(query, 'limit'));
    const filters = filtersOf(query);
    const order = parseOrder(lastParam(query, 'order'));
    checkColumns(table, columns, output.select, filters, order);
    return {
      prefs,
      plan: {
        kind: 'read',
        table,
        ...output,
        filters,
        order,
        // Like PostgREST's db-max-rows: the cap applies whatever limit was asked. Unlike it, a page
        // the cap filled when more was asked for is answered 206, so a client paging without a
        // count knows to go on (a read asking no limit is answered 200, as PostgREST does).
        limit: Math.min(limit ?? maxRows, maxRows),
        ...(limit !== undefined && limit > maxRows ? { rowCapped: true } : {}),
        offset: parseCount('offset', lastParam(query, 'offset')) ?? 0,
      },
    };
  }

  refuseParams(query, ['order', 'limit', 'offset'], 'on writes is not supported by this server');
  checkColumns(table, columns, output.select, filtersOf(query), []);
  const mutation = { table, ...output, representation: prefs.return === 'representation' };
  if (req.method === 'DELETE') {
    const filters = filtersOf(query);
    requireFilters('DELETE', filters);
    return { prefs, plan: { kind: 'delete', ...mutation, filters } };
  }
  if (req.method !== 'POST' && req.method !== 'PATCH') {
    throw pgrst.parse(`${req.method} is not supported by this server`);
  }
  checkContentType(req.headers.contentType);
  const payload = resolvePayload(req.body ?? '', lastParam(query, 'columns'), table, columns);
  if (req.method === 'PATCH') {
    const filters = filtersOf(query);
    // An empty object changes nothing, so it needs no filter (PostgREST runs no UPDATE for it).
    if (payload.columns.length > 0) requireFilters('UPDATE', filters);
    return { prefs, plan: { kind: 'update', ...mutation, ...payloadOf(payload), filters } };
  }
  if (filtersOf(query).length > 0) {
    throw pgrst.parse('Filters are not supported on POST by this server');
  }
  return { prefs, plan: { kind: 'insert', ...mutation, ...payloadOf(payload) } };
}

/**
 * An UPDATE or DELETE of the whole table is refused as hosted Supabase refuses it (pg-safeupdate:
 * 21000, which PostgREST answers with 400): the service key can change every row, and a missing
 * filter must not be the way it does.
 */
function requireFilters(verb: 'UPDATE' | 'DELETE', filters: readonly unknown[]): void {
  if (filters.length > 0) return;
  throw new ApiError(400, {
    code: '21000',
    message: `${verb} requires a WHERE clause`,
    hint: 'Filter the rows to change, e.g. id=eq.1 or id=in.(1,2).',
  });
}

function payloadOf(payload: ReturnType<typeof resolvePayload>) {
  return { columns: payload.columns, payload: payload.text };
}
