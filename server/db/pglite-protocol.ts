/** Messages between the server (pglite.ts) and the PGlite worker thread (pglite-worker.ts). */

export interface WorkerData {
  dataDir: string;
  /**
   * Channels the worker LISTENs on before it answers ready (every open, so a restarted worker hears
   * them too); each NOTIFY comes back as a `notification` message.
   */
  channels?: string[];
}

export type Request =
  | { id: number; op: 'query'; text: string; params: unknown[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

/** A Postgres error's fields (code, detail, hint …) copied off PGlite's DatabaseError. */
export type SqlErrorFields = Record<string, string | number | undefined> & { message: string };

export type Reply =
  | { op: 'ready' }
  | { op: 'open-failed'; message: string }
  /**
   * Postgres logged PANIC or FATAL. Sent the moment it is printed, since PGlite may then spin forever
   * inside the statement (a PANIC in COMMIT does) and never answer it: the server restarts the worker.
   */
  | { op: 'broken'; message: string }
  /** A NOTIFY on one of WorkerData's channels, after the transaction that sent it committed. */
  | { op: 'notification'; channel: string; payload: string }
  | { id: number; ok: true; rows: unknown[] }
  | { id: number; ok: false; error: SqlErrorFields }
  /** PGlite is in a state no later statement can be trusted in: the server must restart it. */
  | { id: number; ok: false; fatal: string };
