/**
 * /moderate's React Query hooks over src/data/moderation.ts. Every action invalidates every
 * moderation query when it settles, so both lists and the details show the result at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportedSignature } from '../domain/moderation.ts';
import {
  countVisibleSince,
  deleteSignature,
  dismissReports,
  fetchCommunityHiding,
  fetchNewest,
  fetchReported,
  fetchRows,
  fetchSignature,
  hideSince,
  KeyRefusedError,
  setHidden,
  type ModeratedRow,
  type ModeratorClient,
} from './moderation.ts';
import { fetchModeratedWall } from './moderation-wall.ts';
import { moderationKeys } from './query-keys.ts';

/**
 * The lists follow the wall while the page is open (new signatures, new reports); React Query
 * pauses this in a hidden tab, and refetches when the tab comes back.
 */
const LIST_REFRESH_MS = 30_000;

/** A refused key is final (the page goes back to its form); anything else is tried once more. */
function retry(failures: number, error: Error): boolean {
  return !(error instanceof KeyRefusedError) && failures < 1;
}

export function useNewestSignatures(client: ModeratorClient, limit: number) {
  return useQuery({
    queryKey: moderationKeys.newest(limit),
    queryFn: () => fetchNewest(client, limit),
    // "Show more" keeps the rows shown while the longer list loads.
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    retry,
  });
}

/** A reported signature with its row (null once deleted). */
export interface ReportedEntry {
  readonly reported: ReportedSignature;
  readonly row: ModeratedRow | null;
}

export function useReportedSignatures(client: ModeratorClient) {
  return useQuery({
    queryKey: moderationKeys.reported(),
    queryFn: async (): Promise<ReportedEntry[]> => {
      const reported = await fetchReported(client);
      const rows = new Map(
        (
          await fetchRows(
            client,
            reported.map((r) => r.signatureId),
          )
        ).map((row) => [row.id, row]),
      );
      return reported.map((r) => ({ reported: r, row: rows.get(r.signatureId) ?? null }));
    },
    refetchInterval: LIST_REFRESH_MS,
    retry,
  });
}

/** The owner's board: every signature, hidden ones too (moderation-wall.ts). */
export function useModeratedWall(client: ModeratorClient) {
  return useQuery({
    queryKey: moderationKeys.wall(),
    queryFn: () => fetchModeratedWall(client),
    // A refetch keeps the board drawn meanwhile.
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    retry,
  });
}

/**
 * Where community hiding stands; its first answer is also the check of the moderator key, which
 * /moderate waits for before it shows or asks for anything else.
 */
export function useCommunityHiding(client: ModeratorClient) {
  return useQuery({
    queryKey: moderationKeys.hiding(),
    queryFn: () => fetchCommunityHiding(client),
    refetchInterval: LIST_REFRESH_MS,
    retry,
  });
}

export function useModeratedSignature(client: ModeratorClient, id: number | null) {
  return useQuery({
    queryKey: moderationKeys.signature(id ?? 0),
    queryFn: () => fetchSignature(client, id!),
    enabled: id !== null,
    retry,
  });
}

/** The owner's actions; each refreshes every moderation query when it settles, failed or not. */
export function useModerationActions(client: ModeratorClient) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  return {
    setHidden: useMutation({
      mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
        setHidden(client, id, hidden),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteSignature(client, id), onSettled }),
    dismiss: useMutation({ mutationFn: (id: number) => dismissReports(client, id), onSettled }),
    hideSince: useMutation({
      mutationFn: (sinceIso: string) => hideSince(client, sinceIso),
      onSettled,
    }),
    /** Not a change: what "Hide all since…" would hide, for its confirmation. */
    countVisibleSince: (sinceIso: string) => countVisibleSince(client, sinceIso),
  };
}

/** Forgets every moderation answer (sign out: nothing read with the key stays in memory). */
export function useForgetModeration() {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: moderationKeys.all });
}
