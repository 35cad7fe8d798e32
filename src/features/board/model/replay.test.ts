import { describe, expect, it } from 'vitest';
import {
  advance,
  asksForReplay,
  nextJump,
  progressOf,
  REDUCED_MOTION_JUMPS,
  REPLAY_MS,
  shownAt,
} from './replay.ts';

describe('replay', () => {
  it('plays any wall in REPLAY_MS: a quarter of the time shows a quarter of the signatures', () => {
    const quarter = advance(0, REPLAY_MS / 4);
    expect(shownAt(10, quarter)).toBe(3);
    expect(shownAt(10_000, quarter)).toBe(2500);
    expect(shownAt(10_000, advance(quarter, REPLAY_MS))).toBe(10_000);
  });

  it('never runs backwards or past either end', () => {
    expect(advance(0.5, -1000)).toBe(0.5);
    expect(advance(0.9, REPLAY_MS)).toBe(1);
    expect(shownAt(10, -1)).toBe(0);
    expect(shownAt(10, 2)).toBe(10);
  });

  it('puts the scrubber where a count of signatures shows', () => {
    expect(progressOf(5, 10)).toBe(0.5);
    expect(shownAt(10, progressOf(7, 10))).toBe(7);
    expect(progressOf(0, 0)).toBe(1);
  });

  it('reads #replay in a link, alone or beside a view, and nothing else', () => {
    expect(asksForReplay('#replay')).toBe(true);
    expect(asksForReplay('#x=10&y=20&zoom=1&replay')).toBe(true);
    expect(asksForReplay('replay=1')).toBe(true);
    expect(asksForReplay('#x=10&y=20')).toBe(false);
    expect(asksForReplay('#replayed')).toBe(false);
    expect(asksForReplay('')).toBe(false);
  });
});

describe('the replay in jumps (reduced motion)', () => {
  it('moves a tenth of the history at a time, to the end', () => {
    const seen: number[] = [];
    for (let p = 0; p < 1; p = nextJump(p)) seen.push(p);
    expect(seen.map((p) => Math.round(p * 10))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(nextJump(0.9)).toBe(1);
    expect(nextJump(0.35)).toBeCloseTo(0.4, 10);
    expect(nextJump(1)).toBe(1);
    expect(REDUCED_MOTION_JUMPS).toBe(10);
  });
});
