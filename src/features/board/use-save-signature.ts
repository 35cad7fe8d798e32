/**
 * The save flow (spec §4, §7): 'Saving...', then 'Signature saved!' or 'Error saving
 * signature.'; either way the pending drawing and caption are cleared (the board's reducer).
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { canSave, type BoardEvent, type BoardState } from '../../domain/board.ts';
import { useCreateSignature } from '../../data/signatures.ts';
import type { Signature } from '../../domain/signature.ts';

/** `onSaved`: told the signature as stored, once it is (e.g. to link to it). */
export function useSaveSignature(
  board: BoardState,
  dispatch: (event: BoardEvent) => void,
  onSaved?: (saved: Signature) => void,
): () => void {
  const { mutateAsync } = useCreateSignature();
  const latest = useRef(board);
  const onSavedRef = useRef(onSaved);
  useLayoutEffect(() => {
    latest.current = board;
    onSavedRef.current = onSaved;
  });

  return useCallback(() => {
    const { pending, caption } = latest.current;
    // The reducer ignores saveRequested under the same conditions; do not send then either.
    if (!pending || !canSave(latest.current)) return;
    // Enter pressed twice before React re-renders must not send twice.
    latest.current = { ...latest.current, saving: true };
    dispatch({ type: 'saveRequested' });
    mutateAsync({ strokes: pending, caption }).then(
      (saved) => {
        dispatch({ type: 'saveSucceeded' });
        onSavedRef.current?.(saved);
      },
      // The mutation already logged the error; the toast says it failed, nothing more.
      () => dispatch({ type: 'saveFailed' }),
    );
  }, [dispatch, mutateAsync]);
}
