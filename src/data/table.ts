/** The wall's table on the data API: its name, its columns, page size, and how failures are reported. */
import type { SignatureRow } from '../domain/signature.ts';

export const TABLE = 'signatures';

/**
 * The columns the app reads of a signature: exactly SignatureRow's, never `select=*`. The table
 * also holds what only the database needs (the `outline` box and its four edges, which the app
 * derives from the strokes itself, and `hidden`, always false for a visitor): reading them would
 * add bytes to every row of every load.
 */
export const SIGNATURE_COLUMNS = 'id,signature,caption,created_at';

type ColumnsOf<List extends string> = List extends `${infer Head},${infer Tail}`
  ? Head | ColumnsOf<Tail>
  : List;
// Fails to compile when SIGNATURE_COLUMNS and SignatureRow's fields differ, either way round.
const columnsMatchRow: [
  Exclude<keyof SignatureRow, ColumnsOf<typeof SIGNATURE_COLUMNS>>,
  Exclude<ColumnsOf<typeof SIGNATURE_COLUMNS>, keyof SignatureRow>,
] extends [never, never]
  ? true
  : never = true;
void columnsMatchRow;

/** Hosted Supabase caps every GET at 1000 rows (max_rows); ask for pages of that size. */
export const PAGE_SIZE = 1000;

/** A refusal or failure from the data API, with PostgREST's code and HTTP status. */
export class DataApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DataApiError';
  }
}

export function failure(
  what: string,
  error: { message: string; code?: string | null },
  status: number,
): DataApiError {
  return new DataApiError(`${what}: ${error.message}`, error.code ?? null, status);
}

export function warnSkipped(row: SignatureRow): void {
  console.warn(`Skipping signature #${row.id}: its strokes cannot be read.`, row.signature);
}
