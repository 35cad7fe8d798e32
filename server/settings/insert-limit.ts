/**
 * The opt-in flood limit (INSERT_LIMIT_PER_MINUTE): the rule itself lives in the database
 * (supabase/migrations/20261123000200_insert_rate_limit.sql); the server only writes the number into
 * it at start and, when it is on, calls its pre-request function on every request, as PostgREST
 * would with `db-pre-request` set.
 */
import type { Database } from '../db/types.ts';

export const INSERT_LIMIT_PRE_REQUEST = 'signwall.limit_inserts';

/**
 * Stores the limit (0: off) for every server on this database (the last to start sets it) and
 * returns the pre-request function to call, or undefined when the limit is off.
 */
export async function configureInsertLimit(
  db: Database,
  perMinute: number,
): Promise<string | undefined> {
  if (!Number.isInteger(perMinute) || perMinute < 0) {
    throw new Error(`the insert limit must be a non-negative integer, not ${perMinute}`);
  }
  await db.transaction((tx) =>
    tx.query('update signwall.insert_limit set per_minute = $1', [perMinute]),
  );
  return perMinute > 0 ? INSERT_LIMIT_PRE_REQUEST : undefined;
}
