/**
 * PGlite (embedded Postgres in WASM) in DATA_DIR, run in a worker thread under a watchdog.
 *
 * PGlite has one connection, so transactions take turns here (fair-scheduler.ts: round-robin
 * between clients, reads first), each statement one message to the worker. The watchdog restarts
 * the worker on the same directory when a statement runs past its budget, when PGlite reports a
 * state it cannot come back from, or when the worker dies. Committed transactions are on disk
 * (PGlite writes through to the files before COMMIT answers), so a restart loses only the
 * transaction that was running: its request and those queued get 503, as do requests that arrive
 * before the new worker is ready. One log line says why, another how long it took.
 */
import { DatabaseUnavailableError, DataDirError, TurnTimeoutError } from './errors.ts';
import { holdDataDir, type HeldDataDir } from './data-dir.ts';
import { fsReason, oneLine } from './fs-errors.ts';
import { createInStaging } from './initdb-staging.ts';
import { FairScheduler } from './fair-scheduler.ts';
import { stderrLogger, type Logger } from './logger.ts';
import { Autovacuum } from './pglite-autovacuum.ts';
import { PgliteConnection } from './pglite-connection.ts';
import type { Reply } from './pglite-protocol.ts';
import { RememberedTableVersions } from './table-version.ts';
import {
  CHANGES_CHANNEL,
  quoteIdent,
  type Database,
  type TransactionOptions,
  type Tx,
} from './types.ts';

export interface PgliteOptions {
  logger?: Logger;
  /** A statement's budget before the watchdog restarts PGlite; default 10 s (see DEFAULTS). */
  statementTimeoutMs?: number;
  /** Longest wait for the turn of a transaction before a TurnTimeoutError. */
  acquireTimeoutMs?: number;
  /** Longest time to open PGlite (initdb on a fresh directory, WAL replay after a restart). */
  openTimeoutMs?: number;
  /** How long after an open the first upkeep pass runs (pglite-autovacuum.ts); default 5 s. */
  firstUpkeepMs?: number;
}

export const PGLITE_DEFAULTS = {
  // No valid request comes near it: the slowest (a maximal save's overlap check, a 1000-row read)
  // take well under a second; a statement at 10 s is hostile or stuck and blocks everyone behind it.
  statementTimeoutMs: 10_000,
  // PostgREST's usual db-pool-acquisition-timeout: a queue this long means the server is saturated.
  acquireTimeoutMs: 10_000,
  // initdb on a busy 2-core machine takes tens of seconds; a WAL replay far less.
  openTimeoutMs: 120_000,
  // Past the migrations, which run right after the open.
  firstUpkeepMs: 5_000,
} as const;

/** Restart attempts that fail wait 1 s, 2 s, 4 s … up to this, then keep trying at this pace. */
const MAX_RETRY_DELAY_MS = 10_000;
const CLOSE_TIMEOUT_MS = 10_000;

class PgliteSupervisor implements Database {
  readonly kind = 'pglite' as const;
  private connection: PgliteConnection | undefined;
  private state: 'ready' | 'restarting' | 'closed' = 'restarting';
  private readonly turns: FairScheduler;
  /** Moves before every COMMIT of a transaction that may have written, and on every restart. */
  private writes = 0;
  readonly tableVersions = new RememberedTableVersions(() => this.writes);
  private recovery: Promise<void> | undefined;
  /** Who hears CHANGES_CHANNEL: every worker LISTENs on it from its start, restarts included. */
  private readonly changeListeners = new Set<(payload: string) => void>();
  private readonly autovacuum: Autovacuum;

  private readonly held: HeldDataDir;
  private readonly logger: Logger;
  private readonly limits: Required<Omit<PgliteOptions, 'logger'>>;

  constructor(held: HeldDataDir, logger: Logger, limits: Required<Omit<PgliteOptions, 'logger'>>) {
    this.held = held;
    this.logger = logger;
    this.limits = limits;
    this.turns = new FairScheduler({
      slots: 1,
      acquireTimeoutMs: limits.acquireTimeoutMs,
      timeoutError: () => new TurnTimeoutError(),
    });
    this.autovacuum = new Autovacuum(
      (text) => this.upkeepStatement(text),
      (error) => {
        // Unavailable: the watchdog is restarting PGlite, and says so itself.
        if (error instanceof DatabaseUnavailableError) return;
        this.logger.warn(
          { event: 'pglite_upkeep_failed', detail: oneLine(String(error)), dataDir: held.dir },
          'PGlite upkeep (ANALYZE, VACUUM) failed; it is tried again at the next pass',
        );
      },
    );
  }

  async start(): Promise<void> {
    this.connection = await this.openConnection();
    this.state = 'ready';
    this.autovacuum.opened(this.limits.firstUpkeepMs);
  }

  /** What autovacuum would do now (pglite-autovacuum.ts), without waiting for its pass. */
  upkeep(): Promise<void> {
    return this.autovacuum.pass();
  }

  /** One statement outside any transaction, in its turn like everyone else's. */
  private async upkeepStatement(text: string): Promise<unknown[]> {
    if (this.state !== 'ready') throw new DatabaseUnavailableError();
    const turn = await this.turns.acquire({ client: '', kind: 'write' });
    try {
      return await this.statement(
        this.connection,
        { op: 'query', text, params: [] },
        this.limits.openTimeoutMs,
      );
    } finally {
      turn.release();
    }
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
    if (this.state === 'closed') throw new DatabaseUnavailableError('The database is closed.');
    if (this.state !== 'ready') throw new DatabaseUnavailableError();
    const kind = options?.kind ?? 'write';
    const turn = await this.turns.acquire({
      client: options?.client ?? '',
      kind,
    });
    const connection = this.connection;
    // Migrations may legitimately run long; they still get a bound, the open budget.
    const budget = options?.maintenance
      ? this.limits.openTimeoutMs
      : this.limits.statementTimeoutMs;
    const run = async (request: Parameters<PgliteConnection['request']>[0]) =>
      this.statement(connection, request, budget);
    try {
      const begin = kind === 'read' ? 'BEGIN READ ONLY' : 'BEGIN';
      await run({
        op: 'exec',
        text: options?.role ? `${begin}; SET LOCAL ROLE ${quoteIdent(options.role)}` : begin,
      });
      const tx: Tx = {
        query: async <R>(text: string, params: unknown[] = []) =>
          (await run({ op: 'query', text, params })) as R[],
        exec: async (text) => {
          await run({ op: 'exec', text });
        },
      };
      const result = await fn(tx);
      // Before COMMIT: from here on the versions read before this transaction may be old.
      if (kind !== 'read') this.writes++;
      await run({ op: 'exec', text: 'COMMIT' });
      return result;
    } catch (error) {
      if (connection && connection === this.connection) {
        await run({ op: 'exec', text: 'ROLLBACK' }).catch(() => undefined);
      }
      throw error;
    } finally {
      turn.release();
    }
  }

  /** Listening already: every worker LISTENs before it answers ready. */
  async listenChanges(onPayload: (payload: string) => void): Promise<() => void> {
    this.changeListeners.add(onPayload);
    return () => void this.changeListeners.delete(onPayload);
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.autovacuum.stop();
    this.turns.reset(new DatabaseUnavailableError('The database is closed.'));
    await this.recovery; // sees 'closed' and closes what it opened
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close(CLOSE_TIMEOUT_MS);
    this.held.release();
  }

  private async statement(
    connection: PgliteConnection | undefined,
    request: Parameters<PgliteConnection['request']>[0],
    budgetMs: number,
  ): Promise<unknown[]> {
    if (!connection || connection !== this.connection) throw new DatabaseUnavailableError();
    const text = 'text' in request ? request.text : request.op;
    const timer = setTimeout(
      () =>
        this.restart(connection, 'statement_timeout', `ran past its ${budgetMs} ms budget`, text),
      budgetMs,
    );
    let reply: Reply;
    try {
      reply = await connection.request(request);
    } finally {
      clearTimeout(timer);
    }
    if (!('id' in reply)) throw new DatabaseUnavailableError();
    if (reply.ok) return reply.rows;
    if ('fatal' in reply) {
      this.restart(connection, 'pglite_broken', reply.fatal, text);
      throw new DatabaseUnavailableError();
    }
    throw Object.assign(new Error(reply.error.message), reply.error);
  }

  /** The watchdog: drop this connection (once), answer everyone waiting 503, reopen in the background. */
  private restart(
    connection: PgliteConnection,
    reason: string,
    detail: string,
    statement?: string,
  ) {
    if (connection !== this.connection || this.state !== 'ready') return;
    const startedAt = performance.now();
    this.connection = undefined;
    this.state = 'restarting';
    this.writes++; // whatever the dropped transaction did is unknown
    // The running transaction can no longer reach PGlite: its turn is void, the queue answers 503.
    this.turns.reset(new DatabaseUnavailableError());
    this.logger.error(
      {
        event: 'pglite_restart',
        reason,
        detail,
        statement: statement?.slice(0, 200),
        dataDir: this.held.dir,
      },
      `PGlite restarting: ${reason} (${detail})`,
    );
    this.recovery = this.recover(connection, startedAt).finally(() => {
      this.recovery = undefined;
    });
  }

  private async recover(broken: PgliteConnection, startedAt: number): Promise<void> {
    // The old worker must be gone before another opens the same files.
    await broken.terminate();
    for (let attempt = 1; this.state !== 'closed'; attempt++) {
      try {
        const connection = await this.openConnection();
        // close() may have run while the worker was opening.
        if (this.isClosed()) {
          await connection.close(CLOSE_TIMEOUT_MS);
          return;
        }
        this.connection = connection;
        this.state = 'ready';
        this.autovacuum.opened(this.limits.firstUpkeepMs);
        const recoveryMs = Math.round(performance.now() - startedAt);
        this.logger.info(
          { event: 'pglite_recovered', recoveryMs, attempts: attempt, dataDir: this.held.dir },
          `PGlite reopened in ${recoveryMs} ms`,
        );
        return;
      } catch (error) {
        const delayMs = Math.min(1000 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
        this.logger.error(
          {
            event: 'pglite_reopen_failed',
            attempt,
            retryInMs: delayMs,
            detail: error instanceof Error ? error.message : String(error),
            dataDir: this.held.dir,
          },
          'PGlite could not reopen; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  /** A method, so TypeScript does not narrow `state` across the awaits that may change it. */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private openConnection(): Promise<PgliteConnection> {
    const connection: Promise<PgliteConnection> = PgliteConnection.open(
      this.held.dir,
      this.limits.openTimeoutMs,
      (reason, detail) => void connection.then((c) => this.restart(c, reason, detail)),
      {
        channels: [CHANGES_CHANNEL],
        onNotification: (_channel, payload) => {
          for (const listener of this.changeListeners) listener(payload);
        },
      },
    );
    return connection;
  }
}

/** initdb in a staging folder, moved into DATA_DIR once PGlite has closed it cleanly. */
async function createDatabase(dir: string, openTimeoutMs: number): Promise<void> {
  await createInStaging(dir, async (staging) => {
    const connection = await PgliteConnection.open(staging, openTimeoutMs, () => undefined);
    if (!(await connection.close(CLOSE_TIMEOUT_MS))) {
      throw new Error('PGlite did not close the new database cleanly');
    }
  });
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const held = holdDataDir(dataDir);
  const limits = {
    statementTimeoutMs: options.statementTimeoutMs ?? PGLITE_DEFAULTS.statementTimeoutMs,
    acquireTimeoutMs: options.acquireTimeoutMs ?? PGLITE_DEFAULTS.acquireTimeoutMs,
    openTimeoutMs: options.openTimeoutMs ?? PGLITE_DEFAULTS.openTimeoutMs,
    firstUpkeepMs: options.firstUpkeepMs ?? PGLITE_DEFAULTS.firstUpkeepMs,
  };
  const supervisor = new PgliteSupervisor(held, options.logger ?? stderrLogger, limits);
  try {
    if (held.fresh) await createDatabase(held.dir, limits.openTimeoutMs);
    await supervisor.start();
  } catch (error) {
    held.release();
    if (error instanceof DataDirError) throw error;
    // The worker already put PGlite's failures into words (pglite-worker.ts describe); a rename of
    // the staging folder's entries fails with Node's own errno.
    const reason =
      fsReason(error) ?? oneLine(error instanceof Error ? error.message : String(error));
    const what = held.fresh ? 'create a new' : 'open the';
    throw new DataDirError(`could not ${what} database in DATA_DIR ${held.dir}: ${reason}`);
  }
  return supervisor;
}
