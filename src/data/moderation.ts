/**
 * The owner's reads and writes for /moderate, through supabase-js with the moderator key (the
 * server's SERVICE_ROLE_KEY, which runs as service_role: it reads hidden rows, hides, unhides,
 * deletes, and may call reported_signatures and dismiss_reports). The key goes only to the data API,
 * in a client of its own: the app's shared client keeps the public key.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { reportedFromRows, type ReportedSignature } from '../domain/moderation.ts';
import { dataApiConfig } from './client.ts';
import { DataApiError, failure, TABLE } from './table.ts';

/** A signature as the owner sees it: hidden ones too. */
export interface ModeratedRow {
  readonly id: number;
  readonly caption: string | null;
  readonly created_at: string;
  readonly hidden: boolean;
}

/** A row with its strokes' text, for the details. */
export interface ModeratedSignature extends ModeratedRow {
  readonly signature: string;
}

const LIST_COLUMNS = 'id,caption,created_at,hidden';
const DETAIL_COLUMNS = 'id,signature,caption,created_at,hidden';

/** The newest list shows this many rows at first, and this many more per "Show more". */
export const NEWEST_PAGE = 50;
/** Reported ids are read back as rows this many at a time (each id costs the URL a few bytes). */
const IDS_PER_READ = 100;

/** The refusal of the moderator key itself: /moderate goes back to its form. */
export class KeyRefusedError extends Error {
  override name = 'KeyRefusedError';
}

export type ModeratorClient = SupabaseClient;

/**
 * True for the app's own public key. It reads the wall like any visitor (no refusal, no hidden
 * rows), so the page must refuse it itself; where the reports function exists its 401 says so
 * too, for any key that is not the service role's.
 */
export function isPublicKey(key: string): boolean {
  return dataApiConfig.ok && key === dataApiConfig.config.key;
}

/** A client that sends `key` as supabase-js sends its key (apikey, and bearer), and keeps no session. */
export function createModeratorClient(key: string): ModeratorClient {
  if (!dataApiConfig.ok) throw new Error(dataApiConfig.problem);
  return createClient(dataApiConfig.config.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // React Query's retry is the one policy (a refused key is never retried): supabase-js's own
    // would add up to 7 s of retries under it.
    db: { retry: false },
  });
}

interface Answer {
  data: unknown;
  error: { message: string; code?: string | null } | null;
  status: number;
}

/** The answer's data, or the failure: a 401/403 is the key refused, whatever was asked. */
export function check<T>(what: string, answer: Answer): T {
  if (answer.error) {
    if (answer.status === 401 || answer.status === 403) {
      throw new KeyRefusedError(`${what}: the moderator key was refused (${answer.status}).`);
    }
    throw failure(what, answer.error, answer.status);
  }
  return answer.data as T;
}

/**
 * The newest `limit` rows, hidden ones too, newest first. By id (a row's id grows with its
 * insert): a keyset on the primary key, as every other read of the app is.
 */
export async function fetchNewest(client: ModeratorClient, limit: number): Promise<ModeratedRow[]> {
  return check<ModeratedRow[]>(
    'Reading the newest signatures failed',
    await client.from(TABLE).select(LIST_COLUMNS).order('id', { ascending: false }).limit(limit),
  );
}

/**
 * Every reported signature (most reported first). A server without the function (a database not
 * yet migrated) fails this read alone: the page shows why in the Reported list and works on.
 */
export async function fetchReported(client: ModeratorClient): Promise<ReportedSignature[]> {
  const answer = await client.rpc('reported_signatures');
  return reportedFromRows(check<unknown>('Reading the reports failed', answer), Date.parse);
}

/** The rows of these ids (hidden ones too), in no particular order; a deleted id is left out. */
export async function fetchRows(
  client: ModeratorClient,
  ids: readonly number[],
): Promise<ModeratedRow[]> {
  const read = async (part: readonly number[]) =>
    check<ModeratedRow[]>(
      'Reading reported signatures failed',
      await client.from(TABLE).select(LIST_COLUMNS).in('id', part),
    );
  const parts: Promise<ModeratedRow[]>[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ)
    parts.push(read(ids.slice(i, i + IDS_PER_READ)));
  return (await Promise.all(parts)).flat();
}

/** One signature with its strokes, or null when there is none with that id. */
export async function fetchSignature(
  client: ModeratorClient,
  id: number,
): Promise<ModeratedSignature | null> {
  const rows = check<ModeratedSignature[]>(
    `Reading signature #${id} failed`,
    await client.from(TABLE).select(DETAIL_COLUMNS).eq('id', id),
  );
  return rows[0] ?? null;
}

/**
 * Hides or shows one signature; false when it no longer exists. An unhide refused because the spot
 * was taken meanwhile is a DataApiError with status 409 (its message names the signature there).
 */
export async function setHidden(
  client: ModeratorClient,
  id: number,
  hidden: boolean,
): Promise<boolean> {
  const rows = check<{ id: number }[]>(
    hidden ? 'Hiding failed' : 'Unhiding failed',
    await client.from(TABLE).update({ hidden }).eq('id', id).select('id'),
  );
  return rows.length > 0;
}

/** Deletes one signature for good; false when it was already gone. */
export async function deleteSignature(client: ModeratorClient, id: number): Promise<boolean> {
  const rows = check<{ id: number }[]>(
    'Deleting failed',
    await client.from(TABLE).delete().eq('id', id).select('id'),
  );
  return rows.length > 0;
}

/** How many visible signatures were created at or after `sinceIso`: what "Hide all since…" would hide. */
export async function countVisibleSince(
  client: ModeratorClient,
  sinceIso: string,
): Promise<number> {
  const answer = await client
    .from(TABLE)
    .select('id', { count: 'exact', head: true })
    .gte('created_at', sinceIso)
    .eq('hidden', false);
  check<unknown>('Counting signatures failed', answer);
  if (answer.count === null)
    throw new DataApiError('Counting signatures failed: no count', null, answer.status);
  return answer.count;
}

/** Hides every visible signature created at or after `sinceIso`, in one statement; answers how many. */
export async function hideSince(client: ModeratorClient, sinceIso: string): Promise<number> {
  const rows = check<{ id: number }[]>(
    'Hiding failed',
    await client
      .from(TABLE)
      .update({ hidden: true })
      .gte('created_at', sinceIso)
      .eq('hidden', false)
      .select('id'),
  );
  return rows.length;
}

/** Where community hiding stands (`community_hiding_status()`, service_role only). */
export interface CommunityHiding {
  /** Distinct networks whose reports hide a signature (REPORTS_TO_HIDE); 0: off. */
  readonly reportsToHide: number;
  /** Signatures hidden by reports in any hour, at most (REPORTS_HIDE_PER_HOUR). */
  readonly hidesPerHour: number;
  readonly hiddenLastHour: number;
  /** The hour's budget is spent: reported signatures stay up and wait for the owner. */
  readonly paused: boolean;
  readonly resumesAt: string | null;
  /** Reported signatures still up that reached REPORTS_TO_HIDE. */
  readonly waiting: ReadonlySet<number>;
  /** Reported signatures the owner unhid or dismissed: reports no longer hide them. */
  readonly kept: ReadonlySet<number>;
}

const count = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : 0);
const ids = (value: unknown) =>
  new Set(Array.isArray(value) ? value.map(Number).filter(Number.isSafeInteger) : []);

/**
 * Where community hiding stands. Only the moderator key may ask, so /moderate asks this first: a
 * refused key (KeyRefusedError) never sees anything of the wall.
 */
export async function fetchCommunityHiding(client: ModeratorClient): Promise<CommunityHiding> {
  const rows = check<unknown>(
    'Checking the moderator key failed',
    await client.rpc('community_hiding_status'),
  );
  const row = (Array.isArray(rows) ? rows[0] : undefined) as Record<string, unknown> | undefined;
  if (row === undefined) {
    throw new DataApiError('Checking the moderator key failed: no answer', null, 200);
  }
  return {
    reportsToHide: count(row.reports_to_hide),
    hidesPerHour: count(row.hides_per_hour),
    hiddenLastHour: count(row.hidden_last_hour),
    paused: row.paused === true,
    resumesAt: typeof row.resumes_at === 'string' ? row.resumes_at : null,
    waiting: ids(row.waiting),
    kept: ids(row.kept),
  };
}

/** Deletes a signature's reports; answers how many there were. */
export async function dismissReports(client: ModeratorClient, id: number): Promise<number> {
  const count = check<unknown>(
    'Dismissing the reports failed',
    await client.rpc('dismiss_reports', { signature_id: id }),
  );
  return typeof count === 'number' ? count : 0;
}
