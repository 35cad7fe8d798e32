/**
 * The bench's one table (rows: measure × viewport × N; columns: value, target, and whether the
 * figure meets it) and its JSON twin. Nothing here judges a run as passed or failed: the marks
 * are for reading, and the bench's exit code does not depend on them.
 */

export interface Row {
  measure: string;
  viewport: string;
  n: number | null;
  /** Printed value, e.g. "17 ms" or "n/a (no Konva stage after the click)". */
  value: string;
  target: string;
  /** true / false against the target, null when there is none or no figure. */
  meets: boolean | null;
}

/** A row maker for one viewport and wall size: `row(measure, value, target, meets)`. */
export function rowFor(viewport: string, n: number | null) {
  return (measure: string, value: string, target: string, meets: boolean | null): Row => ({
    measure,
    viewport,
    n,
    value,
    target,
    meets,
  });
}

export const NA = (reason: string) => `n/a (${reason})`;

export const ms = (v: number) =>
  Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : '–';
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function renderTable(rows: readonly Row[]): string {
  const header = ['measure', 'viewport', 'N', 'value', 'target', ''];
  const cells = rows.map((r) => [
    r.measure,
    r.viewport,
    r.n === null ? '' : String(r.n),
    r.value,
    r.target,
    r.meets === null ? '' : r.meets ? 'ok' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
