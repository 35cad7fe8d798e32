/**
 * Table versions for read caches: a counter per table that every insert, update, delete and
 * truncate moves, in the writing transaction (signwall.table_versions, kept by a statement trigger:
 * supabase/migrations/20261123000100_moderation.sql). Read in the reader's own transaction, before
 * its rows, so the same version always means the same rows, whoever changed them — this server,
 * another server process on the same PostgreSQL, or the owner with SQL.
 */
import type { Database, TableVersions, Tx } from './types.ts';

/**
 * The tables that have a version, read once at start (after migrations). A database without the
 * versions table (migrations of an older release) has none, and then nothing is cached.
 */
export async function versionedTables(db: Database): Promise<ReadonlySet<string>> {
  const rows = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ exists: boolean }>(
      `select to_regclass('signwall.table_versions') is not null as exists`,
    );
    if (!found?.exists) return [];
    return tx.query<{ table_name: string }>('select table_name from signwall.table_versions');
  });
  return new Set(rows.map((row) => row.table_name));
}

/** The table's version as this transaction sees it; undefined when the table has none. */
export async function readTableVersion(tx: Tx, table: string): Promise<string | undefined> {
  const [row] = await tx.query<{ version: string }>(
    'select version::text as version from signwall.table_versions where table_name = $1',
    [table],
  );
  return row?.version;
}

/**
 * PGlite: this process is the database's only writer (one opener; DATA_DIR is locked), so a version
 * read in a transaction stays the committed one until a transaction of this process that could
 * write commits. `writes` moves before each such COMMIT (and on each restart); a version is
 * remembered with the `writes` it was read under, and answered while that has not moved. A write
 * still running has not committed, so the version from before it is still the committed one.
 */
export class RememberedTableVersions implements TableVersions {
  readonly #known = new Map<string, { version: string; writes: number }>();
  readonly #writes: () => number;

  constructor(writes: () => number) {
    this.#writes = writes;
  }

  current(table: string): Promise<string | undefined> {
    const known = this.#known.get(table);
    return Promise.resolve(known?.writes === this.#writes() ? known.version : undefined);
  }

  async read(tx: Tx, table: string): Promise<string | undefined> {
    // Taken before the query, inside the transaction: PGlite runs nothing else meanwhile.
    const writes = this.#writes();
    const version = await readTableVersion(tx, table);
    if (version !== undefined) this.#known.set(table, { version, writes });
    return version;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * PostgreSQL: other server processes and SQL by hand write too, so the committed versions are asked
 * each time, but outside the pool and its queue (`query`: one small table, on a connection of its
 * own) and once for all the reads that ask meanwhile. A read waits for the next query that starts
 * after it asked, so it sees every write acknowledged before it arrived; everyone who asks while one
 * query runs shares the one after it. So at most one such query runs at a time, whatever the crowd.
 * A query that does not answer within `timeoutMs` (a database too busy, or gone) answers undefined.
 */
export class ProbedTableVersions implements TableVersions {
  readonly #query: () => Promise<ReadonlyMap<string, string>>;
  readonly #close: () => Promise<void>;
  readonly #timeoutMs: number;
  #running: Promise<ReadonlyMap<string, string>> | undefined;
  #next: Promise<ReadonlyMap<string, string>> | undefined;

  constructor(options: {
    query: () => Promise<ReadonlyMap<string, string>>;
    close: () => Promise<void>;
    timeoutMs: number;
  }) {
    this.#query = options.query;
    this.#close = options.close;
    this.#timeoutMs = options.timeoutMs;
  }

  async current(table: string): Promise<string | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, this.#timeoutMs, undefined);
    });
    try {
      const versions = await Promise.race([this.#fresh(), timeout]);
      return versions?.get(table);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  read(tx: Tx, table: string): Promise<string | undefined> {
    return readTableVersion(tx, table);
  }

  close(): Promise<void> {
    return this.#close();
  }

  /** Versions from a query that started after this call. */
  #fresh(): Promise<ReadonlyMap<string, string>> {
    if (!this.#running) return this.#start();
    const after = () => {
      this.#next = undefined;
      return this.#start();
    };
    this.#next ??= this.#running.then(after, after);
    return this.#next;
  }

  #start(): Promise<ReadonlyMap<string, string>> {
    const running = this.#query();
    this.#running = running;
    const done = () => {
      if (this.#running === running) this.#running = undefined;
    };
    running.then(done, done);
    return running;
  }
}
