/**
 * `npm start` / `npm run serve`: reads the environment once (server/config.ts). Opens the database
 * (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies pending migrations, serves the API and
 * the built app, and shuts down cleanly on SIGINT/SIGTERM so the data directory opens again.
 */
import { resolve } from 'node:path';
import { buildServer } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { DataDirError, openDatabase, type OpenedDatabase } from './db/index.ts';
import { createLogger } from './log.ts';

let config;
try {
  config = readConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One readable line, like exitOnStartError below; a key's problem never quotes the key.
  console.error(`signwall: ${error.message}`);
  process.exit(1);
}
const log = createLogger(config.logLevel);

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
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
    { logger: log },
  );
} catch (error) {
  exitOnStartError(error);
}
if (db.applied.length > 0) log.info(`applied migrations: ${db.applied.join(', ')}`);

const app = await buildServer({
  db,
  anonKey: config.anonKey,
  serviceRoleKey: config.serviceRoleKey,
  maxRows: config.maxRows,
  maxResponseBytes: config.maxResponseBytes,
  readSnapshotAfterMs: config.readSnapshotAfterMs,
  distDir: resolve(config.distDir),
  logRequests: config.logRequests,
  logger: log,
  apiOrigin: config.apiOrigin,
  httpLimits: {
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    maxUnsentBytes: config.maxUnsentBytes,
  },
  insertLimitPerMinute: config.insertLimitPerMinute,
  trustProxy: config.trustProxy,
  savesInFlightPerAddress: config.savesInFlightPerAddress,
  reportsToHide: config.reportsToHide,
  reportsHidePerHour: config.reportsHidePerHour,
  reportWebhook:
    config.reportWebhookUrl === undefined ? undefined : { url: config.reportWebhookUrl },
  publicUrl: config.publicUrl,
  realtimeLimits: {
    maxConnectionsPerAddress: config.realtimeConnectionsPerAddress,
    idleTimeoutMs: config.realtimeIdleTimeoutMs,
    maxBufferedBytes: config.realtimeMaxBufferedBytes,
  },
  embedOrigins: config.embedOrigins,
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

const address = await app.listen({ port: config.port, host: config.host });
// Plain text on purpose, not a JSON log line: scripts and test harnesses wait for this exact line
// and read the address from it (/listening on (http:\/\/\S+)/).
console.log(`signwall listening on ${address}`);
