/**
 * The owner's moderation rules that need no I/O: what the reports of a signature say, the windows
 * "Hide all since…" offers, a signature's size figures, and the `#id=<n>` a report's link carries.
 * The /moderate page (src/features/moderate) and its data (src/data/moderation.ts) build on these.
 */
import { outlineOf, type Stroke } from './geometry.ts';
import { parseStrokes } from './signature.ts';

/** Why a visitor reported a signature, as the database stores it. */
export type ReportReason = 'offensive' | 'spam' | 'personal_information' | 'other';

const KNOWN_REASONS: ReadonlySet<string> = new Set<ReportReason>([
  'offensive',
  'spam',
  'personal_information',
  'other',
]);

/** Whether this build knows a stored reason (a newer database may store others). */
export function isKnownReason(reason: string): reason is ReportReason {
  return KNOWN_REASONS.has(reason);
}

export interface Report {
  readonly reason: string;
  readonly note: string | null;
  readonly createdAt: string;
}

/** One reported signature, as `reported_signatures()` answers it. */
export interface ReportedSignature {
  readonly signatureId: number;
  readonly reportCount: number;
  readonly lastReportedAt: string;
  /** Newest first. */
  readonly reports: readonly Report[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function reportFrom(raw: unknown): Report | null {
  if (!isRecord(raw) || typeof raw.reason !== 'string' || typeof raw.created_at !== 'string') {
    return null;
  }
  return {
    reason: raw.reason,
    note: typeof raw.note === 'string' && raw.note !== '' ? raw.note : null,
    createdAt: raw.created_at,
  };
}

/** A stored time in ms (the caller's Date.parse: time is I/O to these rules). */
export type TimeReader = (iso: string) => number;

/**
 * The RPC's rows, read defensively (the answer comes over the network) and ordered as the list
 * shows them: most reported first, then most recently reported, then the newest id. The database
 * already orders them so; sorting again keeps the list right whatever answered.
 */
export function reportedFromRows(rows: unknown, msOf: TimeReader): ReportedSignature[] {
  if (!Array.isArray(rows)) return [];
  const out: ReportedSignature[] = [];
  for (const row of rows) {
    if (!isRecord(row) || !Number.isSafeInteger(row.signature_id)) continue;
    const reports = (Array.isArray(row.reports) ? row.reports : [])
      .map(reportFrom)
      .filter((r): r is Report => r !== null)
      .sort((a, b) => msOf(b.createdAt) - msOf(a.createdAt));
    const count = Number(row.report_count);
    out.push({
      signatureId: row.signature_id as number,
      reportCount: Number.isSafeInteger(count) ? count : reports.length,
      lastReportedAt:
        typeof row.last_reported_at === 'string'
          ? row.last_reported_at
          : (reports[0]?.createdAt ?? ''),
      reports,
    });
  }
  return out.sort(
    (a, b) =>
      b.reportCount - a.reportCount ||
      msOf(b.lastReportedAt) - msOf(a.lastReportedAt) ||
      b.signatureId - a.signatureId,
  );
}

/** How many reports each signature has, for marking rows (and later the board). */
export function reportCounts(reported: readonly ReportedSignature[]): ReadonlyMap<number, number> {
  return new Map(reported.map((r) => [r.signatureId, r.reportCount]));
}

/** The reasons of a signature's reports, most given first: "Spam ×2, Offensive", as `label` words each. */
export function reasonSummary(
  reports: readonly Report[],
  label: (reason: string) => string,
): string {
  const counts = new Map<string, number>();
  for (const { reason } of reports) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => (n > 1 ? `${label(reason)} ×${n}` : label(reason)))
    .join(', ');
}

/** The windows "Hide all since…" offers besides a chosen time. */
export const HIDE_WINDOWS = [
  { id: '10m', ms: 10 * 60_000 },
  { id: '1h', ms: 60 * 60_000 },
  { id: '1d', ms: 24 * 60 * 60_000 },
] as const;

export type HideWindowId = (typeof HIDE_WINDOWS)[number]['id'];

/** What the owner picked: a window back from now, or a time from a datetime-local field. */
export type HideSince =
  | { readonly kind: 'window'; readonly id: HideWindowId }
  | { readonly kind: 'time'; readonly local: string };

/**
 * The time (ms) from which "Hide all since…" hides, inclusive; null when the chosen time is no
 * time or lies in the future (it would hide nothing, and is more likely a slip). A datetime-local
 * value has no zone: `localMs` reads it as the browser's local time.
 */
export function hideFromMs(
  choice: HideSince,
  nowMs: number,
  localMs: (value: string) => number,
): number | null {
  if (choice.kind === 'window') {
    const window = HIDE_WINDOWS.find((w) => w.id === choice.id);
    return window ? nowMs - window.ms : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(choice.local)) return null;
  const ms = localMs(choice.local);
  return Number.isFinite(ms) && ms <= nowMs ? ms : null;
}

/** What a signature's stored text costs and covers, for the owner to judge a flood or a hog. */
export interface SignatureFigures {
  readonly strokes: number;
  readonly points: number;
  /** UTF-8 bytes of the stored text, what every reader downloads. */
  readonly bytes: number;
  /** The padded outline the database keeps free of other signatures; null when unreadable. */
  readonly outline: { readonly width: number; readonly height: number } | null;
}

export function signatureFigures(text: string): SignatureFigures {
  const strokes: readonly Stroke[] = parseStrokes(text) ?? [];
  const outline = outlineOf(strokes);
  return {
    strokes: strokes.length,
    points: strokes.reduce((sum, stroke) => sum + stroke.length, 0),
    bytes: new TextEncoder().encode(text).length,
    outline: outline && { width: outline.width, height: outline.height },
  };
}

/** The signature a report's link selects (`/moderate#id=<n>`), or null. */
export function parseModerateHash(hash: string): number | null {
  const id = new URLSearchParams(hash.replace(/^#/, '')).get('id');
  if (id === null || !/^\d{1,15}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 ? n : null;
}

/**
 * The signature an unhide refusal names as now being in the spot ("signature #12 cannot be
 * unhidden: signature #34 is now in its spot"), or null when the message names none.
 */
export function spotTakenBy(message: string): number | null {
  const taken = /signature #(\d+) is now in its spot/.exec(message);
  return taken ? Number(taken[1]) : null;
}

/** An SVG path of the strokes (M/L commands, wall pixels): the preview draws it in the outline. */
export function strokesSvgPath(strokes: readonly Stroke[]): string {
  return strokes
    .filter((stroke) => stroke.length > 0)
    .map((stroke) => {
      const [first, ...rest] = stroke;
      // A one-point stroke as a zero-length line: with round caps it shows as the dot it was.
      const tail = rest.length > 0 ? rest : [first!];
      return `M${first![0]} ${first![1]}${tail.map(([x, y]) => `L${x} ${y}`).join('')}`;
    })
    .join('');
}
