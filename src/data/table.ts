/** The wall's table on the data API: its name, page size, and how its failures are reported. */
import type { SignatureRow } from '../domain/signature.ts';

export const TABLE = 'signatures';
/** The live poll's query (src/data/live-signatures.ts): also what catches up after a lost race. */
export const LIVE_SIGNATURES_KEY = ['signatures-live'] as const;
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
