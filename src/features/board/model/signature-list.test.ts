import { describe, expect, it } from 'vitest';
import type { Signature } from '../../../domain/signature.ts';
import { viewCentre } from '../../../domain/view-link.ts';
import { cameraOnSignature, listed, listEntries, searchText } from './signature-list.ts';

/** A signature whose outline is a 100 × 50 box centred on (x, y). */
const at = (id: number, x: number, y: number, caption: string | null, day: number): Signature => ({
  id,
  strokes: [],
  caption,
  createdAt: `2026-01-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  outline: { x: x - 50, y: y - 25, width: 100, height: 50 },
});

// The wall's own order: oldest first.
const wall = [
  at(1, 100, 100, 'Zoë', 1),
  at(2, 2000, 2000, null, 2),
  at(3, 600, 500, 'zoe again', 3),
  at(4, 500, 500, 'Bob', 4),
];
const entries = listEntries(wall);
const ids = (list: readonly { id: number }[]) => list.map((e) => e.id);

describe('the list of signatures', () => {
  it("labels each signature with its caption, or '#id', and places it at its outline's centre", () => {
    expect(entries.map((e) => [e.label, e.centre])).toEqual([
      ['Zoë', [100, 100]],
      ['#2', [2000, 2000]],
      ['zoe again', [600, 500]],
      ['Bob', [500, 500]],
    ]);
  });

  it('orders the newest first', () => {
    expect(ids(listed(entries, { search: '', order: 'newest', from: [0, 0] }))).toEqual([
      4, 3, 2, 1,
    ]);
  });

  it('orders the nearest to a point first', () => {
    expect(ids(listed(entries, { search: '', order: 'nearest', from: [520, 500] }))).toEqual([
      4, 3, 1, 2,
    ]);
    // Equally near: the newer first.
    expect(ids(listed(entries, { search: '', order: 'nearest', from: [550, 500] }))).toEqual([
      4, 3, 1, 2,
    ]);
  });

  it('finds captions whatever their accents and case, and captionless ones by #id', () => {
    expect(searchText('Zoë')).toBe('zoe');
    expect(ids(listed(entries, { search: ' ZOE ', order: 'newest', from: [0, 0] }))).toEqual([
      3, 1,
    ]);
    expect(ids(listed(entries, { search: '#2', order: 'newest', from: [0, 0] }))).toEqual([2]);
    expect(listed(entries, { search: 'nobody', order: 'nearest', from: [0, 0] })).toEqual([]);
  });

  it('lists 10,000 signatures', () => {
    const big = Array.from({ length: 10_000 }, (_, i) =>
      at(i + 1, (i * 37) % 3200, (i * 91) % 3200, `Name ${i}`, 1 + (i % 28)),
    );
    const list = listEntries(big);
    const near = listed(list, { search: 'name 1', order: 'nearest', from: [1600, 1600] });
    expect(near.length).toBe(1111);
    const d = (e: (typeof near)[number]) => (e.centre[0] - 1600) ** 2 + (e.centre[1] - 1600) ** 2;
    for (let i = 1; i < near.length; i++)
      expect(d(near[i]!)).toBeGreaterThanOrEqual(d(near[i - 1]!));
  });
});

describe('the view a chosen signature is shown in', () => {
  const viewport = { width: 1000, height: 800 };
  it('is centred on it at the same zoom when it fits', () => {
    const camera = cameraOnSignature(
      { x: 1000, y: 1000, width: 200, height: 100 },
      { camera: { scale: 2, offset: { x: 0, y: 0 } }, viewport },
    );
    expect(camera.scale).toBe(2);
    expect(viewCentre(camera, viewport)).toEqual([1100, 1050]);
  });

  it('zooms out until it takes at most 60 % of the screen', () => {
    const camera = cameraOnSignature(
      { x: 1000, y: 1000, width: 820, height: 100 },
      { camera: { scale: 4, offset: { x: 0, y: 0 } }, viewport },
    );
    expect(camera.scale).toBeCloseTo(600 / 820, 10);
    expect(viewCentre(camera, viewport)[0]).toBeCloseTo(1410, 6);
  });
});
