/**
 * Reading and saving signatures through the data API, and the React Query options and hooks that
 * the features use. Components never see the Supabase client or `{ data, error }` results.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Stroke } from '../domain/geometry.ts';
import { mergeSignatures, newestCreatedAt } from '../domain/merge.ts';
import {
  normalizeCaption,
  serializeStrokes,
  signatureFromRow,
  signaturesFromRows,
  type Signature,
  type SignatureRow,
} from '../domain/signature.ts';
import { dataApi } from './client.ts';

export const TABLE = 'signatures';
/** Hosted Supabase caps every GET at 1000 rows (max_rows); ask for pages of that size. */
export const PAGE_SIZE = 1000;

/** A refusal or failure from the data API, with PostgREST's code and HTTP status. */
export class DataApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DataApiError';
  }
}

export function failure(
  what: string,
  error: { message: string; code?: string | null },
  status: number,
): DataApiError {
  return new DataApiError(`${what}: ${error.message}`, error.code ?? null, status);
}

function baseSelect(since: string | null) {
  const query = dataApi().from(TABLE).select('*', { count: 'exact' });
  const filtered = since === null ? query : query.gte('created_at', since);
  // created_at orders the wall; id breaks ties so pages never overlap or skip.
  return filtered.order('created_at', { ascending: true }).order('id', { ascending: true });
}

/**
 * Every row (created at or after `since`, when given), however many: the first page also answers
 * the total, then the rest are fetched in parallel in pages as large as the server actually
 * returned (its row cap may be below ours). A page may still come back shorter than asked (the
 * server also caps an answer's bytes), so each range is read until it is complete.
 */
export async function fetchAllSignatureRows(since: string | null = null): Promise<SignatureRow[]> {
  const baseQuery = () => baseSelect(since);
  const first = await baseQuery().range(0, PAGE_SIZE - 1);
  if (first.error) throw failure('Loading signatures failed', first.error, first.status);
  const rows = (first.data ?? []) as SignatureRow[];
  const total = first.count ?? rows.length;
  const step = rows.length;
  if (step === 0 || rows.length >= total) return rows;

  /** Rows from..to (inclusive), asking again from where a short answer stopped. */
  const readRange = async (from: number, to: number): Promise<SignatureRow[]> => {
    const out: SignatureRow[] = [];
    for (let start = from; start <= to; ) {
      const page = await baseQuery().range(start, to);
      if (page.error) throw failure('Loading signatures failed', page.error, page.status);
      const got = (page.data ?? []) as SignatureRow[];
      if (got.length === 0) break; // the table ends sooner than its count said
      out.push(...got);
      start += got.length;
    }
    return out;
  };
  const offsets: number[] = [];
  for (let from = step; from < total; from += step) offsets.push(from);
  const pages = await Promise.all(offsets.map((from) => readRange(from, from + step - 1)));
  for (const page of pages) rows.push(...page);
  return rows;
}

function warnSkipped(row: SignatureRow): void {
  console.warn(`Skipping signature #${row.id}: its strokes cannot be read.`, row.signature);
}

/** Every readable signature on the wall (created at or after `since`), in created_at order. */
export async function fetchSignatures(since: string | null = null): Promise<readonly Signature[]> {
  return signaturesFromRows(await fetchAllSignatureRows(since), warnSkipped);
}

export interface NewSignature {
  readonly strokes: readonly Stroke[];
  readonly caption: string | null;
}

/** Saves a signature and answers it as stored (the database may trim the caption). */
export async function insertSignature(input: NewSignature): Promise<Signature> {
  const { data, error, status } = await dataApi()
    .from(TABLE)
    .insert({ signature: serializeStrokes(input.strokes), caption: normalizeCaption(input.caption) })
    .select();
  if (error) throw failure('Saving the signature failed', error, status);
  const row = (data as SignatureRow[] | null)?.[0];
  const saved = row && signatureFromRow(row);
  if (!saved) throw new DataApiError('Saving the signature failed: no row came back', null, status);
  return saved;
}

export function signaturesQueryOptions() {
  return queryOptions({
    queryKey: [TABLE],
    queryFn: () => fetchSignatures(),
    // The wall is loaded once per visit; new signatures are added to the cache as they are saved.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 500,
  });
}

/** The longest an insert may take from its transaction's start to its commit (see pollStartMs). */
export const LATE_COMMIT_MS = 15_000;

/** Adds signatures fetched later to the cached wall, each id once (a no-op when none are new). */
export function addToCachedWall(queryClient: QueryClient, fresh: readonly Signature[]): void {
  if (fresh.length === 0) return;
  queryClient.setQueryData(signaturesQueryOptions().queryKey, (wall) =>
    wall ? mergeSignatures(wall, fresh) : wall,
  );
}

/** Fetches what is newer than the cached wall (reaching back for late commits) into the cache. */
async function catchUp(queryClient: QueryClient): Promise<void> {
  const newest = newestCreatedAt(queryClient.getQueryData(signaturesQueryOptions().queryKey) ?? []);
  const since = newest && new Date(Date.parse(newest) - LATE_COMMIT_MS).toISOString();
  addToCachedWall(queryClient, await fetchSignatures(since));
}

export function useSignatures() {
  return useQuery(signaturesQueryOptions());
}

/** Saves a signature; on success it joins the cached wall, on a lost race the wall reloads. */
export function useCreateSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertSignature,
    onSuccess: (saved) => addToCachedWall(queryClient, [saved]),
    onError: (error) => {
      console.error(error);
      // Someone else saved on this spot first: fetch what is new so their signature shows
      // (quietly, like a live update; the wall already shown stays if this fails too).
      if (error instanceof DataApiError && error.status === 409) {
        catchUp(queryClient).catch(() => undefined);
      }
    },
  });
}
