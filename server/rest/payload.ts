/**
 * Which columns a JSON body writes, following PostgREST (`payloadAttributes`, §2.2 of
 * postgrest-wire.md). Without `columns=` the server parses the body itself: invalid JSON is PGRST102,
 * an array of objects with different keys is PGRST102 "All object keys must match", and anything that
 * is neither an object nor an array of objects becomes an empty array. With `columns=` the raw text
 * goes to Postgres untouched, so malformed JSON is Postgres' own 22P02.
 */
import type { ColumnDef } from './ast.ts';
import { pgrst } from './errors.ts';
import { parseColumnsParam } from './query.ts';

export interface Payload {
  columns: ColumnDef[];
  /** JSON text for `$1::json`. */
  text: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((key) => b.includes(key));
}

/** Keys of the body per PostgREST's rules, or null when the body carries no columns at all. */
function bodyKeys(raw: string): { keys: string[]; text: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw pgrst.invalidBody('Empty or invalid json');
  }
  if (isObject(json)) return { keys: Object.keys(json), text: raw };
  if (Array.isArray(json) && json.length > 0) {
    const first: unknown = json[0];
    if (!isObject(first)) throw pgrst.invalidBody('All object keys must match');
    const keys = Object.keys(first);
    const uniform = json.every(
      (item: unknown) => isObject(item) && sameKeys(Object.keys(item), keys),
    );
    if (!uniform) throw pgrst.invalidBody('All object keys must match');
    return { keys, text: raw };
  }
  return { keys: [], text: '[]' };
}

export function resolvePayload(
  raw: string,
  columnsParam: string | null,
  table: string,
  tableColumns: readonly ColumnDef[],
): Payload {
  const fromParam = columnsParam !== null;
  const { keys, text } = fromParam
    ? { keys: parseColumnsParam(columnsParam), text: raw }
    : bodyKeys(raw);
  const columns = keys.map((key) => {
    const column = tableColumns.find((candidate) => candidate.name === key);
    if (!column) throw pgrst.unknownColumn(key, table);
    return column;
  });
  return { columns, text };
}
