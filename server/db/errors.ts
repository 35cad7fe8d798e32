/** Errors the database layer throws that the HTTP layer answers without a 500. */
import { ApiError } from '../rest/errors.ts';

/**
 * The database cannot take the request right now (PGlite restarting after its watchdog fired, or
 * closed). The `E…` code is what the API's error renderer answers as 503 PGRST001, the envelope
 * clients already retry on. The message is shown to clients, so it names no internals.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'EDBRESTART';
  constructor(message = 'The database is restarting; retry in a few seconds.') {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** PostgREST's answer when no pooled connection frees up in time (`db-pool-acquisition-timeout`). */
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
