/**
 * Which columns a JSON body writes, following PostgREST (`payloadAttributes`, §2.2 of
 * docs/research/postgrest-wire.md). Without `columns=` the server parses the body itself: invalid JSON is PGRST102,
 * an array of objects with different keys (or not objects) is PGRST102 "All object keys must match".
 * With `columns=` the raw text goes to Postgres untouched, so malformed JSON is Postgres' own 22P02.
 *
 * Two refusals PostgREST does not make, both before any parser runs or any row is built:
 * - nesting deeper than a row needs (body-scan.ts), on both paths: `$1::json` parses recursively;
 * - a scalar body (`42`, `"x"`, `null`, `true`): PostgREST truncates it to `[]` and answers 201 with
 *   nothing stored (PostgREST issue #1323, open), which tells a broken client it succeeded. Here it
 *   is PGRST102, as for any other body that is no row.
 */
import type { ColumnDef } from './ast.ts';
import { checkBodyDepth } from './body-scan.ts';
import { pgrst } from './envelope.ts';
import { parseColumnsParam } from './query.ts';

export interface Payload {
  columns: ColumnDef[];
  /** JSON text for `$1::json`. */
  text: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Linear in the keys (a Set, not includes): a body of two 50,000-key objects stays cheap. */
function sameKeys(a: string[], b: ReadonlySet<string>): boolean {
  return a.length === b.size && a.every((key) => b.has(key));
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
  if (!Array.isArray(json)) {
    throw pgrst.invalidBody(
      'Empty or invalid json',
      `The body is a JSON ${json === null ? 'null' : typeof json}; send an object, or an array of objects.`,
    );
  }
  if (json.length > 0) {
    const first: unknown = json[0];
    if (!isObject(first)) throw pgrst.invalidBody('All object keys must match');
    const keys = Object.keys(first);
    const keySet = new Set(keys);
    const uniform = json.every(
      (item: unknown) => isObject(item) && sameKeys(Object.keys(item), keySet),
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
  checkBodyDepth(raw);
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
