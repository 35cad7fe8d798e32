/**
 * The saved signatures for the board, viewport first, with the load toasts: 'Signatures loaded!'
 * once the whole wall is in (when the board opens if it already is, else when the load completes)
 * and 'Error loading signatures.' when a load fails; never when a save or a live update adds to
 * the cache. While the board is shown, signatures saved elsewhere join the wall and ones the owner
 * hides or deletes leave it, once the wall is complete.
 */
import { useEffect, useRef } from 'react';
import type { BoardEvent } from './model/board.ts';
import type { Rect } from '../../domain/geometry.ts';
import { useLiveSignatures } from '../../data/live-signatures.ts';
import { useRemovedSignatures } from '../../data/removed-signatures.ts';
import { useWall, type Wall } from '../../data/signatures.ts';

export function useWallSignatures(
  dispatch: (event: BoardEvent) => void,
  initialView: Rect | null,
): Wall {
  const wall = useWall(initialView);
  useLiveSignatures(wall.complete);
  useRemovedSignatures(wall.complete);
  const { loading, complete, failed, error } = wall;

  // A load is told once it has ended; the board opening counts as the end of one already over.
  // Cache writes (a saved signature, a live update) never make the query load, so they stay quiet.
  const untold = useRef(true);
  useEffect(() => {
    if (loading) {
      untold.current = true;
      return;
    }
    if (!untold.current) return;
    if (complete) {
      untold.current = false;
      dispatch({ type: 'notified', kind: 'loaded' });
    } else if (failed) {
      untold.current = false;
      console.error(error);
      dispatch({ type: 'notified', kind: 'loadError' });
    }
  }, [loading, complete, failed, error, dispatch]);

  return wall;
}
