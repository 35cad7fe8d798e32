import { describe, expect, it } from 'vitest';
import {
  clampOffset,
  initialViewRect,
  clampScale,
  MAX_SCALE,
  minScale,
  viewportCentre,
  visibleWallRect,
  zoomAround,
  type CameraState,
} from './camera.ts';

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

const desktop = { width: 1280, height: 800 };

describe('zoom limits', () => {
  it('zooms out until the whole wall fits the viewport, never past 1 on a huge screen', () => {
    expect(minScale(desktop)).toBe(800 / 3200);
    expect(minScale(phone)).toBe(390 / 3200);
    expect(minScale({ width: 3840, height: 3500 })).toBe(1);
    expect(minScale({ width: 0, height: 0 })).toBe(1);
  });

  it('clamps the scale between the fit scale and 4', () => {
    expect(MAX_SCALE).toBe(4);
    expect(clampScale(10, desktop)).toBe(4);
    expect(clampScale(0.01, desktop)).toBe(0.25);
    expect(clampScale(1.5, desktop)).toBe(1.5);
  });
});

describe('zoomAround', () => {
  const wallUnder = (c: CameraState, p: { x: number; y: number }) => ({
    x: (p.x - c.offset.x) / c.scale,
    y: (p.y - c.offset.y) / c.scale,
  });

  it('keeps the wall point under the cursor in place', () => {
    const camera = { scale: 1, offset: { x: -1000, y: -1000 } };
    const cursor = { x: 300, y: 200 };
    const zoomed = zoomAround(camera, cursor, 2, desktop);
    expect(zoomed.scale).toBe(2);
    expect(wallUnder(zoomed, cursor)).toEqual({ x: 1300, y: 1200 });
    expect(zoomed.offset).toEqual({ x: 300 - 2600, y: 200 - 2400 });
  });

  it('stops at the limits', () => {
    const camera = { scale: 3, offset: { x: -3000, y: -3000 } };
    expect(zoomAround(camera, { x: 640, y: 400 }, 100, desktop).scale).toBe(4);
    expect(zoomAround(camera, { x: 640, y: 400 }, 0.0001, desktop).scale).toBe(0.25);
  });

  it('clamps the offset after zooming out near an edge', () => {
    // Near the bottom right corner at 2×; zooming out around the top left would show beyond it.
    const camera = { scale: 2, offset: { x: 1280 - 6400, y: 800 - 6400 } };
    const zoomed = zoomAround(camera, { x: 0, y: 0 }, 0.5, desktop);
    expect(zoomed).toEqual({ scale: 1, offset: { x: 1280 - 3200, y: 800 - 3200 } });
    // Fully out: the whole wall shows, centred across the wider axis.
    const out = zoomAround(zoomed, { x: 10, y: 10 }, 0.001, desktop);
    expect(out).toEqual({ scale: 0.25, offset: { x: 240, y: 0 } });
  });

  it('moves the wall point under the old pinch centre to the new one', () => {
    const camera = { scale: 1, offset: { x: -1000, y: -1000 } };
    const zoomed = zoomAround(camera, { x: 300, y: 200 }, 1.5, desktop, { x: 350, y: 260 });
    expect(wallUnder(zoomed, { x: 350, y: 260 })).toEqual({ x: 1300, y: 1200 });
  });

  it('zooms around the viewport centre for buttons and keys', () => {
    const camera = { scale: 1, offset: { x: -1000, y: -1000 } };
    const centre = viewportCentre(desktop);
    expect(centre).toEqual({ x: 640, y: 400 });
    expect(wallUnder(zoomAround(camera, centre, 1.25, desktop), centre)).toEqual({
      x: 1640,
      y: 1400,
    });
  });

  it('keeps the point put unless a limit or an edge stops it, for seeded random zooms', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const view = { width: 200 + rand() * 2000, height: 200 + rand() * 2000 };
      const scale = clampScale(0.1 + rand() * 4, view);
      const camera = {
        scale,
        offset: clampOffset({ x: -rand() * 12800, y: -rand() * 12800 }, view, scale),
      };
      const cursor = { x: rand() * view.width, y: rand() * view.height };
      const factor = Math.exp((rand() - 0.5) * 2);
      const zoomed = zoomAround(camera, cursor, factor, view);
      expect(zoomed.scale).toBeGreaterThanOrEqual(minScale(view));
      expect(zoomed.scale).toBeLessThanOrEqual(MAX_SCALE);
      expect(clampOffset(zoomed.offset, view, zoomed.scale)).toEqual(zoomed.offset);
      const wanted = {
        x: cursor.x - wallUnder(camera, cursor).x * zoomed.scale,
        y: cursor.y - wallUnder(camera, cursor).y * zoomed.scale,
      };
      // Wherever clamping did not move the offset, the wall point under the cursor stayed.
      const before = wallUnder(camera, cursor);
      const after = wallUnder(zoomed, cursor);
      if (Math.abs(zoomed.offset.x - wanted.x) < 1e-9) expect(after.x).toBeCloseTo(before.x, 6);
      if (Math.abs(zoomed.offset.y - wanted.y) < 1e-9) expect(after.y).toBeCloseTo(before.y, 6);
      // And the clamp moved it only as far as the wall's edge demanded.
      expect(clampOffset(wanted, view, zoomed.scale)).toEqual(zoomed.offset);
    }
  });
});

describe('initialViewRect', () => {
  it('is the top-left screenful at scale 1 by default', () => {
    expect(initialViewRect({ width: 390, height: 844 })).toEqual({
      x: 0,
      y: 0,
      width: 390,
      height: 844,
    });
  });

  it('follows a given camera, clamped, and never reaches past the wall', () => {
    const viewport = { width: 1280, height: 800 };
    // Centre of the wall at 2×: the screen shows 640 × 400 wall px around (1600, 1600).
    expect(
      initialViewRect(viewport, { scale: 2, offset: { x: 640 - 3200, y: 400 - 3200 } }),
    ).toEqual({ x: 1280, y: 1400, width: 640, height: 400 });
    // An offset beyond the wall's far corner is clamped back to it.
    expect(initialViewRect(viewport, { scale: 1, offset: { x: -9999, y: -9999 } })).toEqual({
      x: 1920,
      y: 2400,
      width: 1280,
      height: 800,
    });
    // A screen larger than the wall sees all of it.
    expect(initialViewRect({ width: 4000, height: 4000 })).toEqual({
      x: 0,
      y: 0,
      width: 3200,
      height: 3200,
    });
  });
});
