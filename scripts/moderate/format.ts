/** How the CLI prints signatures: one aligned line each, safe to show in a terminal. */
import { parseStrokes } from '../../src/domain/signature.ts';
import { extentOf } from '../../src/domain/signature-size.ts';

/** A row as the service role reads it for `list`. */
export interface ListedRow {
  id: number;
  created_at: string;
  caption: string | null;
  hidden: boolean;
  signature: string;
}

/** Points and the points' bounding box (the size rule's measure), or why they cannot be read. */
export function describeSize(signatureText: string): string {
  const strokes = parseStrokes(signatureText);
  const extent = strokes && extentOf(strokes);
  if (!strokes || !extent) return 'unreadable strokes';
  const points = strokes.reduce((sum, stroke) => sum + stroke.length, 0);
  const width = Math.round(extent.maxX - extent.minX);
  const height = Math.round(extent.maxY - extent.minY);
  return `${points} pts ${width}×${height} at ${Math.round(extent.minX)},${Math.round(extent.minY)}`;
}

/**
 * A caption as one quoted line of plain text: control and format characters (a stranger's caption
 * could hold terminal escape sequences or line breaks) are shown as \u{…} escapes; long ones are cut.
 */
export function printableCaption(caption: string | null, max = 60): string {
  if (caption === null) return '—';
  const escaped = caption.replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
  const chars = [...escaped];
  return `"${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : escaped}"`;
}

/** The `list` table: a header, then one line per row in the order given. */
export function formatList(rows: readonly ListedRow[]): string[] {
  if (rows.length === 0) return ['No signatures.'];
  const table = [
    ['id', 'created (UTC)', 'hidden', 'size', 'caption'],
    ...rows.map((row) => [
      String(row.id),
      // To the millisecond, as --since and --until take it.
      new Date(row.created_at).toISOString(),
      row.hidden ? 'hidden' : '-',
      describeSize(row.signature),
      printableCaption(row.caption),
    ]),
  ];
  const widths = table[0]!.map((_, column) =>
    Math.max(...table.map((cells) => cells[column]!.length)),
  );
  return table.map((cells) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  '),
  );
}

/** `#1, #2, #3` */
export function idList(ids: readonly number[]): string {
  return ids.map((id) => `#${id}`).join(', ');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A reported signature as `reports` prints it: the database's row, with caption and state. */
export interface ReportedRow {
  signature_id: number;
  report_count: number;
  last_reported_at: string;
  reports: { reason: string; note: string | null; created_at: string }[];
  caption: string | null;
  hidden: boolean;
}

/** One line per signature (id, count, last report, hidden, caption), then one per report. */
export function formatReports(rows: readonly ReportedRow[]): string[] {
  return rows.flatMap((row) => [
    [
      `#${row.signature_id}`,
      plural(row.report_count, 'report'),
      `last ${new Date(row.last_reported_at).toISOString()}`,
      row.hidden ? 'hidden' : 'visible',
      printableCaption(row.caption),
    ].join('  '),
    ...row.reports.map(
      (report) =>
        `    ${new Date(report.created_at).toISOString()}  ${report.reason.padEnd(20)}` +
        (report.note === null ? '' : `  ${printableCaption(report.note, 200)}`),
    ),
  ]);
}
