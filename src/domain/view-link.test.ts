import { describe, expect, it } from 'vitest';
import { MAX_SCALE, visibleWallRect } from './camera.ts';
import {
  cameraCentredOn,
  DEFAULT_ZOOM,
  formatViewHash,
  initialCamera,
  parseViewHash,
  viewOfCamera,
} from './view-link.ts';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

describe('parseViewHash', () => {
  it('reads x, y and zoom, with or without the #', () => {
    expect(parseViewHash('#x=640&y=400&zoom=1.25')).toEqual({ x: 640, y: 400, zoom: 1.25 });
    expect(parseViewHash('zoom=2&y=10&x=20')).toEqual({ x: 20, y: 10, zoom: 2 });
  });

  it('takes the default zoom when the zoom is missing or unreadable', () => {
    for (const zoom of ['', 'zoom=', 'zoom=abc', 'zoom=0', 'zoom=-2', 'zoom=NaN', 'zoom=1e999']) {
      expect(parseViewHash(`#x=1&y=2&${zoom}`)).toEqual({ x: 1, y: 2, zoom: DEFAULT_ZOOM });
    }
  });

  it('ignores a hash without a readable x and y', () => {
    for (const hash of [
      '',
      '#',
      '#x=1',
      '#y=1',
      '#x=&y=',
      '#x=NaN&y=5',
      '#x=Infinity&y=5',
      '#x=1e999&y=5',
      '#x=0x10&y=5',
      '#x= 5&y=5',
      '#x=5px&y=5',
      '#x=1,5&y=5',
      '#hello',
      '#x=%E0%A4%A&y=%',
      `#x=${'9'.repeat(5000)}&y=1`,
      '#/some/route',
    ]) {
      expect(parseViewHash(hash), hash).toBeNull();
    }
  });

  it('clamps coordinates to the wall and rounds them to whole pixels', () => {
    expect(parseViewHash('#x=-50&y=99999999&zoom=1')).toEqual({ x: 0, y: 3200, zoom: 1 });
    expect(parseViewHash('#x=10.6&y=1e3')).toEqual({ x: 11, y: 1000, zoom: 1 });
  });

  it('clamps the zoom to the closest zoom and a small positive floor', () => {
    expect(parseViewHash('#x=1&y=1&zoom=1000')?.zoom).toBe(MAX_SCALE);
    expect(parseViewHash('#x=1&y=1&zoom=1e-300')?.zoom).toBe(0.01);
  });

  it('survives seeded random junk without throwing', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const alphabet = 'xyzom=&#%.-+e0123456789NaIfity ';
    for (let n = 0; n < 2000; n++) {
      const hash = Array.from(
        { length: Math.floor(rand() * 40) },
        () => alphabet[Math.floor(rand() * alphabet.length)],
      ).join('');
      const view = parseViewHash(hash);
      if (view) {
        expect(view.x).toBeGreaterThanOrEqual(0);
        expect(view.x).toBeLessThanOrEqual(3200);
        expect(view.y).toBeGreaterThanOrEqual(0);
        expect(view.y).toBeLessThanOrEqual(3200);
        expect(view.zoom).toBeGreaterThan(0);
        expect(view.zoom).toBeLessThanOrEqual(MAX_SCALE);
      }
    }
  });
});

describe('formatViewHash', () => {
  it('writes whole pixels and a zoom of at most three decimals', () => {
    expect(formatViewHash({ x: 640.4, y: 399.6, zoom: 1.25 })).toBe('#x=640&y=400&zoom=1.25');
    expect(formatViewHash({ x: 1, y: 2, zoom: 1 / 3 })).toBe('#x=1&y=2&zoom=0.333');
  });

  it('is read back as written', () => {
    const view = { x: 1234, y: 56, zoom: 0.512 };
    expect(parseViewHash(formatViewHash(view))).toEqual(view);
  });
});

describe('initialCamera', () => {
  it('without a link, opens at the origin at 1:1 as before', () => {
    expect(initialCamera(desktop, null)).toEqual({ scale: 1, offset: { x: 0, y: 0 } });
    expect(initialCamera(desktop)).toEqual(initialCamera(desktop, null));
    // A screen larger than the wall shows it centred.
    expect(initialCamera({ width: 3400, height: 3300 }, null)).toEqual({
      scale: 1,
      offset: { x: 100, y: 50 },
    });
  });

  it('centres the linked point at the linked zoom', () => {
    const camera = initialCamera(desktop, { x: 1600, y: 1500, zoom: 2 });
    expect(camera.scale).toBe(2);
    expect(viewOfCamera(camera, desktop)).toEqual({ x: 1600, y: 1500, zoom: 2 });
  });

  it('clamps a view near the edge and a zoom beyond the viewport’s bounds', () => {
    const corner = initialCamera(phone, { x: 3200, y: 0, zoom: 1 });
    expect(corner.offset).toEqual({ x: 390 - 3200, y: 0 });
    const far = initialCamera(phone, { x: 1600, y: 1600, zoom: 0.01 });
    expect(far.scale).toBe(390 / 3200);
  });

  it('gives the rect to load first: the linked view stays inside the wall', () => {
    const camera = initialCamera(phone, { x: 2000, y: 3100, zoom: 1 });
    const rect = visibleWallRect(camera.offset, phone, camera.scale);
    expect(rect).toEqual({ x: 2000 - 195, y: 3200 - 844, width: 390, height: 844 });
  });
});

describe('cameraCentredOn and viewOfCamera', () => {
  it('round-trip a point away from the edges', () => {
    const camera = cameraCentredOn([900, 1100], 1.5, desktop);
    expect(viewOfCamera(camera, desktop)).toEqual({ x: 900, y: 1100, zoom: 1.5 });
  });
});
