/**
 * Plan → one parameterised SQL statement (PostgREST's `QueryBuilder`/`SqlFragment`). Every statement
 * returns one row `{total_count, page_total, body}`, with the body built in SQL by json_agg so values
 * come out exactly as PostgREST prints them (e.g. timestamptz as `…+00:00`). Identifiers are quoted;
 * values only ever travel as parameters, as text that Postgres casts (bad values → 22P02/22007).
 */
import type { ColumnDef, Filter, OrderTerm, Output, Plan, SelectItem } from './ast.ts';

export interface Statement {
  text: string;
  params: string[];
}

/**
 * An SQL identifier, quoted. server/db has its own (for `SET LOCAL ROLE`): the statement text is
 * built here, with no driver in sight, and the two layers share nothing but SQL's quoting rule.
 */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const ident = quoteIdent;
const qualified = (table: string) => `"public".${ident(table)}`;

function selectList(table: string, items: SelectItem[]): string {
  return items
    .map((item) =>
      'star' in item ? `${qualified(table)}.*` : `${qualified(table)}.${ident(item.column)}`,
    )
    .join(', ');
}

const OPERATORS: Record<Exclude<Filter['op'], 'is' | 'in'>, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

const IS_SQL: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

/**
 * A Postgres array literal of the elements, each quoted (PostgREST's pgBuildArrayLiteral): sent as
 * one text parameter, which Postgres reads as an array of the column's type, so a value that is not
 * of that type is Postgres's own 22P02, as for every other filter.
 */
export function arrayLiteral(values: readonly string[]): string {
  const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map(quote).join(',')}}`;
}

/** `WHERE …` for the filters, pushing values onto params (numbered after what is already there). */
export function whereClause(table: string, filters: Filter[], params: string[]): string {
  if (filters.length === 0) return '';
  const conditions = filters.map((filter) => {
    const column = `${qualified(table)}.${ident(filter.column)}`;
    if (filter.op === 'is') return `${column} ${IS_SQL[filter.value]}`;
    if (filter.op === 'in') {
      // `in.()` (one empty element) is the empty list, as in PostgREST: it matches no row.
      if (filter.values.length === 1 && filter.values[0] === '') return `${column} = ANY('{}')`;
      params.push(arrayLiteral(filter.values));
      return `${column} = ANY($${params.length})`;
    }
    params.push(filter.value);
    return `${column} ${OPERATORS[filter.op]} $${params.length}`;
  });
  return ` WHERE ${conditions.join(' AND ')}`;
}

export function orderClause(table: string, order: OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map((term) =>
    [
      `${qualified(table)}.${ident(term.column)}`,
      term.direction?.toUpperCase(),
      term.nulls && (term.nulls === 'nullsfirst' ? 'NULLS FIRST' : 'NULLS LAST'),
    ]
      .filter(Boolean)
      .join(' '),
  );
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The final SELECT over `pgrst_source`, shared by reads and writes. */
function wrap(source: string, body: string, total: string): string {
  return (
    `WITH pgrst_source AS (${source}) ` +
    `SELECT ${total} AS total_count, pg_catalog.count(_t)::int AS page_total, ${body} AS body ` +
    `FROM (SELECT * FROM pgrst_source) _t`
  );
}

function bodyExpression(output: Output, representation: boolean): string {
  if (!representation) return "''";
  return output.singular
    ? "coalesce((json_agg(_t)->0)::text, 'null')"
    : "coalesce(json_agg(_t), '[]')::text";
}

/**
 * PostgREST's body source: objects are wrapped into one-element arrays in SQL, then read with
 * json_to_recordset (or, writing no columns at all, one empty record per array element).
 */
function jsonBody(columns: ColumnDef[], limitOne: boolean): string {
  const records =
    columns.length === 0
      ? 'json_array_elements(pgrst_uniform_json.val) _'
      : `json_to_recordset(pgrst_uniform_json.val) AS _(${columns
          .map((column) => `${ident(column.name)} ${column.type}`)
          .join(', ')})`;
  return (
    `FROM (SELECT $1::json AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT CASE WHEN json_typeof(pgrst_payload.json_data) = 'array' ` +
    `THEN pgrst_payload.json_data ELSE json_build_array(pgrst_payload.json_data) END AS val) pgrst_uniform_json, ` +
    `LATERAL (SELECT * FROM ${records}${limitOne ? ' LIMIT 1' : ''}) pgrst_body`
  );
}

function returning(table: string, output: Output, representation: boolean): string {
  if (!representation || output.select.length === 0) return 'RETURNING 1';
  return `RETURNING ${selectList(table, output.select)}`;
}

/**
 * A read whose answer stops at `maxBytes` of JSON: the page keeps its leading rows while their
 * running size fits (always at least one row), the rest is left for the next request. This is the
 * answer PostgREST gives when db-max-rows cuts a page: a shorter page, `Content-Range` saying which
 * rows it holds and, with count=exact, 206 and the total; without a count, 206 too (`cut`), so a
 * client paging by id without counting knows rows are left. So a client that pages by what it was
 * given (offset = the previous upper bound + 1) reads every row, and no single GET can make the
 * server build (or PGlite grow its never-shrinking WASM heap to) more than about `maxBytes`.
 * Refusing instead (a 4xx/5xx) would let a wall full of large-but-valid signatures make the
 * full-wall read fail for everyone.
 *
 * Each row is printed once, as json_agg prints it (row_to_json, joined with json_agg's own
 * separator), and that text is both measured (plus a separator) and answered: measuring a row and
 * then printing it again for json_agg cost a page a third more of the database's time.
 */
function wrapCapped(source: string, singular: boolean, total: string, maxBytes: number): string {
  const rows =
    `SELECT pg_catalog.row_to_json(_s)::text AS j, pg_catalog.row_number() OVER () AS n ` +
    `FROM (${source}) _s`;
  const fitting =
    `SELECT _j.j, _j.n, (_j.n = 1 OR pg_catalog.sum(pg_catalog.octet_length(_j.j) + 4) ` +
    `OVER (ORDER BY _j.n ROWS UNBOUNDED PRECEDING) <= ${maxBytes}) AS fits FROM (${rows}) _j`;
  const joined = `pg_catalog.string_agg(_w.j, E', \\n ' ORDER BY _w.n) FILTER (WHERE _w.fits)`;
  // Singular: one row is its own text (more is PGRST116, whatever the body says).
  const body = singular ? `coalesce(${joined}, 'null')` : `coalesce('[' || ${joined} || ']', '[]')`;
  return (
    `SELECT ${total} AS total_count, ` +
    `(pg_catalog.count(*) FILTER (WHERE _w.fits))::int AS page_total, ${body} AS body, ` +
    `coalesce(pg_catalog.bool_or(NOT _w.fits), false) AS cut FROM (${fitting}) _w`
  );
}

export interface StatementOptions {
  /** Reads only: the most bytes of JSON one answer may hold (see wrapCapped). */
  maxResponseBytes?: number;
}

export function buildStatement(plan: Plan, options: StatementOptions = {}): Statement {
  const params: string[] = [];
  const table = qualified(plan.table);
  if (plan.kind === 'read') {
    const columns = plan.select.length > 0 ? selectList(plan.table, plan.select) : '';
    const where = whereClause(plan.table, plan.filters, params);
    const source =
      `SELECT ${columns} FROM ${table}${where}${orderClause(plan.table, plan.order)}` +
      ` LIMIT ${plan.limit} OFFSET ${plan.offset}`;
    const total = plan.count
      ? `(SELECT pg_catalog.count(*) FROM ${table}${where})::int`
      : 'null::int';
    const cap = options.maxResponseBytes;
    if (cap === undefined || !Number.isFinite(cap)) {
      return { text: wrap(source, bodyExpression(plan, true), total), params };
    }
    return { text: wrapCapped(source, plan.singular, total, Math.floor(cap)), params };
  }
  // Writes need no cap: an insert answers the row it was sent (bodies are capped at 512 KiB), and
  // anonymous visitors can neither update nor delete; only the owner's service key can, and it
  // chooses what to have sent back.
  const body = bodyExpression(plan, plan.representation);
  const ret = returning(plan.table, plan, plan.representation);
  if (plan.kind === 'delete') {
    const where = whereClause(plan.table, plan.filters, params);
    return { text: wrap(`DELETE FROM ${table}${where} ${ret}`, body, 'null::int'), params };
  }
  params.push(plan.payload);
  const names = plan.columns.map((column) => ident(column.name));
  const fromBody = plan.columns.map((column) => `pgrst_body.${ident(column.name)}`);
  if (plan.kind === 'insert') {
    const target = names.length > 0 ? `${table}(${names.join(', ')})` : table;
    const source = `INSERT INTO ${target} SELECT ${fromBody.join(', ')} ${jsonBody(plan.columns, false)} ${ret}`;
    return { text: wrap(source, body, 'null::int'), params };
  }
  if (plan.columns.length === 0) {
    // PATCH with an empty object changes nothing; PostgREST also answers without touching a row.
    return { text: wrap('SELECT 1 WHERE false', body, 'null::int'), params: [] };
  }
  const sets = names.map((name, index) => `${name} = ${fromBody[index]}`).join(', ');
  const where = whereClause(plan.table, plan.filters, params);
  const source = `UPDATE ${table} SET ${sets} ${jsonBody(plan.columns, true)}${where} ${ret}`;
  return { text: wrap(source, body, 'null::int'), params };
}
