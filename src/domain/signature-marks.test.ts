import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  cameraShowing,
  dimmedIds,
  inView,
  moderationDecorations,
  SHOW_MARGIN,
} from './signature-marks.ts';
import { MAX_SCALE } from './camera.ts';
import { WALL_SIZE } from './rules.ts';

describe('moderationDecorations', () => {
  it('dims hidden signatures and badges reported ones with their count, both when both', () => {
    const decorations = moderationDecorations(
      [2, 3],
      new Map([
        [3, 1],
        [4, 2],
      ]),
    );
    expect(decorations).toEqual(
      new Map([
        [2, { dimmed: true, badge: null }],
        [3, { dimmed: true, badge: '1' }],
        [4, { dimmed: false, badge: '2' }],
      ]),
    );
  });

  it('leaves out signatures with nothing to mark (no entry, not an empty one)', () => {
    expect(moderationDecorations([], new Map([[5, 0]])).size).toBe(0);
  });
});

describe('dimmedIds and badgesOf', () => {
  const decorations = new Map([
    [1, { dimmed: true, badge: null }],
    [2, { dimmed: false, badge: '3' }],
    [3, { dimmed: true, badge: '1' }],
  ]);

  it('read the ids to dim and the badges to draw', () => {
    expect([...dimmedIds(decorations)]).toEqual([1, 3]);
    expect(badgesOf(decorations)).toEqual(
      new Map([
        [2, '3'],
        [3, '1'],
      ]),
    );
  });

  it('answer the same empty set whenever nothing is dimmed (the tiles repaint nothing)', () => {
    expect(dimmedIds(undefined)).toBe(dimmedIds(new Map([[1, { dimmed: false, badge: '1' }]])));
    expect(badgesOf(undefined).size).toBe(0);
  });
});

describe('cameraShowing', () => {
  const viewport = { width: 800, height: 600 };

  it('centres a small signature at 1:1', () => {
    const camera = cameraShowing({ x: 1000, y: 1200, width: 200, height: 100 }, viewport);
    expect(camera.scale).toBe(1);
    // Its centre (1100, 1250) lands in the middle of the viewport.
    expect(camera.offset).toEqual({ x: 400 - 1100, y: 300 - 1250 });
  });

  it('zooms out until a large one fits with its margin, never in past 1:1', () => {
    const outline = { x: 1000, y: 1000, width: 1440, height: 100 };
    const camera = cameraShowing(outline, viewport);
    expect(camera.scale).toBeCloseTo((800 - 2 * SHOW_MARGIN) / 1440);
    expect(camera.scale).toBeLessThan(MAX_SCALE);
  });

  it('stays on the wall for a signature in a corner (the wall edge stops the centring)', () => {
    const camera = cameraShowing({ x: WALL_SIZE - 110, y: 0, width: 100, height: 40 }, viewport);
    expect(camera.offset).toEqual({ x: 800 - WALL_SIZE, y: 0 });
  });
});

describe('inView', () => {
  const viewport = { width: 400, height: 300 };
  const camera = { scale: 0.5, offset: { x: -100, y: -50 } };

  it('is true only when the whole outline is on screen', () => {
    // Screen: x from 0.5 * 200 - 100 = 0 to 100, y from 0.5 * 100 - 50 = 0 to 50.
    expect(inView({ x: 200, y: 100, width: 200, height: 100 }, camera, viewport)).toBe(true);
    expect(inView({ x: 190, y: 100, width: 200, height: 100 }, camera, viewport)).toBe(false);
    expect(inView({ x: 800, y: 600, width: 200, height: 100 }, camera, viewport)).toBe(true);
    expect(inView({ x: 800, y: 600, width: 202, height: 100 }, camera, viewport)).toBe(false);
  });
});
