/**
 * What went wrong in the database layer, decided in one place: errors it throws that the HTTP layer
 * answers without a 500, and the classifiers the API's error renderer, `/healthz` and the PGlite
 * worker's watchdog all use to tell an SQL error from a database that is not there.
 */
import { ApiError, statusForSqlState } from '../rest/errors.ts';

/**
 * The database cannot take the request right now (PGlite restarting after its watchdog fired, or
 * closed). `isUnavailableError` holds for it, so the API answers 503 PGRST001, the envelope clients
 * already retry on. The message is shown to clients, so it names no internals.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'EDBRESTART';
  constructor(message = 'The database is restarting; retry in a few seconds.') {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * PostgREST's answer when no pooled connection frees up in time (`db-pool-acquisition-timeout`), here
 * when the wait for a turn at the database runs out (with Retry-After, as every 503 and 504).
 */
export function acquireTimeout(): ApiError {
  return new ApiError(504, {
    code: 'PGRST003',
    message: 'Timed out acquiring connection from connection pool.',
  });
}

/** A DATA_DIR the server must not, or cannot, open; main.ts prints the message alone and exits 1. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** An error Postgres raised: its SQLSTATE, message, and DETAIL and HINT when it gave them. */
export interface SqlErrorLike {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

/** True for errors raised by Postgres (pg and PGlite both expose its 5-character SQLSTATE as `code`). */
export function isSqlError(error: unknown): error is SqlErrorLike {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * True when the database is not there to answer, rather than answering with an error: PGlite
 * restarting or closed, a Node socket error (ECONNREFUSED, ECONNRESET …), pg's lost connection.
 */
export function isUnavailableError(error: unknown): error is Error {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    /Connection terminated|connection is closed|Client has encountered a connection error/i.test(
      error.message,
    )
  );
}

/**
 * True when the database is busy or away rather than the request wrong: a wait for a turn that ran
 * out, PGlite restarting, a connection refused or lost, a lock or statement timeout, a server short
 * of resources (every SQLSTATE that the API answers 503). Then a read may be answered from the last
 * snapshot the read cache holds.
 */
export function isBusyError(error: unknown): boolean {
  if (error instanceof ApiError) return error.body.code === 'PGRST003';
  if (isSqlError(error)) return statusForSqlState(error.code, error.message, false) === 503;
  return isUnavailableError(error);
}

/**
 * The Retry-After of a 503 or 504: a second for a wait that ran out (turns come every few hundred
 * milliseconds), two while PGlite restarts (about a second), ten when the server is short of
 * resources (a full disk does not clear in a second).
 */
export function retryAfterSeconds(error: unknown): number {
  if (isSqlError(error) && error.code.startsWith('53')) return 10;
  if (error instanceof DatabaseUnavailableError) return 2;
  return 1;
}
