import { describe, expect, it } from 'vitest';
import {
  grownFrom,
  joinedSince,
  mergeSignatures,
  newestCreatedAt,
  pollStartMs,
  withoutRemoved,
} from './merge.ts';
import type { Signature } from './signature.ts';

const sig = (id: number, createdAt: string): Signature => ({
  id,
  createdAt,
  caption: null,
  strokes: [
    [
      [0, 0],
      [1, 1],
    ],
  ],
  outline: { x: -10, y: -10, width: 21, height: 21 },
});

describe('mergeSignatures', () => {
  const a = sig(1, '2026-11-22T10:00:00.000+00:00');
  const b = sig(2, '2026-11-22T10:00:01.000+00:00');
  const c = sig(3, '2026-11-22T10:00:00.500+00:00');

  it('keeps the same array when nothing is new (overlapping polls)', () => {
    const wall = [a, b];
    expect(mergeSignatures(wall, [b, a])).toBe(wall);
  });

  it('adds each new id once, in created_at order, even when a row committed late', () => {
    expect(mergeSignatures([a, b], [b, c, c]).map((s) => s.id)).toEqual([1, 3, 2]);
  });

  it('breaks created_at ties by id', () => {
    const d = sig(5, a.createdAt);
    const e = sig(4, a.createdAt);
    expect(mergeSignatures([a], [d, e]).map((s) => s.id)).toEqual([1, 4, 5]);
  });

  it('finds the newest timestamp', () => {
    expect(newestCreatedAt([a, b, c])).toBe(b.createdAt);
    expect(newestCreatedAt([])).toBeNull();
  });
});

describe('mergeSignatures against the plain rule', () => {
  /** The rule spelt out: every id once (the wall's copy first), sorted by created_at, then id. */
  const plainMerge = (current: readonly Signature[], incoming: readonly Signature[]) => {
    const byId = new Map<number, Signature>();
    for (const s of [...current, ...incoming]) if (!byId.has(s.id)) byId.set(s.id, s);
    return [...byId.values()].sort((a, b) =>
      a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1,
    );
  };

  it('gives the same walls over many random merges, from the newest wall and from older ones', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 2 ** 16) % n;
    };
    const at = (n: number) =>
      `2026-11-22T10:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}.000+00:00`;
    const walls: Array<readonly Signature[]> = [[]];
    for (let round = 0; round < 300; round++) {
      // Mostly the newest wall, as the store does; sometimes an older one.
      const from = random(4) === 0 ? walls[random(walls.length)]! : walls[walls.length - 1]!;
      const incoming = Array.from({ length: random(12) }, () => {
        const id = random(400);
        return sig(id, at(id % 97));
      });
      const merged = mergeSignatures(from, incoming);
      expect(merged.map((s) => s.id)).toEqual(plainMerge(from, incoming).map((s) => s.id));
      walls.push(merged);
    }
    expect(Math.max(...walls.map((w) => w.length))).toBeGreaterThan(100);
  });
});

describe('what joined a wall', () => {
  const at = (second: number) => `2026-11-22T10:00:${String(second).padStart(2, '0')}.000+00:00`;
  const wall0 = [sig(1, at(1)), sig(2, at(2))];

  it('grownFrom answers what merges added, across several, in the order they came', () => {
    const wall1 = mergeSignatures(wall0, [sig(4, at(4)), sig(2, at(2))]);
    const wall2 = mergeSignatures(wall1, [sig(3, at(3))]);
    expect(grownFrom(wall0, wall2)?.map((s) => s.id)).toEqual([4, 3]);
    expect(grownFrom(wall1, wall2)?.map((s) => s.id)).toEqual([3]);
    expect(grownFrom(wall2, wall2)).toEqual([]);
    // The same answer as looking at every signature.
    const seen = new Set(wall0.map((s) => s.id));
    expect(
      joinedSince(seen, wall2)
        ?.map((s) => s.id)
        .sort(),
    ).toEqual([3, 4]);
  });

  it('grownFrom is null for a wall not grown from it by merges: a removal, or another wall', () => {
    const wall1 = mergeSignatures(wall0, [sig(3, at(3))]);
    const removed = withoutRemoved(wall1, new Set([1]), new Set());
    expect(grownFrom(wall1, removed)).toBeNull();
    expect(grownFrom(wall0, mergeSignatures(removed, [sig(5, at(5))]))).toBeNull();
    expect(grownFrom(wall0, [...wall1])).toBeNull();
  });

  it('joinedSince is null when a signature it had left', () => {
    expect(joinedSince(new Set([1, 2]), [sig(2, at(2)), sig(3, at(3))])).toBeNull();
  });
});

describe('pollStartMs', () => {
  it('reaches back for late commits only while one is still possible', () => {
    expect(pollStartMs(100_000, 0, 15_000)).toBe(85_000);
    expect(pollStartMs(100_000, 30_000, 15_000)).toBe(85_000);
    expect(pollStartMs(100_000, 30_001, 15_000)).toBe(100_000);
  });
});

describe('withoutRemoved', () => {
  const a = sig(1, '2026-11-22T10:00:00.000+00:00');
  const b = sig(2, '2026-11-22T10:00:01.000+00:00');
  const c = sig(3, '2026-11-22T10:00:02.000+00:00');

  it('drops the signatures the server no longer shows (hidden or deleted), keeping the order', () => {
    const wall = [a, b, c];
    expect(withoutRemoved(wall, new Set([1, 2, 3]), new Set([1, 3])).map((s) => s.id)).toEqual([
      1, 3,
    ]);
    expect(withoutRemoved(wall, new Set([1, 2, 3]), new Set())).toEqual([]);
  });

  it('keeps a signature that joined the wall after the read of visible ids began', () => {
    // c was saved (or arrived live) while the ids were being read: the answer may predate it.
    const wall = [a, b, c];
    expect(withoutRemoved(wall, new Set([1, 2]), new Set([1, 2])).map((s) => s.id)).toEqual([
      1, 2, 3,
    ]);
    expect(withoutRemoved(wall, new Set([1, 2]), new Set([2])).map((s) => s.id)).toEqual([2, 3]);
  });

  it('keeps the same array when nothing is dropped (ids the wall never had change nothing)', () => {
    const wall = [a, b];
    expect(withoutRemoved(wall, new Set([1, 2]), new Set([1, 2, 7]))).toBe(wall);
  });
});
