/**
 * Taking one's own signature back through the data API's `remove_my_signature`
 * function: it deletes the row when the secret's hash matches and the row is at most 10 minutes
 * old. On success the signature leaves this board's cached wall at once; other boards drop it on
 * their next removal check (removed-signatures.ts), as they drop a hidden one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataApi, type DataApi } from './client.ts';
import { wallStoreOf } from './wall-store.ts';
import { forgetRemovalSecret } from './removal-secrets.ts';

/**
 * - `removed`: the row is gone;
 * - `too-late`: older than the window (PT403 'too late');
 * - `refused`: the secret does not match (PT403);
 * - `gone`: already hidden or deleted (PT404);
 * - `failed`: anything else (logged).
 */
export type RemovalOutcome = 'removed' | 'too-late' | 'refused' | 'gone' | 'failed';

export async function removeMySignature(
  signatureId: number,
  secret: string,
  api: DataApi = dataApi(),
): Promise<RemovalOutcome> {
  const { error, status } = await api.rpc('remove_my_signature', {
    signature_id: signatureId,
    secret,
  });
  if (!error) return 'removed';
  if (error.code === 'PT403') return /too late/i.test(error.message) ? 'too-late' : 'refused';
  if (error.code === 'PT404') return 'gone';
  console.error(`Removing signature #${signatureId} failed (${status}):`, error);
  return 'failed';
}

/** removeMySignature, and on success (or when it is gone anyway) the wall here drops it. */
export function useRemoveMySignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, secret }: { id: number; secret: string }) => removeMySignature(id, secret),
    onSuccess: (outcome, { id }) => {
      if (outcome === 'failed') return;
      // A refused secret or an expired window will not get better: nothing to keep it for.
      forgetRemovalSecret(id, Date.now());
      if (outcome !== 'removed' && outcome !== 'gone') return;
      wallStoreOf(queryClient).dispatch({ type: 'removed', ids: new Set([id]) });
    },
  });
}
