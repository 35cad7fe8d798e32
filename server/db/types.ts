/** The small database surface the server needs, implemented by PGlite and by a pg Pool. */
import type { TurnKind } from './fair-scheduler.ts';

export interface Tx {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements at once, no parameters (migrations, bootstrap). */
  exec(text: string): Promise<void>;
}

export interface TransactionOptions {
  /** `SET LOCAL ROLE` at the start, so grants and RLS apply as for that role. */
  role?: string;
  /**
   * Bootstrap and migrations: no statement or lock timeout on PostgreSQL (they may wait for another
   * server's migrations, or rewrite a large table), and PGlite's longer open budget.
   */
  maintenance?: boolean;
  /**
   * Whose transaction (the client key, server/http/client-key.ts): turns at the database are shared
   * round-robin between clients (fair-scheduler.ts). Default '': the server's own work.
   */
  client?: string;
  /**
   * 'read' runs READ ONLY and goes ahead of waiting writes; default 'write'. A read cannot change a
   * table, which is what lets PGlite know a table's version without asking (table-version.ts).
   */
  kind?: TurnKind;
}

/**
 * The versions the read cache compares with. `read` is the version inside a transaction, before its
 * rows (the version a fresh answer is stored under); `current` is the committed version now, known
 * without a turn in the transaction queue, so a read the cache can answer never waits behind
 * writes. undefined: not known that way (or the database is not answering); then the read takes
 * a turn. Kept here, beside Database, and implemented in table-version.ts, which needs Tx.
 */
export interface TableVersions {
  current(table: string): Promise<string | undefined>;
  read(tx: Tx, table: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * The channel the database announces changes of public.signatures on (the trigger of
 * supabase/migrations/20261126000000_realtime_changes.sql): payload {"id": …, "type": "INSERT" |
 * "DELETE"}, as anon sees the change.
 */
export const CHANGES_CHANNEL = 'signwall_changes';

/**
 * Calls `onPayload` for each NOTIFY on CHANGES_CHANNEL, after its commit. Answers a stop function
 * once the database is listening: a change committed after that is heard.
 */
export type ListenChanges = (onPayload: (payload: string) => void) => Promise<() => void>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around fn; ROLLBACK if it throws (and the error is rethrown). */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Table versions for the read cache, known or asked without a turn in the transaction queue. */
  readonly tableVersions: TableVersions;
  /**
   * Every change the database announces, from any writer and (on PostgreSQL) any server process.
   * Optional: stand-in databases of tests have none, and then the server pushes nothing.
   */
  listenChanges?: ListenChanges;
  /**
   * PGlite only: analyze and vacuum now what autovacuum would (server/db/pglite-autovacuum.ts);
   * PostgreSQL runs its own autovacuum.
   */
  upkeep?(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig = { dataDir: string } | { databaseUrl: string };

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
