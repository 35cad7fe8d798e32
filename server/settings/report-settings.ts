/**
 * Community hiding (REPORTS_TO_HIDE, REPORTS_HIDE_PER_HOUR): the rules live in the database
 * (supabase/migrations/20261125000000_reports.sql, 20261127000200_report_budget.sql); the server
 * writes the numbers there at start, as it does for INSERT_LIMIT_PER_MINUTE, and the last server to
 * start sets them for all of them. A number left undefined leaves the database's setting alone.
 */
import type { Database } from '../db/types.ts';

export interface ReportSettings {
  /** Distinct networks whose reports hide a signature at once; 0: never. */
  reportsToHide?: number;
  /** Signatures hidden by reports in any hour, at most. */
  hidesPerHour?: number;
}

export async function configureReportSettings(
  db: Database,
  settings: ReportSettings,
): Promise<void> {
  for (const [name, value] of Object.entries(settings)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
      throw new Error(`${name} must be a non-negative integer, not ${value}`);
    }
  }
  const { reportsToHide = null, hidesPerHour = null } = settings;
  if (reportsToHide === null && hidesPerHour === null) return;
  await db.transaction((tx) =>
    tx.query(
      `update signwall.report_settings
          set reports_to_hide = coalesce($1, reports_to_hide),
              hides_per_hour = coalesce($2, hides_per_hour)`,
      [reportsToHide, hidesPerHour],
    ),
  );
}
