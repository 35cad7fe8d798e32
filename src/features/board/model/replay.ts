/**
 * Replaying the wall's history: from an empty wall, the signatures appear in the order
 * they were signed (the wall's own order, created_at then id), the whole wall in REPLAY_MS
 * whatever its size, then the replay ends on today's wall.
 */

/** The whole history plays in this long, a wall of ten signatures or of ten thousand. */
export const REPLAY_MS = 20_000;

/**
 * With `prefers-reduced-motion: reduce` the replay moves in this many jumps, REPLAY_MS / this
 * apart, each showing a tenth more of the wall at once, rather than ten small steps a second.
 */
export const REDUCED_MOTION_JUMPS = 10;

/** How far a replay is, from 0 (an empty wall) to 1 (today's wall). */
export type ReplayProgress = number;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The progress `elapsedMs` of playing later. */
export function advance(progress: ReplayProgress, elapsedMs: number): ReplayProgress {
  return clamp01(progress + Math.max(0, elapsedMs) / REPLAY_MS);
}

/** The next of the REDUCED_MOTION_JUMPS steps after `progress` (a jump, whatever the time taken). */
export function nextJump(progress: ReplayProgress): ReplayProgress {
  const jumps = Math.floor(clamp01(progress) * REDUCED_MOTION_JUMPS + 1e-9);
  return clamp01((jumps + 1) / REDUCED_MOTION_JUMPS);
}

/** How many of the wall's `total` signatures show at `progress`. */
export function shownAt(total: number, progress: ReplayProgress): number {
  return Math.round(total * clamp01(progress));
}

/** The progress at which `shown` of `total` signatures show (the scrubber's position). */
export function progressOf(shown: number, total: number): ReplayProgress {
  return total === 0 ? 1 : clamp01(shown / total);
}

/** True when the link asks for the replay: `#replay`, alone or beside a view (`#x=…&replay`). */
export function asksForReplay(hash: string): boolean {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body.length > 256) return false;
  return body.split('&').some((part) => part === 'replay' || part.startsWith('replay='));
}
