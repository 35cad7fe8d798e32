import { describe, expect, it } from 'vitest';
import { signaturesSince } from './new-since-visit.ts';
import type { Signature } from '../../../domain/signature.ts';

const sig = (id: number, createdAt: string): Signature => ({
  id,
  createdAt,
  caption: null,
  strokes: [],
  outline: { x: 0, y: 0, width: 20, height: 20 },
});

describe('new since the last visit', () => {
  const wall = [
    sig(1, '2026-11-20T10:00:00.000+00:00'),
    sig(2, '2026-11-22T10:00:00.000+00:00'),
    sig(3, '2026-11-22T10:00:00.001+00:00'),
  ];

  it('is every signature saved after the newest one seen last time', () => {
    expect(signaturesSince(wall, '2026-11-22T10:00:00.000+00:00').map((s) => s.id)).toEqual([3]);
    expect(signaturesSince(wall, '2026-11-01T00:00:00.000+00:00').map((s) => s.id)).toEqual([
      1, 2, 3,
    ]);
    expect(signaturesSince(wall, '2026-11-22T10:00:00.001+00:00')).toEqual([]);
  });

  it('is nothing on a first visit', () => {
    expect(signaturesSince(wall, null)).toEqual([]);
  });
});
