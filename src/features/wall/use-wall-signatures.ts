/**
 * The saved signatures for the board, with the load toasts: 'Signatures loaded!' or 'Error
 * loading signatures.', once per load (not when a save or a live update adds to the cache). While
 * it is shown, signatures saved elsewhere join it and ones the owner hides or deletes leave it.
 */
import { useEffect, useRef } from 'react';
import type { BoardEvent } from '../../domain/board.ts';
import { TOAST } from '../../domain/constants.ts';
import type { Signature } from '../../domain/signature.ts';
import { useLiveSignatures } from '../../data/live-signatures.ts';
import { useRemovedSignatures } from '../../data/removed-signatures.ts';
import { useSignatures } from '../../data/signatures.ts';

const NONE: readonly Signature[] = [];

export function useWallSignatures(dispatch: (event: BoardEvent) => void): readonly Signature[] {
  const query = useSignatures();
  useLiveSignatures(query.isSuccess);
  useRemovedSignatures(query.isSuccess);
  const { fetchStatus, status, error } = query;

  // A load is a fetch that ran to its end: its status then tells how it went. Cache writes
  // (a saved signature, a live update) never pass through 'fetching', so they stay quiet.
  const wasFetching = useRef(false);
  useEffect(() => {
    if (fetchStatus === 'fetching') {
      wasFetching.current = true;
      return;
    }
    if (!wasFetching.current) return;
    wasFetching.current = false;
    if (status === 'success') dispatch({ type: 'notified', text: TOAST.loaded });
    else if (status === 'error') {
      console.error(error);
      dispatch({ type: 'notified', text: TOAST.loadError });
    }
  }, [fetchStatus, status, error, dispatch]);

  return query.data ?? NONE;
}
