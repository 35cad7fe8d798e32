/**
 * Every failure of a data API request, whichever layer threw it, answered once in PostgREST's
 * envelope: the REST layer's own errors as they are, the database's translated here (an SQL error by
 * PostgREST's SQLSTATE rule, a database that is away as 503 PGRST001, a wait for a turn that ran out
 * as 504 PGRST003). This is the one place that knows both server/db's errors and HTTP statuses.
 */
import type { FastifyReply } from 'fastify';
import {
  DatabaseUnavailableError,
  isSqlError,
  isUnavailableError,
  TurnTimeoutError,
} from '../db/errors.ts';
import type { ApiRole } from '../http/api-key.ts';
import { corsHeaders } from '../http/cors.ts';
import { ApiError, fromSqlError, internalError } from '../rest/envelope.ts';

/**
 * PostgREST's answer when no pooled connection frees up in time (`db-pool-acquisition-timeout`),
 * here also when the wait for a turn at the database runs out.
 */
function turnTimeout(error: TurnTimeoutError): ApiError {
  return new ApiError(504, { code: 'PGRST003', message: error.message });
}

/**
 * Any thrown error as the envelope it is answered with. `role`: PostgREST answers 42501 with 401 for
 * the anonymous role, 403 for any other.
 */
export function toApiError(error: unknown, role: ApiRole = 'anon'): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TurnTimeoutError) return turnTimeout(error);
  if (isSqlError(error)) return fromSqlError(error, role !== 'anon');
  // PostgREST's code while the database is unreachable; clients retry GETs on 503.
  if (isUnavailableError(error))
    return new ApiError(503, { code: 'PGRST001', message: error.message });
  return new ApiError(500, { code: 'PGRST500', message: 'unexpected error' });
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

/**
 * Renders any error in PostgREST's envelope. A 4xx says what was wrong with the request; a 5xx says
 * only "Internal server error" (and its code), while the cause, which may carry database internals
 * and file paths, goes to the log with the request's id.
 */
export function sendError(
  reply: FastifyReply,
  error: unknown,
  role: ApiRole = 'anon',
): FastifyReply {
  let apiError = toApiError(error, role);
  // Busy is not broken: every "not now" says when to come back.
  if (
    (apiError.status === 503 || apiError.status === 504) &&
    !Object.keys(apiError.headers).some((name) => name.toLowerCase() === 'retry-after')
  ) {
    apiError = new ApiError(apiError.status, apiError.body, {
      ...apiError.headers,
      'Retry-After': String(retryAfterSeconds(error)),
    });
  }
  if (apiError.status >= 500) {
    // A restart of PGlite is expected and its watchdog logged the cause once: no stack per request.
    if (error instanceof DatabaseUnavailableError) reply.log.warn({ status: 503 }, error.message);
    else reply.log.error({ err: error, status: apiError.status }, 'request failed');
    apiError = internalError(apiError.status, apiError.body.code, apiError.headers);
  }
  corsHeaders(reply);
  reply.code(apiError.status).headers(apiError.headers);
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(apiError.body));
}
