import { describe, expect, it } from 'vitest';
import {
  hex,
  isRemovalSecret,
  pruneSecrets,
  REMOVAL_WINDOW_MS,
  stillRemovable,
} from './removal.ts';

const SECRET = 'a'.repeat(64);

describe('removal window', () => {
  it('is open for 10 minutes after the save, and not before it', () => {
    expect(REMOVAL_WINDOW_MS).toBe(600_000);
    expect(stillRemovable(1000, 1000)).toBe(true);
    expect(stillRemovable(1000, 1000 + REMOVAL_WINDOW_MS - 1)).toBe(true);
    expect(stillRemovable(1000, 1000 + REMOVAL_WINDOW_MS)).toBe(false);
    // A clock set back since: the time kept cannot be trusted.
    expect(stillRemovable(1000, 999)).toBe(false);
  });

  it('prunes the secrets past their window', () => {
    const kept = { '1': { secret: SECRET, savedAt: 0 }, '2': { secret: SECRET, savedAt: 500_000 } };
    expect(Object.keys(pruneSecrets(kept, 600_000))).toEqual(['2']);
  });
});

describe('secrets', () => {
  it('are 64 lowercase hex characters', () => {
    expect(isRemovalSecret(SECRET)).toBe(true);
    expect(isRemovalSecret('A'.repeat(64))).toBe(false);
    expect(isRemovalSecret('a'.repeat(63))).toBe(false);
    expect(isRemovalSecret(42)).toBe(false);
    expect(hex(new Uint8Array([0, 15, 255]))).toBe('000fff');
  });
});
