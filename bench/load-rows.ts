/**
 * The table's rows for the loading figures: the throttled load per viewport (navigation →
 * the first screen's signatures drawn, → the whole wall in; bytes of the wall's reads on the wire
 * and decoded) and the bytes per signature before and after the save-time simplification.
 */
import type { ThrottledLoadResult } from './browser/throttled-load.ts';
import type { Outcome } from './browser/session.ts';
import { kb, mb, ms, NA, rowFor, type Row } from './report.ts';
import { medianOfRuns } from './stats.ts';
import type { SimplificationBytes } from './wall-bytes.ts';

/** The loading targets: the first screen drawn on a phone network, and the wall's bytes. */
export const LOAD_TARGETS = {
  viewDrawnMs: 2500,
  /** The full wall of 2000 generated signatures before simplification, gzip: at most half of it. */
  todayWallGzip: 2.1 * 1024 * 1024,
};

type Fields = { [K in keyof ThrottledLoadResult]: number };

/** The medians of the runs that produced a figure, or why none did. */
export function throttledMedian(
  runs: ReadonlyArray<Outcome<ThrottledLoadResult>>,
): Outcome<Fields & { runs: number }> {
  const values = runs.flatMap((r) => (r.ok ? [r.value] : []));
  if (values.length === 0) {
    const failure = runs.find((r): r is { ok: false; reason: string } => !r.ok);
    return { ok: false, reason: failure?.reason ?? 'not run' };
  }
  // Every field is a number (Fields); the spread gives medianOfRuns the record it takes.
  const numeric: Fields[] = values.map((v) => ({ ...v }));
  return { ok: true, value: { ...medianOfRuns(numeric), runs: values.length } };
}

export function throttledRows(
  viewport: string,
  n: number,
  result: Outcome<Fields & { runs: number }>,
): Row[] {
  const row = rowFor(viewport, n);
  const viewTarget = `≤ ${LOAD_TARGETS.viewDrawnMs} ms`;
  if (!result.ok) {
    return [
      row('throttled: view drawn (from navigation)', NA(result.reason), viewTarget, null),
      row('throttled: wall loaded (from navigation)', NA(result.reason), '', null),
    ];
  }
  const v = result.value;
  return [
    row(
      'throttled: view drawn (from navigation)',
      `${ms(v.viewDrawnMs)} (${Math.round(v.viewSignatures)} signatures in view)`,
      viewTarget,
      v.viewDrawnMs <= LOAD_TARGETS.viewDrawnMs,
    ),
    row(
      'throttled: wall loaded (from navigation)',
      `${ms(v.wallLoadedMs)} ('Signatures loaded!')`,
      '',
      null,
    ),
    row(
      'throttled: wall reads on the wire',
      `${kb(v.wireBytes)} gzip of ${mb(v.jsonBytes)} JSON in ${Math.round(v.reads)} reads`,
      `≤ ${kb(LOAD_TARGETS.todayWallGzip / 2)}`,
      v.wireBytes <= LOAD_TARGETS.todayWallGzip / 2,
    ),
  ];
}

export function simplificationRows(bytes: SimplificationBytes): Row[] {
  const { before, after } = bytes;
  const row = (measure: string, value: string, target: string, meets: boolean | null): Row => ({
    measure,
    viewport: '',
    n: before.n,
    value,
    target,
    meets,
  });
  const perSignature = (b: SimplificationBytes['before']) =>
    `${Math.round(b.textPerSignature)} B, ${Math.round(b.pointsPerSignature)} points`;
  return [
    row('bytes per signature, as generated', perSignature(before), '', null),
    row('bytes per signature, simplified', perSignature(after), '', null),
    row(
      'full-wall JSON, as generated',
      `${mb(before.wallJson)}, ${kb(before.wallGzip)} gzip`,
      '',
      null,
    ),
    row(
      'full-wall JSON, simplified',
      `${mb(after.wallJson)}, ${kb(after.wallGzip)} gzip (${Math.round((100 * after.wallGzip) / before.wallGzip)}%)`,
      `≤ ${kb(LOAD_TARGETS.todayWallGzip / 2)}`,
      after.wallGzip <= LOAD_TARGETS.todayWallGzip / 2,
    ),
    row(
      'full-wall JSON, simplified, every column (select=*)',
      `${mb(after.allColumnsJson)}, ${kb(after.allColumnsGzip)} gzip (the app's columns: ${Math.round((100 * after.wallGzip) / after.allColumnsGzip)}%)`,
      '',
      null,
    ),
  ];
}
