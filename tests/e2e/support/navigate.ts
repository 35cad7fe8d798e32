/**
 * Helpers for the way-finding tests: walls seeded nearly or wholly full through the
 * data API, the view hash, what the screen really shows (a screenshot, so DOM layers count), and
 * axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { PNG } from 'pngjs';
import type { XY } from './board.ts';
import type { WallServer } from './fixtures.ts';

/** The wall tiled with 4 × 6 large signatures whose outlines are 2 px apart: no 200×120 gap. */
export const TILE_COLUMNS = 4;
export const TILE_ROWS = 6;
const COLUMN_PITCH = 800;
const ROW_PITCH = 533;

/** The outline of tile (col, row): points 10 px inside it, 1 px inside the tile's pitch. */
export function tileOutline(col: number, row: number) {
  const x = col * COLUMN_PITCH + 1;
  const y = row * ROW_PITCH + 1;
  return { x, y, width: COLUMN_PITCH - 2, height: ROW_PITCH - 3 };
}

/** Seeds tile (col, row): a diagonal stroke whose padded outline is the tile's outline. */
export async function seedTile(wall: WallServer, col: number, row: number): Promise<void> {
  const o = tileOutline(col, row);
  await wall.seed({
    strokes: [
      [
        [o.x + 10, o.y + 10],
        [o.x + o.width - 10, o.y + o.height - 10],
      ],
    ],
  });
}

/** Seeds every tile but `hole`. */
export async function fillWall(wall: WallServer, hole?: readonly [number, number]): Promise<void> {
  for (let row = 0; row < TILE_ROWS; row++) {
    for (let col = 0; col < TILE_COLUMNS; col++) {
      if (!hole || hole[0] !== col || hole[1] !== row) await seedTile(wall, col, row);
    }
  }
}

/** The x, y and zoom the address bar holds, as numbers (null when there is no view hash). */
export async function viewHash(page: Page): Promise<{ x: number; y: number; zoom: number } | null> {
  const hash = await page.evaluate(() => window.location.hash);
  const m = /^#x=(\d+)&y=(\d+)&zoom=([\d.]+)$/.exec(hash);
  return m ? { x: Number(m[1]), y: Number(m[2]), zoom: Number(m[3]) } : null;
}

/** The screen's colours at CSS points, from a real screenshot (every layer, DOM and canvas). */
export async function screenPixels(page: Page, points: readonly XY[]): Promise<string[]> {
  const png = PNG.sync.read(await page.screenshot());
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  return points.map(([x, y]) => {
    const i = (Math.round(y * dpr) * png.width + Math.round(x * dpr)) * 4;
    const hex = (v: number) => png.data[i + v]!.toString(16).padStart(2, '0');
    return `#${hex(0)}${hex(1)}${hex(2)}`;
  });
}

export const WALL_HEX = '#333333';
export const OUTSIDE_HEX = '#18181b';

/** axe finds no violation, of any impact, on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** The wall: the stage's focusable container. */
export function wallRegion(page: Page): Locator {
  return page.getByRole('application', { name: 'Wall' });
}

/** Clicks (or taps) the overview map at a fraction of its size. */
export async function overviewPoint(page: Page, fx: number, fy: number): Promise<XY> {
  const box = (await page.getByTestId('overview-map').boundingBox())!;
  return [box.x + box.width * fx, box.y + box.height * fy];
}

/**
 * Taps one of the tools a phone folds behind "More tools": opens them, then taps it.
 * `role` is 'link' for "Download PNG".
 */
export async function tapTool(page: Page, name: string, role: 'button' | 'link' = 'button') {
  await page.getByRole('button', { name: 'More tools' }).tap();
  await page.getByRole(role, { name }).tap();
}
