/**
 * A read the read cache may answer, without waiting behind saves. The table's committed version is
 * learnt without a turn at the database (db.tableVersions.current: remembered on PGlite, one shared
 * query on a connection of its own on PostgreSQL); when the cache holds the answer for it, that is
 * the answer and the transaction queue is never touched.
 *
 * Otherwise the read takes a turn (ahead of waiting writes). When the cache holds an older answer,
 * the last good snapshot, the read waits for its turn only SNAPSHOT_AFTER_MS; if the database is
 * busy past that, or restarting, or out of resources, the snapshot is the answer (200, its age in
 * an `Age` header) rather than a 504 or 503. A snapshot is at most the cache's max age (a minute)
 * old; without one the read waits as long as any request and answers the error.
 */
import { isBusyError } from '../db/errors.ts';
import type { Database } from '../db/types.ts';
import type { CachedResponse, ReadCache } from './read-cache.ts';

/**
 * How long a read with a snapshot to fall back on waits for its turn. A turn comes after at most
 * the transaction running (saves take well under this) plus the reads ahead of it, so a healthy
 * database answers fresh well within it; the visitor gets an answer within half a second either way.
 */
export const SNAPSHOT_AFTER_MS = 250;

export interface ReadAnswer {
  response: CachedResponse;
  /** Set when the answer is the cache's last snapshot, not the current rows. */
  ageMs?: number;
}

export async function cachedRead(
  db: Database,
  cache: ReadCache,
  key: string,
  table: string,
  /** The read's own transaction, with a shorter wait for its turn when given. */
  transaction: (acquireTimeoutMs?: number) => Promise<CachedResponse>,
): Promise<ReadAnswer> {
  const held = cache.lookup(key, await db.tableVersions.current(table));
  if (held?.fresh) return { response: held.response };
  try {
    return { response: await transaction(held ? SNAPSHOT_AFTER_MS : undefined) };
  } catch (error) {
    if (held && isBusyError(error)) return { response: held.response, ageMs: held.ageMs };
    throw error;
  }
}
