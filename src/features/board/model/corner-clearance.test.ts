import { describe, expect, it } from 'vitest';
import { clampOffset, clampScale, type CameraState, type Size } from '../../../domain/camera.ts';
import {
  CORNER_REACH,
  coveredCornerArea,
  mirrorAcross,
  sideClearOfCorners,
  wallCornersOnScreen,
} from './corner-clearance.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import type { Rect } from '../../../domain/geometry.ts';

const DESKTOP: Size = { width: 1280, height: 720 };
const PHONE: Size = { width: 390, height: 844 };

/** The camera at scale `scale`, clamped toward a wall corner (as far as the spec's clamp lets). */
function clampedToward(corner: 'tl' | 'tr' | 'bl' | 'br', viewport: Size, scale = 1): CameraState {
  const far = -WALL_SIZE * scale;
  const x = corner.endsWith('r') ? far : 0;
  const y = corner.startsWith('b') ? far : 0;
  return { scale, offset: clampOffset({ x, y }, viewport, scale) };
}

/** The desktop's zoom-and-tools column under the mode toggle, at its home on the right. */
const DESKTOP_COLUMN = { x: 1224, y: 68, width: 44, height: 252 };
/** The desktop's overview (button and map) at its home, bottom right. */
const DESKTOP_OVERVIEW = { x: 1048, y: 456, width: 220, height: 168 };
/** The phone's column (zoom in, zoom out, "More tools") at its home, under the toggle. */
const PHONE_COLUMN = { x: 334, y: 68, width: 44, height: 148 };
/** The phone's overview (button and map) at its home, bottom right. */
const PHONE_OVERVIEW = { x: 226, y: 648, width: 152, height: 100 };

describe('wallCornersOnScreen', () => {
  it('shows only the corner the clamp pins to the screen corner, 150 px square at scale 1', () => {
    expect(wallCornersOnScreen(clampedToward('tl', DESKTOP), DESKTOP)).toEqual([
      { x: 0, y: 0, width: CORNER_REACH, height: CORNER_REACH },
    ]);
    expect(wallCornersOnScreen(clampedToward('br', PHONE), PHONE)).toEqual([
      { x: 240, y: 694, width: 150, height: 150 },
    ]);
  });

  it('shows none in the middle of the wall', () => {
    expect(wallCornersOnScreen({ scale: 1, offset: { x: -1000, y: -1000 } }, DESKTOP)).toEqual([]);
  });

  it('scales the corner with the zoom and clips it to the screen', () => {
    expect(wallCornersOnScreen(clampedToward('tr', PHONE, 4), PHONE)).toEqual([
      { x: 0, y: 0, width: 390, height: 600 },
    ]);
  });

  it('shows all four, small, when the whole wall fits the screen', () => {
    const scale = 390 / WALL_SIZE;
    const corners = wallCornersOnScreen(
      { scale, offset: clampOffset({ x: 0, y: 0 }, PHONE, scale) },
      PHONE,
    );
    expect(corners).toHaveLength(4);
    for (const c of corners) expect(c.width).toBeCloseTo(150 * scale, 9);
    // The wall (390 × 390) sits centred: its bottom corners end at y = 617.
    expect(corners[3]!.y + corners[3]!.height).toBeCloseTo(617, 9);
  });
});

describe('coveredCornerArea and mirrorAcross', () => {
  it('counts overlap only: touching edges cover nothing', () => {
    const corner = [{ x: 0, y: 0, width: 150, height: 150 }];
    expect(coveredCornerArea({ x: 150, y: 0, width: 44, height: 44 }, corner)).toBe(0);
    expect(coveredCornerArea({ x: 140, y: 140, width: 44, height: 44 }, corner)).toBe(100);
  });

  it('mirrors a right-anchored rect to the same margin on the left', () => {
    expect(mirrorAcross(DESKTOP_COLUMN, DESKTOP)).toEqual({ ...DESKTOP_COLUMN, x: 12 });
  });
});

describe('sideClearOfCorners', () => {
  it('keeps every group home where the wall has no corner under it', () => {
    const middle = { scale: 1, offset: { x: -1000, y: -1200 } };
    expect(sideClearOfCorners(DESKTOP_COLUMN, middle, DESKTOP)).toBe('home');
    expect(sideClearOfCorners(DESKTOP_OVERVIEW, clampedToward('tl', DESKTOP), DESKTOP)).toBe(
      'home',
    );
  });

  it('steps a group across when the clamp pins the wall corner under its home', () => {
    // Today's layout covered these: the zoom buttons the top right, the overview the bottom right.
    expect(sideClearOfCorners(DESKTOP_COLUMN, clampedToward('tr', DESKTOP), DESKTOP)).toBe(
      'mirrored',
    );
    expect(sideClearOfCorners(DESKTOP_OVERVIEW, clampedToward('br', DESKTOP), DESKTOP)).toBe(
      'mirrored',
    );
    expect(sideClearOfCorners(PHONE_OVERVIEW, clampedToward('br', PHONE), PHONE)).toBe('mirrored');
  });

  it('clears all four clamped corners on desktop and phone, at every zoom up to 1', () => {
    const groups: Array<
      [Size, readonly { x: number; y: number; width: number; height: number }[]]
    > = [
      [DESKTOP, [DESKTOP_COLUMN, DESKTOP_OVERVIEW]],
      [PHONE, [PHONE_COLUMN, PHONE_OVERVIEW]],
    ];
    for (const [viewport, homes] of groups) {
      for (const scale of [0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.8, 1]) {
        for (const corner of ['tl', 'tr', 'bl', 'br'] as const) {
          const camera = clampedToward(corner, viewport, clampScale(scale, viewport));
          const corners = wallCornersOnScreen(camera, viewport);
          for (const home of homes) {
            const side = sideClearOfCorners(home, camera, viewport);
            const placed = side === 'home' ? home : mirrorAcross(home, viewport);
            expect(coveredCornerArea(placed, corners), `${corner} at ${scale}`).toBe(0);
          }
        }
      }
    }
  });

  it('zoomed in, clears them up to 4× on a desktop and up to 1.5× on a phone', () => {
    const cases: Array<[Size, number, readonly Rect[]]> = [
      [DESKTOP, 4, [DESKTOP_COLUMN, DESKTOP_OVERVIEW]],
      [PHONE, 1.5, [PHONE_COLUMN, PHONE_OVERVIEW]],
    ];
    for (const [viewport, most, homes] of cases) {
      for (let step = 0; step <= 20; step++) {
        const scale = 1 + ((most - 1) * step) / 20;
        for (const corner of ['tl', 'tr', 'bl', 'br'] as const) {
          const camera = clampedToward(corner, viewport, scale);
          const corners = wallCornersOnScreen(camera, viewport);
          for (const home of homes) {
            const side = sideClearOfCorners(home, camera, viewport);
            const placed = side === 'home' ? home : mirrorAcross(home, viewport);
            expect(coveredCornerArea(placed, corners), `${corner} at ${scale}`).toBe(0);
          }
        }
      }
    }
  });

  it('zoomed in so far that both sides cover the corner, takes the side covering less', () => {
    const column = PHONE_COLUMN;
    // At 2.4× on a phone the top-right corner's 360 px reach x = 30: the mirror covers less.
    expect(sideClearOfCorners(column, clampedToward('tr', PHONE, 2.4), PHONE)).toBe('mirrored');
    // At 4× its 600 px cover the whole width: a tie, so home.
    expect(sideClearOfCorners(column, clampedToward('tr', PHONE, 4), PHONE)).toBe('home');
  });
});
