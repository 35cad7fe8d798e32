/**
 * The server, built but not listening: tests start it in-process on port 0, `main.ts` on PORT.
 * Order matters: connection limits and security headers apply to everything, compression wraps every
 * reply (API JSON too: bytes matter on phones), the body limit and raw-text parsing come before any
 * route, then the API, then the app with its SPA fallback.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../src/domain/rules.ts';
import { sendError } from './api/error-answers.ts';
import { registerHealth } from './api/health.ts';
import { registerRest } from './api/rest-route.ts';
import { loadFunctionCache, loadSchemaCache } from './api/schema-cache.ts';
import { configureInsertLimit } from './settings/insert-limit.ts';
import { configureReportSettings } from './settings/report-settings.ts';
import { versionedTables } from './db/table-version.ts';
import type { Database } from './db/types.ts';
import { Activity } from './http/activity.ts';
import { limitUnsentAnswers } from './http/answer-budget.ts';
import {
  clientErrorHandler,
  DEFAULT_HTTP_LIMITS,
  fastifyHttpOptions,
  limitPerClient,
  type HttpLimits,
} from './http/connections.ts';
import {
  builtStyleHashes,
  registerSecurityHeaders,
  securityHeaders,
} from './http/security-headers.ts';
import { registerStatic } from './http/static.ts';
import { createLogger, pathOf, RequestLog, type Logger } from './log.ts';
import { registerRealtime } from './realtime/door.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { ReportNotifier, type ReportNotifierOptions } from './reports/report-notifier.ts';
import { ApiError, pgrst } from './rest/envelope.ts';
import { PREVIEW_PATH, registerShare } from './share/routes.ts';

/**
 * Default for `maxResponseBytes`: a full page of MAX_ROWS real signatures is ~5 MB (4.5 KB a row on
 * average), so 32 MB leaves room for pages of unusually large ones while no single answer can grow
 * the process (and PGlite's never-shrinking WASM heap) without bound.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface ServerOptions {
  db: Database;
  anonKey: string;
  /** SERVICE_ROLE_KEY: requests with it run as service_role; unset, none do. */
  serviceRoleKey?: string;
  /** Row cap per GET, like hosted Supabase's `max_rows`. */
  maxRows?: number;
  /** Byte cap per read answer; a page that would be larger stops early (rest/sql.ts). */
  maxResponseBytes?: number;
  /**
   * READ_SNAPSHOT_AFTER_MS: how long a read waits for fresh rows before the read cache's last
   * snapshot answers it (cache/cached-reads.ts); default SNAPSHOT_AFTER_MS.
   */
  readSnapshotAfterMs?: number;
  distDir: string;
  /** One log line per finished request (LOG_REQUESTS); errors are logged regardless. */
  logRequests?: boolean;
  /** Where lines go; default: a logger at `warn`, so tests show errors and nothing else. */
  logger?: Logger;
  /** Timeouts and connection caps; production defaults in connections.ts. */
  httpLimits?: Partial<HttpLimits>;
  /**
   * The data API's origin when the app was built for another one (VITE_SUPABASE_URL / API_ORIGIN),
   * allowed in the Content-Security-Policy's connect-src; null when the app calls this server.
   */
  apiOrigin?: string | null;
  /** Tables exposed under /rest/v1; everything else is 404 PGRST205. */
  tables?: string[];
  /**
   * Saves per client address per minute (INSERT_LIMIT_PER_MINUTE), written into the database at
   * start; 0: off. Unset: the database's setting is left alone and the limit is not checked.
   */
  insertLimitPerMinute?: number;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY); default 0, the socket's address. */
  trustProxy?: number;
  /**
   * Saves one client address may have in flight (MAX_SAVES_IN_FLIGHT_PER_ADDRESS); more get 429 at
   * once. Default 2 (http/saves-in-flight.ts); 0: no limit.
   */
  savesInFlightPerAddress?: number;
  /**
   * Distinct networks whose reports hide a signature at once (REPORTS_TO_HIDE), written into the
   * database at start; 0: off. Unset: the database's setting is left alone.
   */
  reportsToHide?: number;
  /**
   * Signatures hidden by reports in any hour, at most (REPORTS_HIDE_PER_HOUR), written into the
   * database at start. Unset: the database's setting is left alone (its default is 10).
   */
  reportsHidePerHour?: number;
  /**
   * Where reports are POSTed as JSON digests (REPORT_WEBHOOK_URL), with the notifier's timings
   * (reports/report-notifier.ts has the defaults); unset: nowhere, and the reports wait in the
   * database's queue.
   */
  reportWebhook?: { url: string } & Partial<
    Pick<ReportNotifierOptions, 'timeoutMs' | 'gatherMs' | 'minGapMs' | 'pollMs' | 'leaseMs'>
  >;
  /** The wall's public address (PUBLIC_URL), for the webhook's links to /moderate. */
  publicUrl?: string;
  /** Bounds of the Realtime WebSocket; production defaults in realtime/limits.ts. */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** EMBED_ORIGINS: the sites that may frame the wall (null: any); /moderate: none ever. */
  embedOrigins?: readonly string[] | null;
  /** A link preview is rendered again at most this often (ms); default share/previews.ts's. */
  previewRefreshMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests in flight (tests wait on it: http/activity.ts). */
    activity: Activity;
  }
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db, anonKey, distDir, maxRows = 1000, logRequests = true } = options;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const logger = options.logger ?? createLogger('warn');
  const limits: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits };
  const headers = securityHeaders(options.apiOrigin ?? null);
  const schema = await loadSchemaCache(db, options.tables ?? ['signatures']);
  const versioned = await versionedTables(db);
  const functions = await loadFunctionCache(db);
  await configureReportSettings(db, {
    reportsToHide: options.reportsToHide,
    hidesPerHour: options.reportsHidePerHour,
  });
  const notifier = options.reportWebhook
    ? new ReportNotifier({
        ...options.reportWebhook,
        db,
        publicUrl: options.publicUrl ?? '',
        logger,
      })
    : undefined;
  const preRequest =
    options.insertLimitPerMinute === undefined
      ? undefined
      : await configureInsertLimit(db, options.insertLimitPerMinute);
  const app = Fastify({
    // Typed as Fastify's base logger so the instance keeps its default type everywhere else.
    loggerInstance: logger as FastifyBaseLogger,
    logController: new RequestLog(logRequests),
    bodyLimit: MAX_BODY_BYTES,
    ...fastifyHttpOptions(limits),
    clientErrorHandler: clientErrorHandler(headers, logger),
  });
  limitPerClient(app, limits, logger);
  limitUnsentAnswers(app, limits.maxUnsentBytes, logger);
  registerSecurityHeaders(
    app,
    options.apiOrigin ?? null,
    builtStyleHashes(distDir),
    options.embedOrigins ?? null,
  );

  // What the server is serving, so that work nobody waits for can wait for a quiet moment. A
  // preview's own picture is not a visitor's load (and waits for nothing).
  const activity = new Activity();
  app.decorate('activity', activity);
  app.addHook('onRequest', async (request, reply) => {
    if (pathOf(request.raw.url) === PREVIEW_PATH) return;
    // 'close' comes for every answer, sent in full or cut off.
    reply.raw.once('close', activity.begin());
  });

  // Refuse big bodies from their declared length, before a byte of them is read; and close the
  // socket after the answer: the body is never read, so a kept-alive socket would sit on it until
  // the request timeout (and hold up a shutdown as long).
  app.addHook('onRequest', async (request, reply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > MAX_BODY_BYTES) {
      reply.header('connection', 'close');
      throw pgrst.bodyTooLarge(MAX_BODY_BYTES);
    }
  });

  // Bodies stay raw text: with `columns=` PostgREST hands the untouched text to Postgres, and the
  // content type is judged by the API (415 in the envelope), not by a parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const api =
      error instanceof ApiError
        ? error
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? pgrst.bodyTooLarge(MAX_BODY_BYTES)
          : error.statusCode && error.statusCode < 500
            ? new ApiError(error.statusCode, { message: error.message })
            : error;
    if (pathOf(request.raw.url).startsWith('/rest/')) return sendError(reply, api);
    const status = api instanceof ApiError ? api.status : 500;
    if (status >= 500) {
      request.log.error({ err: error, status }, 'request failed');
      return reply.code(status).type('text/plain; charset=utf-8').send('Internal server error\n');
    }
    return reply.code(status).type('text/plain; charset=utf-8').send(`${api.message}\n`);
  });

  // Responses only: PostgREST takes no compressed request bodies, and inflating them would let a small
  // upload expand past the body limit's intent.
  await app.register(compress, {
    encodings: ['br', 'gzip', 'deflate'],
    globalDecompression: false,
  });

  registerRest(app, {
    db,
    schema,
    functions,
    // A report just taken here: its digest is due once its burst has gathered.
    onCall: notifier
      ? (plan) => {
          if (plan.function.name === 'report_signature') notifier.wake();
        }
      : undefined,
    anonKey,
    serviceRoleKey: options.serviceRoleKey,
    versionedTables: versioned,
    maxRows,
    maxResponseBytes,
    snapshotAfterMs: options.readSnapshotAfterMs,
    requestContext: { trustProxy: options.trustProxy ?? 0, preRequest },
    savesInFlightPerAddress: options.savesInFlightPerAddress,
  });
  await registerRealtime(app, {
    db,
    keys: { anon: anonKey, serviceRole: options.serviceRoleKey },
    limits: options.realtimeLimits,
    trustProxy: options.trustProxy ?? 0,
    logger,
  });
  registerHealth(app, db, options.trustProxy ?? 0);
  // Link previews, oEmbed, and the preview tags of every page.
  const share = registerShare(app, {
    db,
    logger,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy ?? 0,
    previewRefreshMs: options.previewRefreshMs,
    activity,
  });
  await registerStatic(app, distDir, share.writePage);
  if (notifier) {
    // Closing waits for a post under way and settles its digest, before the database closes.
    app.addHook('onClose', () => notifier.close());
    notifier.start();
  }
  return app;
}
