/**
 * `npm start` / `npm run serve`: the one place that reads the environment. Opens the database
 * (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies pending migrations, serves the API and
 * the built app, and shuts down cleanly on SIGINT/SIGTERM so the data directory opens again.
 */
import { resolve } from 'node:path';
import { buildServer } from './app.ts';
import { DataDirError, openDatabase, type OpenedDatabase } from './db/index.ts';

const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const maxRows = Number(env.MAX_ROWS ?? 1000);
if (!Number.isInteger(maxRows) || maxRows < 1)
  throw new Error(`MAX_ROWS must be a positive integer`);

/** A start that cannot succeed (DATA_DIR in use, not a database, unwritable; no PostgreSQL): one
 * readable line and exit code 1, so supervisors and people see why, not an errno stack. */
function exitOnStartError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const what = error instanceof DataDirError ? '' : 'could not open the database: ';
  console.error(`signwall: ${what}${message}`);
  process.exit(1);
}

let db: OpenedDatabase;
try {
  db = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: resolve(env.DATA_DIR ?? './data') },
  );
} catch (error) {
  exitOnStartError(error);
}
if (db.applied.length > 0) console.log(`applied migrations: ${db.applied.join(', ')}`);

const app = await buildServer({
  db,
  anonKey: env.ANON_KEY || 'sb_publishable_signwall_local',
  maxRows,
  distDir: resolve(env.DIST_DIR ?? './dist'),
  logRequests: env.LOG_REQUESTS !== '0',
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log(`${signal} again: exiting now`);
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
console.log(`signwall listening on ${address}`);
