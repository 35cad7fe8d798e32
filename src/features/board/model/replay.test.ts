import { describe, expect, it } from 'vitest';
import { advance, asksForReplay, progressOf, REPLAY_MS, shownAt } from './replay.ts';

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
