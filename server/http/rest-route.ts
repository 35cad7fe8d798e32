/**
 * `/rest/*`: the PostgREST-compatible data API. Runs the pipeline parse → SQL → database (one
 * transaction per request, as the role of its key: anon, or service_role with the service key) →
 * respond, and renders every failure in the envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DatabaseUnavailableError,
  isSqlError,
  isUnavailableError,
  retryAfterSeconds,
} from '../db/errors.ts';
import type { Database } from '../db/index.ts';
import type { SchemaCache } from '../rest/ast.ts';
import { ApiError, fromSqlError, internalError, pgrst } from '../rest/errors.ts';
import { parseRequest, type RestRequest } from '../rest/parse.ts';
import { checkSingular, respond, type ResultRow } from '../rest/respond.ts';
import { buildStatement } from '../rest/sql.ts';
import { requestRole, type ApiRole } from './api-key.ts';
import { compressBody } from './compress-json.ts';
import { CachedReads } from './cached-read.ts';
import { requestClientKey } from './client-key.ts';
import { answerPreflight, corsHeaders, isPreflight } from './cors.ts';
import { ReadCache, readCacheKey, worthCaching, type CachedResponse } from './read-cache.ts';
import {
  applyRequestContext,
  requestSettings,
  type RequestContextOptions,
} from './request-context.ts';
import { DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS, isSave, SavesInFlight } from './saves-in-flight.ts';

export interface RestOptions {
  db: Database;
  schema: SchemaCache;
  anonKey: string;
  /** Requests with this key run as service_role; unset: none do. */
  serviceRoleKey?: string;
  /** Tables with a version (server/db/table-version.ts): only their reads are cached. */
  versionedTables: ReadonlySet<string>;
  maxRows: number;
  /** The most bytes of JSON one read answers (sql.ts, wrapCapped). */
  maxResponseBytes: number;
  /** The client address rule and PostgREST's db-pre-request (request-context.ts). */
  requestContext?: RequestContextOptions;
  /** Saves one client address may have in flight (saves-in-flight.ts); 0: no limit. */
  savesInFlightPerAddress?: number;
}

const PREFIX = '/rest/v1/';

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
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  // PostgREST answers 42501 with 401 for the anonymous role, 403 for any other.
  else if (isSqlError(error)) apiError = fromSqlError(error, role !== 'anon');
  else if (isUnavailableError(error)) {
    // PostgREST's code while the database is unreachable; clients retry GETs on 503.
    apiError = new ApiError(503, { code: 'PGRST001', message: error.message });
  } else {
    apiError = new ApiError(500, { code: 'PGRST500', message: 'unexpected error' });
  }
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

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function toRestRequest(request: FastifyRequest): { rest: RestRequest; apikey: string | null } {
  const url = request.raw.url ?? '/';
  const questionMark = url.indexOf('?');
  const pathname = questionMark < 0 ? url : url.slice(0, questionMark);
  const search = new URLSearchParams(questionMark < 0 ? '' : url.slice(questionMark + 1));
  // The gateway takes `apikey` from the URL; PostgREST never sees it, so it is no filter.
  const apikey = search.get('apikey');
  search.delete('apikey');
  if (!pathname.startsWith(PREFIX)) throw pgrst.invalidPath();
  let path: string;
  try {
    path = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    throw pgrst.invalidPath();
  }
  const rest: RestRequest = {
    method: request.method,
    path,
    query: [...search.entries()],
    headers: {
      accept: header(request, 'accept'),
      prefer: header(request, 'prefer'),
      acceptProfile: header(request, 'accept-profile'),
      contentProfile: header(request, 'content-profile'),
      contentType: header(request, 'content-type'),
      range: header(request, 'range'),
    },
    body: typeof request.body === 'string' ? request.body : undefined,
  };
  return { rest, apikey };
}

export function registerRest(app: FastifyInstance, options: RestOptions): void {
  const { db, schema, maxRows, maxResponseBytes, versionedTables } = options;
  const keys = { anon: options.anonKey, serviceRole: options.serviceRoleKey };
  const { trustProxy = 0, preRequest } = options.requestContext ?? {};
  const readCache = new ReadCache();
  const cachedReads = new CachedReads(db, readCache);
  const savesInFlight = new SavesInFlight(
    options.savesInFlightPerAddress ?? DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
  );

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/rest/*',
    exposeHeadRoute: false,
    compress: false, // see compress-json.ts
    handler: async (request, reply) => {
      if (isPreflight(request)) return answerPreflight(request, reply);
      let role: ApiRole = 'anon';
      /** The client whose save is counted in, to count out when the answer is ready. */
      let saving: string | undefined;
      try {
        const { rest, apikey } = toRestRequest(request);
        role = requestRole(request.headers.apikey, apikey, header(request, 'authorization'), keys);
        if (request.method === 'OPTIONS') {
          corsHeaders(reply);
          return reply.code(200).header('Allow', 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE').send('');
        }
        const client = requestClientKey(request, trustProxy);
        // Before the body's JSON is parsed or the database touched; the owner's key is never limited.
        if (isSave(request.method) && role !== 'service_role') {
          if (!savesInFlight.enter(client)) throw savesInFlight.refusal();
          saving = client;
        }
        const { plan, prefs } = parseRequest(rest, schema, maxRows);
        const cacheKey =
          plan.kind === 'read' && versionedTables.has(plan.table) && worthCaching(plan, rest.query)
            ? readCacheKey(role, plan, prefs, rest.query)
            : undefined;
        const settings = requestSettings(request, trustProxy);
        const transaction = () =>
          db.transaction(
            async (tx): Promise<CachedResponse> => {
              // First, as PostgREST: the request.* settings, then the pre-request function.
              await applyRequestContext(tx, settings, preRequest);
              let version: string | undefined;
              if (cacheKey) {
                version = await db.tableVersions.read(tx, plan.table);
                const cached = readCache.lookup(cacheKey, version);
                if (cached?.fresh) return cached.response;
              }
              const statement = buildStatement(plan, { maxResponseBytes });
              const [result] = await tx.query<ResultRow>(statement.text, statement.params);
              // Throwing inside the transaction rolls back a write that produced ≠ 1 row.
              checkSingular(plan, result!);
              const built = respond(plan, prefs, result!, rest.query);
              // Stored before the transaction ends, so requests queued behind this one hit it.
              if (cacheKey && version !== undefined && built.status < 300) {
                readCache.set(cacheKey, version, built);
              }
              return built;
            },
            { role, client, kind: plan.kind === 'read' ? 'read' : 'write' },
          );
        const { response, ageMs } = cacheKey
          ? await cachedReads.read(cacheKey, plan.table, transaction)
          : { response: await transaction(), ageMs: undefined };
        corsHeaders(reply);
        reply.code(response.status).headers(response.headers).header('Vary', 'Accept-Encoding');
        if (ageMs !== undefined) reply.header('Age', String(Math.floor(ageMs / 1000)));
        // No body (HEAD, 204, return=minimal): nothing to send, and so no Content-Type either.
        if (request.method === 'HEAD' || response.body === '') return reply.send();
        const acceptEncoding = header(request, 'accept-encoding');
        const encoded = cacheKey
          ? await readCache.compressed(cacheKey, response, acceptEncoding)
          : await compressBody(response.body, acceptEncoding);
        if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
        return reply.send(encoded.body);
      } catch (error) {
        return sendError(reply, error, role);
      } finally {
        if (saving !== undefined) savesInFlight.leave(saving);
      }
    },
  });
}
