/**
 * PostgreSQL through a pg Pool: each transaction borrows one pooled connection. Sessions run in UTC
 * so JSON built in SQL prints timestamps as `+00:00`, as hosted Supabase does.
 *
 * Every session carries timeouts, so one request can neither hold a connection nor a lock for long.
 * Transactions take turns for the pool's connections (fair-scheduler.ts: round-robin between
 * clients, reads first) before borrowing one, and a request that cannot get a turn in time fails
 * with TurnTimeoutError (which the data API answers as PostgREST does, 504 PGRST003).
 */
import pg from 'pg';
import { DatabaseUnavailableError, TurnTimeoutError } from './errors.ts';
import { FairScheduler } from './fair-scheduler.ts';
import { stderrLogger, type Logger } from './logger.ts';
import { postgresChangeListener } from './postgres-listen.ts';
import { probedTableVersions } from './postgres-versions.ts';
import { quoteIdent, type Database, type Tx } from './types.ts';

export interface PostgresOptions {
  logger?: Logger;
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  acquireTimeoutMs?: number;
  poolSize?: number;
}

export const POSTGRES_DEFAULTS = {
  // No valid request comes near it (the slowest, a maximal save's overlap check or a 1000-row read,
  // take well under a second); the same budget PGlite's watchdog gives a statement.
  statementTimeoutMs: 10_000,
  // Only saves wait on a lock (the guard's advisory lock, one save at a time): behind at most
  // poolSize - 1 others, each far below a second. Below statement_timeout, or it would never fire.
  lockTimeoutMs: 5_000,
  // The server sends a transaction's statements back to back; only a stalled process leaves one
  // idle this long, and its locks must not outlive that.
  idleInTransactionTimeoutMs: 30_000,
  // PostgREST's usual db-pool-acquisition-timeout: waiting longer means the pool is saturated.
  acquireTimeoutMs: 10_000,
  poolSize: 10,
} as const;

/** pg-pool's message when no client frees up within connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

export async function openPostgres(
  databaseUrl: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const logger = options.logger ?? stderrLogger;
  const limits = { ...POSTGRES_DEFAULTS, ...definedOnly(options) };
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options:
      `-c TimeZone=UTC -c statement_timeout=${limits.statementTimeoutMs}` +
      ` -c lock_timeout=${limits.lockTimeoutMs}` +
      ` -c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
  });
  // An idle client can lose its connection (server restart); without a listener that would crash.
  pool.on('error', (error) =>
    logger.warn({ event: 'postgres_idle_client_error', detail: error.message }, 'postgres pool'),
  );
  (await pool.connect()).release(); // fail at start, not on the first request
  const turns = new FairScheduler({
    slots: limits.poolSize,
    acquireTimeoutMs: limits.acquireTimeoutMs,
    timeoutError: () => new TurnTimeoutError(),
  });
  const tableVersions = probedTableVersions(databaseUrl, logger);
  const changes = postgresChangeListener(databaseUrl, logger);

  /** With a turn taken, a client is free at once unless the server is slow to connect. */
  async function borrow(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      if (error instanceof Error && error.message === POOL_WAIT_TIMEOUT)
        throw new TurnTimeoutError();
      throw error;
    }
  }

  let ending: Promise<void> | undefined;
  return {
    kind: 'postgres',
    tableVersions,
    listenChanges: changes.listen,
    async transaction(fn, options) {
      if (ending) throw new DatabaseUnavailableError('The database is closed.');
      const kind = options?.kind ?? 'write';
      const turn = await turns.acquire({
        client: options?.client ?? '',
        kind,
      });
      let client: pg.PoolClient;
      try {
        client = await borrow();
      } catch (error) {
        turn.release();
        throw error;
      }
      let broken = false;
      // pg-pool listens for errors only on idle clients. A borrowed one whose session the server
      // ends (idle_in_transaction_session_timeout, a restart) would otherwise crash the process.
      const onError = (error: Error) => {
        broken = true;
        logger.warn({ event: 'postgres_client_error', detail: error.message }, 'postgres client');
      };
      client.on('error', onError);
      try {
        // One round trip for all: the role switch is part of every request.
        const begin = [kind === 'read' ? 'BEGIN READ ONLY' : 'BEGIN'];
        if (options?.role) begin.push(`SET LOCAL ROLE ${quoteIdent(options.role)}`);
        if (options?.maintenance)
          begin.push('SET LOCAL statement_timeout = 0', 'SET LOCAL lock_timeout = 0');
        await client.query(begin.join('; '));
        const tx: Tx = {
          query: async <T>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as T[],
          exec: async (text) => {
            await client.query(text);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
        turn.release();
      }
    },
    // Idempotent, like PGlite's: a shutdown path and a test may both close.
    close: () => {
      if (!ending) {
        turns.reset(new DatabaseUnavailableError('The database is closed.'));
        ending = Promise.all([pool.end(), tableVersions.close(), changes.close()]).then(
          () => undefined,
        );
      }
      return ending;
    },
  };
}

/** The numeric limits that were given, so an `undefined` never overrides a default. */
function definedOnly(options: PostgresOptions): Partial<typeof POSTGRES_DEFAULTS> {
  return Object.fromEntries(
    Object.entries(options).filter(
      ([key, value]) => key in POSTGRES_DEFAULTS && typeof value === 'number',
    ),
  );
}
