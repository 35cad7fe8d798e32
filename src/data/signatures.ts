/**
 * Reading and saving signatures through the data API, and the React Query options and hooks that
 * the features use. Components never see the Supabase client or `{ data, error }` results.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Rect, Stroke } from '../domain/geometry.ts';
import { createOutlineIndex } from '../domain/outline-index.ts';
import {
  signatureFromRow,
  signaturesFromRows,
  type Signature,
  type SignatureRow,
} from '../domain/signature.ts';
import { normalizeCaption, serializeStrokes } from '../domain/new-signature.ts';
import { strokesToSave } from '../domain/simplify.ts';
import { dataApi, type DataApi } from './client.ts';
import { createRemovalKey, keepRemovalSecret } from './removal-secrets.ts';
import { readAllById, signatureRead, type RowQuery } from './pager.ts';
import { signatureKeys } from './query-keys.ts';
import type { WallLoadProgress } from './wall-load.ts';
import { signaturesQueryOptions } from './wall-query.ts';
import { NO_SIGNATURES, wallStoreOf } from './wall-store.ts';
import { DataApiError, failure, SIGNATURE_COLUMNS, TABLE, warnSkipped } from './table.ts';

/**
 * A poll that finds more new signatures than this reads its window's rows whole, as one read,
 * rather than the new ones by id (their list would make a long address).
 */
export const NEW_BY_ID_MAX = 100;
const NO_IDS: ReadonlySet<number> = new Set();

/**
 * Every readable signature created at or after `since` (the live poll's read; every one for an
 * empty wall's null) that the wall lacks (`wallIds`, asked once the window's ids are in), in
 * pages by id (src/data/pager.ts). The caller merges them into the wall, which orders them.
 *
 * The window reaches back LATE_COMMIT_MS before the newest signature (live-signatures.ts), so it
 * mostly holds signatures the wall has: their ids are read first, and the rows of the new ones
 * only. Read whole, a burst of saves was downloaded and parsed again by every board that opened
 * within the next half minute.
 */
export async function fetchSignaturesSince(
  since: string | null,
  api: DataApi = dataApi(),
  wallIds: () => ReadonlySet<number> = () => NO_IDS,
): Promise<readonly Signature[]> {
  const failed = 'Loading signatures failed';
  const inWindow = (query: RowQuery) => (since === null ? query : query.gte('created_at', since));
  const ids = await readAllById(api, { columns: 'id', failure: failed, filter: inWindow });
  const known = wallIds();
  const fresh = ids.map((row) => row.id).filter((id) => !known.has(id));
  if (fresh.length === 0) return [];
  const read = signatureRead(
    failed,
    fresh.length > NEW_BY_ID_MAX ? inWindow : (query) => query.in('id', fresh),
  );
  return signaturesFromRows(await readAllById(api, read), warnSkipped);
}

export interface NewSignature {
  readonly strokes: readonly Stroke[];
  readonly caption: string | null;
  /**
   * SHA-256 (hex) of the secret that lets this browser take the signature back;
   * left out of the insert when absent.
   */
  readonly removalHash?: string | null;
}

/** Saves a signature and answers it as stored (the database may trim the caption). */
export async function insertSignature(
  input: NewSignature,
  api: DataApi = dataApi(),
): Promise<Signature> {
  const { data, error, status } = await api
    .from(TABLE)
    .insert({
      signature: serializeStrokes(input.strokes),
      caption: normalizeCaption(input.caption),
      ...(input.removalHash ? { removal_hash: input.removalHash } : {}),
    })
    .select(SIGNATURE_COLUMNS);
  if (error) throw failure('Saving the signature failed', error, status);
  const row = (data as SignatureRow[] | null)?.[0];
  const saved = row && signatureFromRow(row);
  if (!saved) throw new DataApiError('Saving the signature failed: no row came back', null, status);
  return saved;
}

/** The wall's query as the board needs it. */
export interface Wall {
  /** What has arrived so far (all of it once `complete`). */
  readonly signatures: readonly Signature[];
  /** Every signature is in: the load ran to its end without failing. */
  readonly complete: boolean;
  /** The last load failed (what arrived before the failure stays in `signatures`). */
  readonly failed: boolean;
  /** Loading right now (the first load, or a retry). */
  readonly loading: boolean;
  readonly error: Error | null;
  /** Loads again after a failure. */
  readonly retry: () => void;
}

/**
 * The wall for the board: viewport first from `initialView`, with its progress. Not read at all
 * while `enabled` is false (the export, while its worker reads the wall).
 */
export function useWall(initialView: Rect | null, enabled = true): Wall {
  const query = useQuery({ ...signaturesQueryOptions(initialView), enabled });
  const { refetch } = query;
  const loading = query.fetchStatus === 'fetching';
  return {
    signatures: query.data ?? NO_SIGNATURES,
    complete: query.status === 'success' && !loading,
    failed: query.status === 'error' && !loading,
    loading,
    error: query.error,
    retry: useCallback(() => void refetch(), [refetch]),
  };
}

/**
 * Whole percent of the wall in, or null while its size is unknown: the progress streamWall writes
 * into the cache (never fetched itself). Read where it is shown: a heavy wall's load writes its
 * progress a hundred times, and whoever reads it renders again only when the percent changes.
 */
export function useWallLoadPercent(): number | null {
  const { data } = useQuery<WallLoadProgress | null, Error, number | null>({
    queryKey: signatureKeys.loadProgress(),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    select: loadPercent,
  });
  return data ?? null;
}

function loadPercent(progress: WallLoadProgress | null): number | null {
  if (!progress || progress.total === null) return null;
  if (progress.total === 0) return 100;
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
}

/**
 * The whole wall, for readers that need every signature at once (the export): 'success' only
 * once the load has ended, never on a partial wall; 'pending' without a read while not `enabled`.
 */
export function useSignatures(enabled = true): {
  status: 'pending' | 'success' | 'error';
  data: readonly Signature[] | undefined;
  error: Error | null;
} {
  const wall = useWall(null, enabled);
  return {
    status: wall.complete ? 'success' : wall.failed ? 'error' : 'pending',
    data: wall.complete ? wall.signatures : undefined,
    error: wall.error,
  };
}

/**
 * Saves a signature; on success it joins the cached wall and this browser keeps the secret that
 * can take it back for 10 minutes; on a lost race (409) the live poll runs at once so
 * the signature that won shows.
 */
export function useCreateSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewSignature) => {
      const wall = queryClient.getQueryData(signatureKeys.wall()) ?? NO_SIGNATURES;
      const key = await createRemovalKey();
      const saved = await insertSignature({
        ...input,
        // Lighter strokes, unless simplifying would touch a signature already loaded.
        strokes: strokesToSave(input.strokes, createOutlineIndex(wall)),
        removalHash: key?.hash ?? null,
      });
      // The window runs from when this browser learnt of the save (its own clock, as the card's).
      if (key) keepRemovalSecret(saved.id, key.secret, Date.now());
      return saved;
    },
    onSuccess: (saved) =>
      wallStoreOf(queryClient).dispatch({ type: 'arrived', signatures: [saved] }),
    onError: (error) => {
      console.error(error);
      // Someone else saved on this spot first: fetch what is new so their signature shows
      // (quietly, like a live update; the wall already shown stays if this fails too).
      if (error instanceof DataApiError && error.status === 409) {
        void queryClient.refetchQueries({ queryKey: signatureKeys.live() });
      }
    },
  });
}
