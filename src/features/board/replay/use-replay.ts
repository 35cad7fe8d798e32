/**
 * The board's replay: plays the wall already loaded from an empty wall to today's in
 * REPLAY_MS, with pause and a scrubber, and ends on today's wall. Nothing is read from the server:
 * the board simply shows the first signatures of the wall, which is in signing order.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  advance,
  asksForReplay,
  progressOf,
  REDUCED_MOTION_JUMPS,
  nextJump,
  REPLAY_MS,
  shownAt,
} from '../model/replay.ts';
import { usePrefersReducedMotion } from '../use-reduced-motion.ts';
import type { Signature } from '../../../domain/signature.ts';

/**
 * The replay moves on ten times a second: smooth enough, and few renders of the board (in jumps
 * with reduced motion: REDUCED_MOTION_JUMPS).
 */
const TICK_MS = 100;

export interface Replay {
  readonly active: boolean;
  readonly playing: boolean;
  /** How many signatures show now, of `total`. */
  readonly count: number;
  readonly total: number;
  /** What the board shows: the first `count` signatures while active, else the whole wall. */
  readonly shown: readonly Signature[];
  start(): void;
  /** Play or pause. */
  toggle(): void;
  /** Shows the first `count` signatures, paused. */
  seek(count: number): void;
  close(): void;
}

interface ReplayState {
  readonly active: boolean;
  readonly playing: boolean;
  readonly progress: number;
}

const IDLE: ReplayState = { active: false, playing: false, progress: 1 };

export function useReplay(signatures: readonly Signature[], complete: boolean): Replay {
  const [state, setState] = useState<ReplayState>(IDLE);
  // A link with #replay opens the board playing, once the wall is in.
  const [asked, setAsked] = useState(() => asksForReplay(window.location.hash));
  const total = signatures.length;
  const jumps = usePrefersReducedMotion();
  const tickMs = jumps ? REPLAY_MS / REDUCED_MOTION_JUMPS : TICK_MS;

  const start = useCallback(() => setState({ active: true, playing: true, progress: 0 }), []);
  useEffect(() => {
    if (!asked || !complete) return;
    setAsked(false);
    start();
  }, [asked, complete, start]);

  useEffect(() => {
    if (!state.playing) return undefined;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setState((s) => {
        const progress = jumps ? nextJump(s.progress) : advance(s.progress, elapsed);
        // The end is today's wall, and the board as it was before the replay.
        return progress >= 1 ? IDLE : { ...s, progress };
      });
    }, tickMs);
    return () => clearInterval(timer);
  }, [state.playing, jumps, tickMs]);

  const toggle = useCallback(
    () =>
      setState((s) =>
        s.playing
          ? { ...s, playing: false }
          : { ...s, playing: true, progress: s.progress >= 1 ? 0 : s.progress },
      ),
    [],
  );
  const seek = useCallback(
    (count: number) =>
      setState((s) => ({ ...s, playing: false, progress: progressOf(count, total) })),
    [total],
  );
  const close = useCallback(() => setState(IDLE), []);

  const count = state.active ? shownAt(total, state.progress) : total;
  const shown = useMemo(
    () => (count === total ? signatures : signatures.slice(0, count)),
    [signatures, count, total],
  );
  return {
    active: state.active,
    playing: state.playing,
    count,
    total,
    shown,
    start,
    toggle,
    seek,
    close,
  };
}
