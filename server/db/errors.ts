/**
 * What went wrong in the database layer, decided in one place: the errors it throws, and the
 * classifiers the data API (server/api/error-answers.ts), `/healthz` and the PGlite worker's watchdog use
 * to tell an SQL error from a database that is not there. Nothing here knows HTTP or the REST
 * envelope: which status each becomes is the data API's decision.
 */

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
 * The wait for a turn at the database ran out (fair-scheduler.ts), or pg's pool had no connection
 * in time: the database is busy, not broken. The data API answers it as PostgREST answers
 * `db-pool-acquisition-timeout`: 504 PGRST003.
 */
export class TurnTimeoutError extends Error {
  constructor(message = 'Timed out acquiring connection from connection pool.') {
    super(message);
    this.name = 'TurnTimeoutError';
  }
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
