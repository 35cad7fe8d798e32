import { describe, expect, it } from 'vitest';
import { clampOffset, visibleWallRect } from './camera.ts';

const phone = { width: 390, height: 844 };

describe('clampOffset', () => {
  it('keeps the offset between viewport − wall and 0', () => {
    expect(clampOffset({ x: 50, y: 20 }, phone)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: -5000, y: -5000 }, phone)).toEqual({ x: 390 - 3200, y: 844 - 3200 });
    expect(clampOffset({ x: -100, y: -200 }, phone)).toEqual({ x: -100, y: -200 });
  });

  it('re-clamps after the viewport grows (resize, rotation)', () => {
    const offset = clampOffset({ x: -2810, y: -2356 }, phone);
    expect(clampOffset(offset, { width: 844, height: 390 })).toEqual({ x: 844 - 3200, y: -2356 });
  });

  it('centres the wall on a viewport larger than the wall', () => {
    expect(clampOffset({ x: -10, y: 0 }, { width: 3840, height: 2160 })).toEqual({
      x: 320,
      y: 0,
    });
  });

  it('clamps at a scale', () => {
    expect(clampOffset({ x: -9000, y: 0 }, phone, 2)).toEqual({ x: 390 - 6400, y: 0 });
  });

  it('never shows anything outside the wall, for seeded random offsets', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 1000; i++) {
      const view = { width: 200 + rand() * 2000, height: 200 + rand() * 2000 };
      const scale = 0.25 + rand() * 3.75;
      const o = clampOffset({ x: (rand() - 0.5) * 20000, y: (rand() - 0.5) * 20000 }, view, scale);
      const seen = visibleWallRect(o, view, scale);
      if (view.width < 3200 * scale) {
        expect(seen.x).toBeGreaterThanOrEqual(-1e-9);
        expect(seen.x + seen.width).toBeLessThanOrEqual(3200 + 1e-9);
      }
      if (view.height < 3200 * scale) {
        expect(seen.y).toBeGreaterThanOrEqual(-1e-9);
        expect(seen.y + seen.height).toBeLessThanOrEqual(3200 + 1e-9);
      }
    }
  });
});

describe('visibleWallRect', () => {
  it('maps the viewport to wall coordinates, with a margin', () => {
    expect(visibleWallRect({ x: -1000, y: -1200 }, phone, 1, 100)).toEqual({
      x: 900,
      y: 1100,
      width: 590,
      height: 1044,
    });
    expect(visibleWallRect({ x: -1000, y: -1200 }, phone, 2)).toEqual({
      x: 500,
      y: 600,
      width: 195,
      height: 422,
    });
  });
});
