import { describe, expect, it } from 'vitest';
import { signedAt, timeAgo } from './signed-time.ts';

// 2026-11-24T12:00:00Z
const NOW = 1_795_521_600_000;
const ago = (ms: number) => NOW - ms;
const MINUTE = 60_000;

describe('timeAgo', () => {
  it('says how long ago in the largest unit that fits, in the given locale', () => {
    expect(timeAgo(ago(0), NOW, 'en')).toBe('now');
    expect(timeAgo(ago(30_000), NOW, 'en')).toBe('30 seconds ago');
    expect(timeAgo(ago(5 * MINUTE), NOW, 'en')).toBe('5 minutes ago');
    expect(timeAgo(ago(3 * 60 * MINUTE), NOW, 'en')).toBe('3 hours ago');
    expect(timeAgo(ago(24 * 60 * MINUTE), NOW, 'en')).toBe('yesterday');
    expect(timeAgo(ago(14 * 24 * 60 * MINUTE), NOW, 'en')).toBe('2 weeks ago');
    expect(timeAgo(ago(400 * 24 * 60 * MINUTE), NOW, 'en')).toBe('last year');
    expect(timeAgo(ago(5 * MINUTE), NOW, 'de')).toBe('vor 5 Minuten');
  });

  it('a time a little ahead of this clock is now, never in the future', () => {
    expect(timeAgo(ago(-2000), NOW, 'en')).toBe('now');
  });
});

describe('signedAt', () => {
  it('is the date and time in the locale', () => {
    const text = signedAt(NOW, 'en');
    expect(text).toMatch(/Nov 24, 2026/);
  });
});
