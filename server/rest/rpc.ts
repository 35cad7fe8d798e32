/**
 * `POST /rpc/<name>`: a function of schema public called with named arguments, as PostgREST and
 * supabase-js `.rpc()` do. Pure: the function cache (which functions exist, their arguments and
 * types, and who may execute them, all read from the database at start) is passed in.
 *
 * - The body is one JSON object of named arguments (empty: no arguments). Its keys must be the
 *   function's argument names, naming at least those without a default; anything else is PostgREST's
 *   404 PGRST202, so only functions of public can ever be reached (pg_catalog's `pg_sleep`, or
 *   signwall's helpers, are not in the cache) and no name from the request reaches SQL unchecked.
 * - A role without EXECUTE gets Postgres's own refusal, 42501 (401 for anon, 403 otherwise), before
 *   the database is asked; the database would refuse it the same way.
 * - The values travel as one parameter, `$1::json`, read by `json_to_record` into the arguments'
 *   types, so a value of the wrong type is Postgres's own 22P02, as PostgREST answers it.
 * - The answer: 204 for void, a JSON array for a set-returning function, the JSON value otherwise.
 */
import type { ColumnDef, FunctionCache, FunctionDef, RpcPlan } from './ast.ts';
import { checkBodyDepth } from './body-scan.ts';
import { ApiError, pgrst } from './envelope.ts';
import { checkContentType, checkProfile } from './headers.ts';
import type { RestRequest } from './parse.ts';
import type { ResultRow, RestResponse } from './respond.ts';
import { quoteIdent, type Statement } from './sql.ts';

export const RPC_PREFIX = 'rpc/';

export function isRpcPath(path: string): boolean {
  return path.startsWith(RPC_PREFIX);
}

/** Names echoed in an error at most: a body of 50,000 keys gets a short answer. */
const MAX_NAMES_ECHOED = 8;
const MAX_NAME_ECHOED = 64;

/** PostgREST's PGRST202, naming what was asked for (argument names sorted, as PostgREST does). */
function unknownFunction(name: string, argNames: readonly string[]): ApiError {
  const short = (text: string) =>
    text.length > MAX_NAME_ECHOED ? `${text.slice(0, MAX_NAME_ECHOED)}…` : text;
  const sorted = [...argNames].sort().slice(0, MAX_NAMES_ECHOED).map(short);
  if (argNames.length > MAX_NAMES_ECHOED) sorted.push('…');
  name = short(name);
  const signature = `public.${name}(${sorted.join(', ')})`;
  return new ApiError(404, {
    code: 'PGRST202',
    message: `Could not find the function ${signature} in the schema cache`,
    details: `Searched for the function public.${name} with ${
      sorted.length === 0 ? 'no parameters' : `parameters ${sorted.join(', ')}`
    }, but no matches were found in the schema cache.`,
    hint: null,
  });
}

/** Postgres's refusal of EXECUTE, with PostgREST's statuses: 401 for anon, 403 for others. */
function notExecutable(name: string, role: string): ApiError {
  const status = role === 'anon' ? 401 : 403;
  return new ApiError(
    status,
    { code: '42501', message: `permission denied for function ${name}`, details: null, hint: null },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body's argument names: an object's keys; a blank body names none. */
function argumentNames(raw: string): string[] {
  if (raw.trim() === '') return [];
  checkBodyDepth(raw);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw pgrst.invalidBody('Empty or invalid json');
  }
  if (!isObject(json)) {
    throw pgrst.invalidBody(
      'Empty or invalid json',
      'Send the function\'s arguments as one JSON object, e.g. {"signature_id": 1}.',
    );
  }
  return Object.keys(json);
}

/** The plan of `POST /rpc/<name>` run as `role`; throws what PostgREST would answer. */
export function parseRpc(req: RestRequest, functions: FunctionCache, role: string): RpcPlan {
  const name = req.path.slice(RPC_PREFIX.length);
  if (req.method !== 'POST') {
    throw pgrst.parse(
      `${req.method} /rpc is not supported by this server; call functions with POST`,
    );
  }
  if (req.query.length > 0) {
    throw pgrst.parse('Query parameters on /rpc are not supported by this server');
  }
  checkProfile(req.headers.contentProfile);
  checkContentType(req.headers.contentType);
  const raw = req.body ?? '';
  const names = argumentNames(raw);
  const fn: FunctionDef | undefined = functions.get(name);
  if (!fn) throw unknownFunction(name, names);
  const byName = new Map(fn.args.map((arg) => [arg.name, arg]));
  const required = fn.args.slice(0, fn.requiredArgs);
  if (names.some((key) => !byName.has(key)) || required.some((arg) => !names.includes(arg.name))) {
    throw unknownFunction(name, names);
  }
  if (!fn.executableBy.includes(role)) throw notExecutable(name, role);
  const given = new Set(names);
  return {
    kind: 'rpc',
    function: fn,
    args: fn.args.filter((arg) => given.has(arg.name)),
    payload: raw.trim() === '' ? '{}' : raw,
  };
}

/**
 * One statement, returning the row shape every statement here returns ({total_count, page_total,
 * body}). Only quoted names from the function cache are in the text; the values are `$1`.
 */
export function buildRpcStatement(plan: RpcPlan): Statement {
  const fn = `"public".${quoteIdent(plan.function.name)}`;
  const named = plan.args.map(
    (arg) => `${quoteIdent(arg.name)} := pgrst_args.${quoteIdent(arg.name)}`,
  );
  const call = `${fn}(${named.join(', ')})`;
  const from = argsSource(plan.args);
  const params = plan.args.length > 0 ? [plan.payload] : [];
  let text: string;
  if (plan.function.returns === 'set') {
    text =
      `WITH pgrst_source AS (SELECT pgrst_call.* ${from}, LATERAL ${call} pgrst_call) ` +
      `SELECT null::int AS total_count, pg_catalog.count(_t)::int AS page_total, ` +
      `coalesce(pg_catalog.json_agg(_t), '[]')::text AS body FROM (SELECT * FROM pgrst_source) _t`;
  } else if (plan.function.returns === 'void') {
    // Materialized: the call runs exactly once, though its (void) value is never read.
    text =
      `WITH pgrst_source AS MATERIALIZED (SELECT ${call} AS pgrst_value ${from}) ` +
      `SELECT null::int AS total_count, pg_catalog.count(*)::int AS page_total, ''::text AS body ` +
      `FROM pgrst_source`;
  } else {
    text =
      `WITH pgrst_source AS MATERIALIZED (SELECT ${call} AS pgrst_value ${from}) ` +
      `SELECT null::int AS total_count, pg_catalog.count(*)::int AS page_total, ` +
      `coalesce(pg_catalog.max(pg_catalog.to_json(pgrst_value)::text), 'null') AS body ` +
      `FROM pgrst_source`;
  }
  return { text, params };
}

function argsSource(args: readonly ColumnDef[]): string {
  if (args.length === 0) return 'FROM (SELECT) pgrst_args';
  const columns = args.map((arg) => `${quoteIdent(arg.name)} ${arg.type}`).join(', ');
  return `FROM pg_catalog.json_to_record($1::json) AS pgrst_args(${columns})`;
}

/** 204 for void, else 200 with the JSON the statement built. */
export function respondRpc(plan: RpcPlan, row: ResultRow): RestResponse {
  if (plan.function.returns === 'void') return { status: 204, headers: {}, body: '' };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Profile': 'public',
  };
  if (plan.function.returns === 'set') {
    headers['Content-Range'] = row.page_total > 0 ? `0-${row.page_total - 1}/*` : '*/*';
  }
  return { status: 200, headers, body: row.body };
}
