/**
 * Community hiding (REPORTS_TO_HIDE): the rule lives in the database
 * (supabase/migrations/20261125000000_reports.sql); the server writes the number there at start, as
 * it does for INSERT_LIMIT_PER_MINUTE, and the last server to start sets it for all of them.
 */
import type { Database } from './types.ts';

export async function configureReportsToHide(db: Database, reportsToHide: number): Promise<void> {
  if (!Number.isInteger(reportsToHide) || reportsToHide < 0) {
    throw new Error(`reports to hide must be a non-negative integer, not ${reportsToHide}`);
  }
  await db.transaction((tx) =>
    tx.query('update signwall.report_settings set reports_to_hide = $1', [reportsToHide]),
  );
}
