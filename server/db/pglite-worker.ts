/**
 * PGlite in a worker thread: Postgres-in-WASM runs synchronously, so on the HTTP thread a slow
 * statement would stall every request, static pages included. One message is one statement.
 *
 * It also reports the states PGlite hides. PGlite drops every exception of its main loop except
 * Postgres's own longjmp, so a JavaScript stack overflow, an abort or a WASM RuntimeError leaves an
 * empty "result" and a broken engine (later statements answer ERRORDATA_STACK_SIZE or spin forever).
 * Wrapping that loop sees those exceptions; the server then restarts this worker. Postgres's PANIC
 * and FATAL log lines are watched too: after a PANIC inside COMMIT (a full disk) PGlite spins and
 * never answers, so the line itself is reported the moment it is printed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { isSqlError } from './errors.ts';
import { describeThrown } from './fs-errors.ts';
import type { Reply, Request, SqlErrorFields, WorkerData } from './pglite-protocol.ts';

/** pglitec.c's POSTGRES_MAIN_LONGJMP: an ordinary SQL error, which PGlite handles itself. */
const POSTGRES_MAIN_LONGJMP = 100;

/**
 * New WAL segments are created sparse (one byte at the end) instead of written full of zeros. A
 * zeroed segment needs 16 MB free at once: on a nearly full disk Postgres could then neither take
 * the next save (PANIC in COMMIT) nor even reopen, since recovery ends by writing a checkpoint into a
 * new segment, and it stayed down until 16 MB were free. Sparse, the reopen needs a few hundred KB,
 * and a full disk shows up as "could not extend file" (SQLSTATE 53100) on the table being written.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/** Postgres's log line format: "2026-11-23 10:00:00.000 UTC [42] PANIC:  could not write …". */
const SEVERE_LINE = /\[\d+\] (PANIC|FATAL):\s+(.*)$/;

const port = parentPort!;
const { dataDir, channels = [] } = workerData as WorkerData;
let hidden: unknown;
let ready = false;
/** The last PANIC or FATAL Postgres logged: why an open failed, since PGlite's own error says only
 * "failed to initialize properly". */
let lastSevere: string | undefined;

function send(reply: Reply): void {
  port.postMessage(reply);
}

function watchMainLoop(pg: PGlite): void {
  const mod = (pg as unknown as { mod?: Record<string, unknown> }).mod;
  const loop = mod?._PostgresMainLoopOnce;
  if (typeof loop !== 'function') {
    // Another PGlite build: the statement budget and the other checks still apply.
    console.warn('pglite-worker: cannot watch PGlite main loop; stack overflows go unseen');
    return;
  }
  mod!._PostgresMainLoopOnce = function watched(this: unknown, ...args: unknown[]) {
    try {
      return (loop as (...a: unknown[]) => unknown).apply(this, args);
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== POSTGRES_MAIN_LONGJMP) hidden = error;
      throw error;
    }
  };
}

/**
 * PANIC is never survivable; FATAL ends the session once it runs (while opening, PGlite reports its
 * own failure, and the line only explains it).
 */
function watchLog(line: string): boolean {
  const match = SEVERE_LINE.exec(line);
  if (match) {
    lastSevere = `${match[1]}: ${match[2]}`;
    if (match[1] === 'PANIC' || ready) send({ op: 'broken', message: lastSevere });
  }
  return false; // PGlite prints it only in debug mode, as before
}

function sqlErrorFields(error: Error): SqlErrorFields {
  const fields: SqlErrorFields = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

/** Errors after which Postgres itself would end the session, or that PGlite cannot come back from. */
function fatalReason(error: unknown): string | undefined {
  if (!(error instanceof Error)) return `non-error thrown: ${String(error)}`;
  const { severity } = error as { severity?: unknown };
  if (/ERRORDATA_STACK_SIZE/.test(error.message)) return error.message;
  if (severity === 'FATAL' || severity === 'PANIC') return `${severity}: ${error.message}`;
  // Not a Postgres error at all (RangeError, RuntimeError, TypeError inside PGlite).
  if (!isSqlError(error)) return describeThrown(error);
  return undefined;
}

async function run(pg: PGlite, request: Request): Promise<Reply | undefined> {
  if (request.op === 'close') {
    await pg.close();
    return { id: request.id, ok: true, rows: [] };
  }
  hidden = undefined;
  try {
    let rows: unknown[] = [];
    if (request.op === 'query') {
      const result = await pg.query(request.text, request.params);
      if (!Array.isArray(result?.rows))
        return { id: request.id, ok: false, fatal: 'missing result' };
      rows = result.rows;
    } else {
      await pg.exec(request.text);
    }
    if (hidden !== undefined) return { id: request.id, ok: false, fatal: describeThrown(hidden) };
    return { id: request.id, ok: true, rows };
  } catch (error) {
    if (hidden !== undefined) return { id: request.id, ok: false, fatal: describeThrown(hidden) };
    const fatal = fatalReason(error);
    if (fatal) return { id: request.id, ok: false, fatal };
    return { id: request.id, ok: false, error: sqlErrorFields(error as Error) };
  }
}

try {
  const pg = await PGlite.create(dataDir, { startParams: START_PARAMS, onStderr: watchLog });
  watchMainLoop(pg);
  // Before any statement of the server: LISTEN outside its transactions, never rolled back with one.
  for (const channel of channels) {
    await pg.listen(channel, (payload) => send({ op: 'notification', channel, payload }));
  }
  // Strictly one at a time, in arrival order: the server sends a statement only after the last reply.
  let chain = Promise.resolve();
  port.on('message', (request: Request) => {
    chain = chain.then(async () => {
      const reply = await run(pg, request);
      if (reply) send(reply);
    });
  });
  ready = true;
  send({ op: 'ready' });
} catch (error) {
  const what = describeThrown(error);
  const why = lastSevere && !what.includes(lastSevere) ? ` (${lastSevere})` : '';
  send({ op: 'open-failed', message: `${what}${why}` });
}
