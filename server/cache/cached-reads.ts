/**
 * Reads the read cache may answer, without waiting behind saves. The table's committed version is
 * learnt without a turn at the database (db.tableVersions.current: remembered on PGlite, one shared
 * query on a connection of its own on PostgreSQL); when the cache holds the answer for it, that is
 * the answer and the transaction queue is never touched.
 *
 * Otherwise the read takes a turn (ahead of waiting writes). When the cache holds an older answer,
 * the last good snapshot, the read waits for the fresh one only SNAPSHOT_AFTER_MS; if the database
 * is busy past that, or restarting, or out of resources, the snapshot is the answer (200, its age
 * in an `Age` header) rather than a 504 or 503. The fresh read goes on meanwhile, one per cache key
 * however many readers ask, and refreshes the cache when its turn comes, so the next reader gets
 * it. A snapshot is at most the cache's max age (a minute) old; a read without one waits as long
 * as any request and answers the error.
 */
import { isSqlError, isUnavailableError, TurnTimeoutError } from '../db/errors.ts';
import type { Database } from '../db/types.ts';
import { statusForSqlState } from '../rest/envelope.ts';
import type { CachedResponse, ReadCache } from './read-cache.ts';

/**
 * How long a read with a snapshot to fall back on waits for the fresh answer. A turn comes after at
 * most the transaction running (saves take well under 100 ms) and the reads ahead of it, so a
 * healthy database answers fresh well within it; a shorter wait showed stale rows on a merely
 * loaded machine. It is also the victim's p99 budget under a flood.
 */
export const SNAPSHOT_AFTER_MS = 500;

export interface ReadAnswer {
  response: CachedResponse;
  /** Set when the answer is the cache's last snapshot, not the current rows. */
  ageMs?: number;
}

export class CachedReads {
  readonly #db: Database;
  readonly #cache: ReadCache;
  /** Fresh reads going on for keys that have a snapshot: at most one each, deleted when done. */
  readonly #refreshing = new Map<string, Promise<CachedResponse>>();
  readonly #snapshotAfterMs: number;

  /** `snapshotAfterMs`: READ_SNAPSHOT_AFTER_MS, default SNAPSHOT_AFTER_MS. */
  constructor(db: Database, cache: ReadCache, snapshotAfterMs = SNAPSHOT_AFTER_MS) {
    this.#db = db;
    this.#cache = cache;
    this.#snapshotAfterMs = snapshotAfterMs;
  }

  /**
   * The answer to the read cached under `key`, of `table`; `transaction` is the read's own, which
   * stores what it reads in the cache.
   */
  async read(
    key: string,
    table: string,
    transaction: () => Promise<CachedResponse>,
  ): Promise<ReadAnswer> {
    const held = this.#cache.lookup(key, await this.#db.tableVersions.current(table));
    if (held?.fresh) return { response: held.response };
    if (!held) return { response: await transaction() };
    let refresh = this.#refreshing.get(key);
    if (!refresh) {
      refresh = transaction().finally(() => this.#refreshing.delete(key));
      // Nobody may be left waiting for it; its failure is answered below or not at all.
      refresh.catch(() => undefined);
      this.#refreshing.set(key, refresh);
    }
    let timer: NodeJS.Timeout | undefined;
    const snapshot = new Promise<ReadAnswer>((resolve) => {
      timer = setTimeout(resolve, this.#snapshotAfterMs, {
        response: held.response,
        ageMs: held.ageMs + this.#snapshotAfterMs,
      });
    });
    try {
      return await Promise.race([refresh.then((response) => ({ response })), snapshot]);
    } catch (error) {
      if (isBusyError(error)) return { response: held.response, ageMs: held.ageMs };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * True when the database is busy or away rather than the request wrong: a wait for a turn that ran
 * out, PGlite restarting, a connection refused or lost, a lock or statement timeout, a server short
 * of resources (every SQLSTATE that the API answers 503). Then a read may be answered from the last
 * snapshot the read cache holds.
 */
export function isBusyError(error: unknown): boolean {
  if (error instanceof TurnTimeoutError) return true;
  if (isSqlError(error)) return statusForSqlState(error.code, error.message, false) === 503;
  return isUnavailableError(error);
}
