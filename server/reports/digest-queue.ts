/**
 * The database's queue of reports not yet told to the owner (signwall.report_notices, written in
 * each report's transaction; supabase/migrations/20261127000200_report_budget.sql), as the notifier
 * uses it: claim every waiting report into a digest when one may be sent, read the digest, then
 * finish it (posted) or release it (not posted: its reports wait again). The rules (one digest at a
 * time across processes, the lease, the gap, the backoff) are the SQL functions'; this file only
 * calls them, as the database owner.
 */
import type { Database } from '../db/types.ts';
import type { Digest, DigestItem, HidingState } from './digest-text.ts';

export interface ClaimTiming {
  /** How long a claimed digest is this process's; past it, another may merge it back. */
  leaseMs: number;
  /** The first report of a quiet spell waits this long for the rest of its burst. */
  gatherMs: number;
  /** At least this long between two digests. */
  minGapMs: number;
}

export type Claim =
  { digestId: number; waitUntil: null } | { digestId: null; waitUntil: Date | null };

/** Signatures read to describe one by one; the counts cover all of them regardless. */
const ITEMS_READ = 20;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function claimDigest(db: Database, timing: ClaimTiming): Promise<Claim> {
  const [row] = await db.transaction((tx) =>
    tx.query<{ digest_id: number | string | null; wait_until: Date | string | null }>(
      'select * from signwall.claim_report_digest($1, $2, $3)',
      [timing.leaseMs, timing.gatherMs, timing.minGapMs],
    ),
  );
  if (row?.digest_id != null) return { digestId: Number(row.digest_id), waitUntil: null };
  return { digestId: null, waitUntil: row?.wait_until ? toDate(row.wait_until) : null };
}

interface Totals {
  reports: number;
  signatures: number;
  hidden: number;
  held: number;
  first_at: Date | string;
  last_at: Date | string;
}

interface StateRow {
  reports_to_hide: number;
  hides_per_hour: number;
  hidden_last_hour: number;
  paused: boolean;
  resumes_at: Date | string | null;
  waiting: number;
}

/** The digest's counts, its most telling signatures and where community hiding stands now. */
export async function readDigest(db: Database, digestId: number): Promise<Digest> {
  return db.transaction(async (tx) => {
    const [totals] = await tx.query<Totals>(
      `select coalesce(sum(n.reports), 0)::integer as reports, count(*)::integer as signatures,
              (count(*) filter (where n.hidden))::integer as hidden,
              (count(*) filter (where n.held and not n.hidden))::integer as held,
              min(n.first_at) as first_at, max(n.last_at) as last_at
         from signwall.report_notices n where n.digest_id = $1`,
      [digestId],
    );
    const items = await tx.query<DigestItem & { signature_id: number | string }>(
      `select n.signature_id, n.reports, n.offensive, n.spam, n.personal_information, n.other,
              n.hidden, n.held, n.kept, n.report_count, n.last_reason, n.note
         from signwall.report_notices n where n.digest_id = $1
        order by n.hidden desc, n.held desc, n.reports desc, n.last_at desc, n.signature_id
        limit $2`,
      [digestId, ITEMS_READ],
    );
    const [state] = await tx.query<StateRow>(
      `select s.reports_to_hide, s.hides_per_hour, s.hidden_last_hour, s.paused, s.resumes_at,
              cardinality(s.waiting) as waiting
         from signwall.community_hiding_state() s`,
    );
    const hiding: HidingState = {
      reportsToHide: state?.reports_to_hide ?? 0,
      hidesPerHour: state?.hides_per_hour ?? 0,
      hiddenLastHour: state?.hidden_last_hour ?? 0,
      paused: state?.paused ?? false,
      resumesAt: state?.resumes_at ? toDate(state.resumes_at) : null,
      waiting: state?.waiting ?? 0,
    };
    return {
      reports: totals!.reports,
      signatures: totals!.signatures,
      hidden: totals!.hidden,
      held: totals!.held,
      firstAt: toDate(totals!.first_at),
      lastAt: toDate(totals!.last_at),
      items: items.map((item) => ({ ...item, signature_id: Number(item.signature_id) })),
      hiding,
    };
  });
}

/** The digest was posted: it and its reports leave the queue. */
export async function finishDigest(db: Database, digestId: number): Promise<void> {
  await db.transaction((tx) => tx.query('select signwall.finish_report_digest($1)', [digestId]));
}

/**
 * The digest was not posted: its reports wait again. `failed`: the post failed, so the next try
 * waits (the receiver's `retryAfterMs`, or the database's backoff); answers when, or null.
 */
export async function releaseDigest(
  db: Database,
  digestId: number,
  failed: boolean,
  retryAfterMs?: number,
): Promise<Date | null> {
  const [row] = await db.transaction((tx) =>
    tx.query<{ retry_at: Date | string | null }>(
      'select signwall.release_report_digest($1, $2, $3) as retry_at',
      [digestId, failed, retryAfterMs ?? null],
    ),
  );
  return row?.retry_at ? toDate(row.retry_at) : null;
}
