/**
 * The data API's request, from the parsed HTTP request to the finished response, as PostgREST's
 * `App.hs` runs it: parse and plan (server/rest), the read cache, one transaction as the request's
 * role (request context, then the statement server/rest built), respond. No Fastify here: the route
 * (rest-route.ts) turns HTTP into a `DataRequest` and the `DataAnswer` back into HTTP.
 */
import type { Database } from '../db/types.ts';
import type { ApiRole } from '../http/api-key.ts';
import { compressBody } from '../http/compress-json.ts';
import { ReadCache, type CachedResponse, type Encoded } from '../cache/read-cache.ts';
import type { RequestSettings } from '../http/request-settings.ts';
import type { FunctionCache, RpcPlan, SchemaCache } from '../rest/ast.ts';
import { parseRequest, type RestRequest } from '../rest/parse.ts';
import { buildRpcStatement, isRpcPath, parseRpc, respondRpc } from '../rest/rpc.ts';
import { checkSingular, respond, type ResultRow } from '../rest/respond.ts';
import { buildStatement } from '../rest/sql.ts';
import { CachedReads } from '../cache/cached-reads.ts';
import { readCacheKey, worthCaching } from '../cache/read-cache-key.ts';
import { applyRequestContext } from './request-context.ts';

export interface DataApiOptions {
  db: Database;
  schema: SchemaCache;
  /** Functions callable as `POST /rpc/<name>` (schema-cache.ts); unset: none. */
  functions?: FunctionCache;
  /** Told of every function call that succeeded, after its transaction committed (app.ts
   * wakes the report notifier with it). */
  onCall?: (plan: RpcPlan, request: DataRequest) => void;
  /** Tables with a version (server/db/table-version.ts): only their reads are cached. */
  versionedTables: ReadonlySet<string>;
  maxRows: number;
  /** The most bytes of JSON one read answers (sql.ts, wrapCapped). */
  maxResponseBytes: number;
  /** PostgREST's `db-pre-request`, called in each request's transaction (request-context.ts). */
  preRequest?: string;
  /** How long a read with a cached snapshot waits for fresh rows (server/cache/cached-reads.ts). */
  snapshotAfterMs?: number;
}

export interface DataRequest {
  rest: RestRequest;
  /** Whose rows and grants: the role of the request's key (server/http/api-key.ts). */
  role: ApiRole;
  /** The client key: whose turn at the database this is (server/http/client-key.ts). */
  client: string;
  /** What SQL learns of the request (`request.method`, `request.path`, `request.headers`). */
  settings: RequestSettings;
}

export interface DataAnswer {
  response: CachedResponse;
  /** Set when the answer is the read cache's last snapshot, not the current rows. */
  ageMs?: number;
  /** The read cache's key when the read is one it keeps, so its compressed copies are reused. */
  cacheKey?: string;
}

export class DataApi {
  readonly #options: DataApiOptions;
  readonly #readCache = new ReadCache();
  readonly #cachedReads: CachedReads;

  constructor(options: DataApiOptions) {
    this.#options = options;
    this.#cachedReads = new CachedReads(options.db, this.#readCache, options.snapshotAfterMs);
  }

  /** The response to one request; throws what the route renders in the envelope (errors.ts). */
  async answer({ rest, role, client, settings }: DataRequest): Promise<DataAnswer> {
    const { db, schema, maxRows, maxResponseBytes, versionedTables, preRequest } = this.#options;
    const readCache = this.#readCache;
    if (isRpcPath(rest.path)) return this.#call({ rest, role, client, settings });
    const { plan, prefs } = parseRequest(rest, schema, maxRows);
    const cacheKey =
      plan.kind === 'read' && versionedTables.has(plan.table) && worthCaching(plan, rest.query)
        ? readCacheKey(role, plan, prefs, rest.query)
        : undefined;
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
    if (!cacheKey) return { response: await transaction() };
    const { response, ageMs } = await this.#cachedReads.read(cacheKey, plan.table, transaction);
    return { response, ageMs, cacheKey };
  }

  /** `POST /rpc/<name>`: one transaction as the key's role, never cached (rpc.ts). */
  async #call(request: DataRequest): Promise<DataAnswer> {
    const { db, functions = new Map(), preRequest, onCall } = this.#options;
    const plan = parseRpc(request.rest, functions, request.role);
    const response = await db.transaction(
      async (tx): Promise<CachedResponse> => {
        await applyRequestContext(tx, request.settings, preRequest);
        const statement = buildRpcStatement(plan);
        const [result] = await tx.query<ResultRow>(statement.text, statement.params);
        return respondRpc(plan, result!);
      },
      { role: request.role, client: request.client, kind: 'write' },
    );
    onCall?.(plan, request);
    return { response };
  }

  /** The answer's body for this Accept-Encoding: a cached read's compressed copy is made once. */
  encode(answer: DataAnswer, acceptEncoding: string | undefined): Promise<Encoded> {
    return answer.cacheKey
      ? this.#readCache.compressed(answer.cacheKey, answer.response, acceptEncoding)
      : compressBody(answer.response.body, acceptEncoding);
  }
}
