/**
 * Errors in PostgREST's one envelope, `{code, details, hint, message}`, and PostgREST's rule for which
 * HTTP status a Postgres SQLSTATE becomes (v14 `Error.hs`, `pgErrorStatus`). supabase-js hands the body
 * to the app as `error`, so the shape and the status must match hosted Supabase exactly.
 */

/**
 * An error Postgres raised, as any driver reports it: its SQLSTATE, message, and DETAIL and HINT
 * when it gave them. Named here rather than taken from server/db, so the REST layer knows no driver.
 */
export interface PostgresError {
  code: string;
  message: string;
  detail?: string | null;
  hint?: string | null;
}

export interface ErrorBody {
  code: string | null;
  details: string | null;
  hint: string | null;
  message: string;
}

/** An error that already knows its HTTP status; thrown anywhere in the pipeline, rendered once. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: Partial<ErrorBody> & { message: string },
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = { code: null, details: null, hint: null, ...body };
    this.headers = headers;
  }
}

/** PostgREST's own request errors (PGRST1xx/2xx) with the texts PostgREST uses. */
export const pgrst = {
  parse: (message: string, details: string | null = null) =>
    new ApiError(400, { code: 'PGRST100', message, details }),
  invalidBody: (message: string, details: string | null = null) =>
    new ApiError(400, { code: 'PGRST102', message, details }),
  rangeNotSatisfiable: (offset: number, total: number) =>
    new ApiError(416, {
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    }),
  invalidSchema: (schema: string) =>
    new ApiError(406, {
      code: 'PGRST106',
      message: `Invalid schema: ${schema}`,
      hint: 'Only the following schemas are exposed: public',
    }),
  unacceptable: (mediaType: string) =>
    new ApiError(406, {
      code: 'PGRST107',
      message: `None of these media types are available: ${mediaType}`,
    }),
  unsupportedContentType: (mediaType: string) =>
    new ApiError(415, {
      code: 'PGRST107',
      message: `Content-Type not acceptable: ${mediaType}`,
      hint: 'Send the body as application/json',
    }),
  singular: (rows: number) =>
    new ApiError(406, {
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${rows} rows`,
    }),
  strictPreferences: (invalid: string[]) =>
    new ApiError(400, {
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${invalid.join(', ')}`,
    }),
  invalidPath: () =>
    new ApiError(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' }),
  unknownColumn: (column: string, table: string) =>
    new ApiError(400, {
      code: 'PGRST204',
      message: `Could not find the '${column}' column of '${table}' in the schema cache`,
    }),
  unknownTable: (table: string) =>
    new ApiError(404, {
      code: 'PGRST205',
      message: `Could not find the table 'public.${table}' in the schema cache`,
    }),
  bodyTooLarge: (limit: number) =>
    new ApiError(413, {
      code: 'PGRST413',
      message: `Request body is larger than ${limit} bytes`,
      hint: 'Signatures are far smaller; check what is being sent.',
    }),
};

/**
 * Column errors phrased as Postgres phrases them behind PostgREST (42703 → 400), raised by the server
 * itself so that only the table's own columns are ever named: system columns (ctid, xmin, tableoid …)
 * exist for Postgres, but are no part of the API.
 */
export const columnErrors = {
  unknown: (column: string, table: string) =>
    new ApiError(400, { code: '42703', message: `column ${table}.${column} does not exist` }),
  /** 42701 duplicate_column: each column once, so one short URL cannot multiply the answer. */
  duplicate: (column: string) =>
    new ApiError(400, {
      code: '42701',
      message: `column "${column}" specified more than once`,
      hint: 'Name each column once in select (and not again next to *).',
    }),
};

/**
 * The body of every 5xx: the cause is logged, never sent (it can name files, internal states or the
 * database's own messages). The code stays, so a client can still tell a retryable 503 apart.
 */
export function internalError(
  status: number,
  code: string | null,
  headers: Record<string, string> = {},
) {
  return new ApiError(status, { code, message: 'Internal server error' }, headers);
}

/** The gateway's answers about the `apikey` (hosted Supabase: Kong, no `code`). */
export const gateway = {
  missingKey: () =>
    new ApiError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    }),
  invalidKey: () =>
    new ApiError(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    }),
  // Ours, not the gateway's: hosted Supabase refuses secret keys from browsers altogether.
  secretKeyInUrl: () =>
    new ApiError(401, {
      message: 'The secret key is not accepted in the URL',
      hint: 'Send it in the `apikey` header (supabase-js does), and make a new one: a URL is logged and kept in places a header is not.',
    }),
};

/**
 * HTTP status for a SQLSTATE, as PostgREST maps it, except where the database is busy rather than
 * broken: a wait that ran out (lock_timeout, statement_timeout), a transaction to try again
 * (serialization failure, deadlock), a server short of resources or not taking sessions. Those
 * answer 503 (with Retry-After, server/api/error-answers.ts) where PostgREST says 500, so a client can tell them
 * from a bug and retry. `authenticated` is false for the anon role, which turns 42501 into 401
 * (plus `WWW-Authenticate: Bearer`) instead of 403.
 */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409, // foreign_key_violation
    '23505': 409, // unique_violation
    '25006': 405, // read_only_sql_transaction
    '40001': 503, // serialization_failure (PostgREST: 500)
    '40P01': 503, // deadlock_detected (PostgREST: 500)
    '55P03': 503, // lock_not_available: lock_timeout (PostgREST: 500)
    '57014': 503, // query_canceled: statement_timeout (PostgREST: 500)
    '57P01': 503, // admin_shutdown
    '57P02': 503, // crash_shutdown (PostgREST: 500)
    '57P03': 503, // cannot_connect_now (PostgREST: 500)
    P0001: 400, // default code of RAISE
    '42883': 404, // undefined_function
    '42P01': 404, // undefined_table
    '42P17': 500, // infinite_recursion
  };
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '42501') return authenticated ? 403 : 401;
  const direct = exact[code];
  if (direct !== undefined) return direct;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503, // connection exception
    '09': 500, // triggered action exception
    '0L': 403, // invalid grantor
    '0P': 403, // invalid role specification
    '25': 500, // invalid transaction state
    '28': 403, // invalid authorization specification
    '2D': 500, // invalid transaction termination
    '38': 500, // external routine exception
    '39': 500, // external routine invocation exception
    '3B': 500, // savepoint exception
    '40': 500, // transaction rollback
    '53': 503, // insufficient resources, configuration_limit_exceeded too (PostgREST: 500)
    '54': 500, // program limit exceeded
    '55': 500, // object not in prerequisite state
    '57': 500, // operator intervention
    '58': 500, // system error
    F0: 500, // configuration file error
    HV: 500, // foreign data wrapper error
    P0: 500, // other PL/pgSQL errors
    XX: 500, // internal error
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** A Postgres error passed through as PostgREST does: SQLSTATE → code, DETAIL → details, HINT → hint. */
export function fromSqlError(error: PostgresError, authenticated = false): ApiError {
  if (error.code === 'PGRST') return fromRaisedPgrst(error);
  const status = statusForSqlState(error.code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(
    status,
    {
      code: error.code,
      message: error.message,
      details: error.detail ?? null,
      hint: error.hint ?? null,
    },
    headers,
  );
}

/**
 * `raise sqlstate 'PGRST'`: PostgREST's way for SQL to choose the whole answer (v14 `RaisePgrst`):
 * MESSAGE holds the envelope as JSON (`code` and `message` required, `details` and `hint` optional),
 * DETAIL holds `{"status": n, "headers": {name: value}}`. Anything else is PostgREST's 500 PGRST121.
 */
function fromRaisedPgrst(error: PostgresError): ApiError {
  const body = parseObject(error.message);
  const detail = parseObject(error.detail ?? '');
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const status = detail?.status;
  const headers = detail?.headers;
  if (
    !body ||
    text(body.code) === null ||
    text(body.message) === null ||
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < 100 ||
    status > 599 ||
    typeof headers !== 'object' ||
    headers === null ||
    Object.values(headers).some((value) => typeof value !== 'string')
  ) {
    return new ApiError(500, {
      code: 'PGRST121',
      message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
    });
  }
  return new ApiError(
    status,
    {
      code: text(body.code),
      message: text(body.message)!,
      details: text(body.details),
      hint: text(body.hint),
    },
    headers as Record<string, string>,
  );
}

function parseObject(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
