/**
 * What PostgREST tells SQL about each request: the transaction-local settings `request.method`,
 * `request.path` and `request.headers` (a JSON object of lower-cased header names, read from the
 * HTTP request by server/http/request-settings.ts), then its `db-pre-request` function, if one is
 * configured, before the request's own statement. SQL written for hosted Supabase (policies, the
 * flood limit's pre-request function) then works here unchanged.
 */
import { quoteIdent, type Tx } from '../db/types.ts';
import type { RequestSettings } from '../http/request-settings.ts';

export interface RequestContextOptions {
  /**
   * How many proxies in front of this server append to X-Forwarded-For (TRUST_PROXY); 0: none, the
   * client is the socket's peer and any X-Forwarded-For is the client's own word.
   */
  trustProxy: number;
  /** PostgREST's `db-pre-request`: a `schema.function` called before each request's statement. */
  preRequest?: string;
}

const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_$]*\.[A-Za-z_][A-Za-z0-9_$]*$/;

/** Throws for a name that is not `schema.function`, so a name put into SQL is only ever that. */
export function checkPreRequestName(name: string): void {
  if (!FUNCTION_NAME.test(name)) {
    throw new Error(`the pre-request function must be named schema.function, not ${name}`);
  }
}

/**
 * Sets the request's settings and calls the pre-request function in one statement (one round trip).
 * The values go as parameters, never into the SQL text: headers carry keys, and statement texts
 * show up in pg_stat_activity and in the server log of a failed statement. The materialized CTE
 * sets the settings before the outer query calls the function, which reads them.
 */
export async function applyRequestContext(
  tx: Tx,
  settings: RequestSettings,
  preRequest?: string,
): Promise<void> {
  const set =
    "select set_config('request.method', $1, true), set_config('request.path', $2, true)," +
    " set_config('request.headers', $3, true)";
  if (preRequest) checkPreRequestName(preRequest);
  const call = preRequest?.split('.').map(quoteIdent).join('.');
  const text = call ? `with request as materialized (${set}) select ${call}() from request` : set;
  await tx.query(text, [settings.method, settings.path, settings.headers]);
}
