/**
 * `npm start` / `npm run serve`: the one place that reads the environment. Opens the database
 * (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies pending migrations, serves the API and
 * the built app, and shuts down cleanly on SIGINT/SIGTERM so the data directory opens again.
 */
import { resolve } from 'node:path';
import { buildServer, DEFAULT_MAX_RESPONSE_BYTES } from './app.ts';
import { SNAPSHOT_AFTER_MS } from './cache/cached-reads.ts';
import { DataDirError, openDatabase, type OpenedDatabase } from './db/index.ts';
import { serviceKeyProblem } from './http/api-key.ts';
import { DEFAULT_HTTP_LIMITS } from './http/connections.ts';
import { DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS } from './http/saves-in-flight.ts';
import { apiOriginOf, parseEmbedOrigins } from './http/security-headers.ts';
import { createLogger, isLogLevel } from './log.ts';
import { DEFAULT_REALTIME_LIMITS } from './realtime/limits.ts';

const env = process.env;
const level = env.LOG_LEVEL || 'info';
if (!isLogLevel(level))
  throw new Error(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
const log = createLogger(level);
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const maxRows = Number(env.MAX_ROWS ?? 1000);
if (!Number.isInteger(maxRows) || maxRows < 1)
  throw new Error(`MAX_ROWS must be a positive integer`);
const maxResponseBytes = Number(env.MAX_RESPONSE_BYTES ?? DEFAULT_MAX_RESPONSE_BYTES);
if (!Number.isInteger(maxResponseBytes) || maxResponseBytes < 1)
  throw new Error(`MAX_RESPONSE_BYTES must be a positive integer`);
// How long a read waits for fresh rows before the read cache's last snapshot answers (issue 19).
const readSnapshotAfterMs = Number(env.READ_SNAPSHOT_AFTER_MS ?? SNAPSHOT_AFTER_MS);
if (!Number.isInteger(readSnapshotAfterMs) || readSnapshotAfterMs < 0)
  throw new Error(`READ_SNAPSHOT_AFTER_MS must be a non-negative integer`);
// Behind a reverse proxy every client has the proxy's address: raise the cap, or 0 to turn it off.
const perAddress = Number(env.MAX_CONNECTIONS_PER_ADDRESS ?? 64);
if (!Number.isInteger(perAddress) || perAddress < 0)
  throw new Error(`MAX_CONNECTIONS_PER_ADDRESS must be a non-negative integer`);
// Bytes of answers all clients together may have on their way; past it, sockets that stopped
// reading are cut (http/answer-budget.ts). Not turned off by MAX_CONNECTIONS_PER_ADDRESS=0.
const maxUnsentBytes = Number(env.MAX_UNSENT_BYTES || DEFAULT_HTTP_LIMITS.maxUnsentBytes);
if (!Number.isInteger(maxUnsentBytes) || maxUnsentBytes < 1)
  throw new Error(`MAX_UNSENT_BYTES must be a positive integer`);
// Saves one address may have being answered at once; more get 429 at once. Behind a reverse proxy
// without TRUST_PROXY every client shares the proxy's address: set TRUST_PROXY, or 0 to turn it off.
const savesInFlightPerAddress = Number(
  env.MAX_SAVES_IN_FLIGHT_PER_ADDRESS ?? DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
);
if (!Number.isInteger(savesInFlightPerAddress) || savesInFlightPerAddress < 0)
  throw new Error(`MAX_SAVES_IN_FLIGHT_PER_ADDRESS must be a non-negative integer (0: no limit)`);
// Off unless set: saves per client address per minute, enforced by the database for all servers.
const insertLimitPerMinute = Number(env.INSERT_LIMIT_PER_MINUTE || 0);
if (!Number.isInteger(insertLimitPerMinute) || insertLimitPerMinute < 0)
  throw new Error(`INSERT_LIMIT_PER_MINUTE must be a non-negative integer (0: no limit)`);
// How many proxies in front append to X-Forwarded-For; 0: trust only the socket's address.
const trustProxy = Number(env.TRUST_PROXY || 0);
if (!Number.isInteger(trustProxy) || trustProxy < 0)
  throw new Error(`TRUST_PROXY must be the number of proxies in front (0: none)`);

// Off unless set: reports from this many distinct networks hide a signature until the owner looks.
const reportsToHide = Number(env.REPORTS_TO_HIDE || 0);
if (!Number.isInteger(reportsToHide) || reportsToHide < 0)
  throw new Error(`REPORTS_TO_HIDE must be a non-negative integer (0: off)`);
// At most this many signatures hidden by reports in any hour; past it they wait for the owner.
const reportsHidePerHour = Number(env.REPORTS_HIDE_PER_HOUR || 10);
if (!Number.isInteger(reportsHidePerHour) || reportsHidePerHour < 0)
  throw new Error(`REPORTS_HIDE_PER_HOUR must be a non-negative integer`);
// Where reports are POSTed (ntfy, Slack, Discord …); PUBLIC_URL makes its links absolute.
const reportWebhookUrl = env.REPORT_WEBHOOK_URL || undefined;
if (
  reportWebhookUrl !== undefined &&
  (!/^https?:\/\//.test(reportWebhookUrl) || !URL.canParse(reportWebhookUrl))
)
  throw new Error(`REPORT_WEBHOOK_URL must be an http:// or https:// URL`);
const publicUrl = env.PUBLIC_URL || '';
if (publicUrl !== '' && !/^https?:\/\/[^/]/.test(publicUrl))
  throw new Error(`PUBLIC_URL must be the wall's http:// or https:// address`);
// The sites that may show the wall in a frame (unset: any); /moderate never.
const embedOrigins = parseEmbedOrigins(env.EMBED_ORIGINS);

// The Realtime WebSocket's bounds (issue 23; realtime/limits.ts says why these defaults). Behind a
// reverse proxy without TRUST_PROXY every client shares the proxy's address: raise the first.
function realtimeSetting(name: string, fallback: number, min: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer of at least ${min}`);
  return value;
}
const realtimeLimits = {
  maxConnectionsPerAddress: realtimeSetting(
    'REALTIME_CONNECTIONS_PER_ADDRESS',
    DEFAULT_REALTIME_LIMITS.maxConnectionsPerAddress,
    0,
  ),
  idleTimeoutMs: realtimeSetting(
    'REALTIME_IDLE_TIMEOUT_MS',
    DEFAULT_REALTIME_LIMITS.idleTimeoutMs,
    1000,
  ),
  maxBufferedBytes: realtimeSetting(
    'REALTIME_MAX_BUFFERED_BYTES',
    DEFAULT_REALTIME_LIMITS.maxBufferedBytes,
    1,
  ),
};

const anonKey = env.ANON_KEY || 'sb_publishable_signwall_local';
// The owner's secret (never VITE_-prefixed, so no build puts it in the app). Unset: no service access.
const serviceRoleKey = env.SERVICE_ROLE_KEY || undefined;
const keyProblem =
  serviceRoleKey === undefined ? undefined : serviceKeyProblem(serviceRoleKey, anonKey);
if (keyProblem) {
  // One readable line, like exitOnStartError below; it says why, never the key itself.
  console.error(`signwall: ${keyProblem}`);
  process.exit(1);
}

/** A start that cannot succeed (DATA_DIR in use, not a database, unwritable; no PostgreSQL): one
 * readable line and exit code 1, so supervisors and people see why, not an errno stack. */
function exitOnStartError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const what = error instanceof DataDirError ? '' : 'could not open the database: ';
  // Plain text on stderr, written before exit: a person or a supervisor reads this line.
  console.error(`signwall: ${what}${message}`);
  process.exit(1);
}

let db: OpenedDatabase;
try {
  db = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: resolve(env.DATA_DIR ?? './data') },
    { logger: log },
  );
} catch (error) {
  exitOnStartError(error);
}
if (db.applied.length > 0) log.info(`applied migrations: ${db.applied.join(', ')}`);

const app = await buildServer({
  db,
  anonKey,
  serviceRoleKey,
  maxRows,
  maxResponseBytes,
  readSnapshotAfterMs,
  distDir: resolve(env.DIST_DIR ?? './dist'),
  logRequests: env.LOG_REQUESTS !== '0',
  logger: log,
  apiOrigin: apiOriginOf(env.API_ORIGIN || env.VITE_SUPABASE_URL),
  httpLimits: { maxConnectionsPerAddress: perAddress, maxUnsentBytes },
  insertLimitPerMinute,
  trustProxy,
  savesInFlightPerAddress,
  reportsToHide,
  reportsHidePerHour,
  reportWebhook: reportWebhookUrl === undefined ? undefined : { url: reportWebhookUrl },
  publicUrl,
  realtimeLimits,
  embedOrigins,
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    log.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  // Stop accepting, let in-flight requests finish, then close the database (PGlite flushes to disk).
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

const address = await app.listen({ port, host });
// Plain text on purpose, not a JSON log line: scripts and test harnesses wait for this exact line
// and read the address from it (/listening on (http:\/\/\S+)/).
console.log(`signwall listening on ${address}`);
