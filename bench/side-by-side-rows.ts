/**
 * The table's rows for signwall beside the old app (browser/side-by-side.ts): per wall and
 * viewport, each app's median load and export with their spread over the runs, and signwall's
 * median as a share of the old app's, against the targets set for it (export ≤ 0.6×, load ≤ 0.8×).
 */
import type { AppName, SideBySideRun } from './browser/side-by-side.ts';
import { ms, NA, rowFor, type Row } from './report.ts';
import { median } from './stats.ts';

export const SIDE_BY_SIDE_TARGETS = { load: 0.8, export: 0.6 };

const MEASURES = {
  load: 'vs old app: load (click → wall drawn)',
  export: 'vs old app: export (visit → download)',
} as const;

function valuesOf(runs: readonly SideBySideRun[], app: AppName, measure: 'load' | 'export') {
  return runs.flatMap((r) => (r.app === app && r[measure].ok ? [r[measure].value] : []));
}

function firstFailure(runs: readonly SideBySideRun[], measure: 'load' | 'export'): string {
  const failed = runs.find((r) => !r[measure].ok);
  return failed && !failed[measure].ok ? `${failed.app}: ${failed[measure].reason}` : 'not run';
}

/** "612 ms (580–650)": the median and the spread of the runs. */
function spread(values: readonly number[]): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.length > 1 ? `${ms(median(values))} (${ms(lo)}–${ms(hi)})` : ms(values[0]!);
}

export function sideBySideRows(
  label: string,
  n: number,
  runs: readonly SideBySideRun[] | null,
  reason: string,
): Row[] {
  const row = rowFor(label, n);
  return (['load', 'export'] as const).map((measure) => {
    const target = `≤ ${SIDE_BY_SIDE_TARGETS[measure]}× the old app`;
    const ours = runs ? valuesOf(runs, 'signwall', measure) : [];
    const theirs = runs ? valuesOf(runs, 'old app', measure) : [];
    if (!runs || ours.length === 0 || theirs.length === 0) {
      return row(MEASURES[measure], NA(runs ? firstFailure(runs, measure) : reason), target, null);
    }
    const ratio = median(ours) / median(theirs);
    // Each round's own ratio: how far the figure moves from run to run on a shared machine.
    const rounds = Math.min(ours.length, theirs.length);
    const perRound = Array.from({ length: rounds }, (_, i) => ours[i]! / theirs[i]!);
    const roundSpread =
      rounds > 1
        ? `, per run ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)}×`
        : '';
    return row(
      MEASURES[measure],
      `${ratio.toFixed(2)}×${roundSpread}: signwall ${spread(ours)}, old app ${spread(theirs)}`,
      target,
      ratio <= SIDE_BY_SIDE_TARGETS[measure],
    );
  });
}
