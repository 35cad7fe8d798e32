/** The small database surface the server needs, implemented by PGlite and by a pg Pool. */

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
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around fn; ROLLBACK if it throws (and the error is rethrown). */
  transaction<T>(fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseConfig = { dataDir: string } | { databaseUrl: string };

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
