/**
 * The app shell: the welcome card needs no board code, the board's chunk is prefetched
 * while the card shows, and a chunk that cannot load reloads the page once, then shows a readable
 * message with a reload button instead of a blank page.
 */
import { expect, test } from './support/fixtures.ts';
import { holdBoardCode } from './support/wall-load.ts';

/** The board's lazy chunk, as Vite names it from src/features/board/board-screen.tsx. */
const BOARD_CHUNK = /\/assets\/board-screen-[^/]+\.js$/;

test('the welcome card renders before the board chunk loads, which is then prefetched', async ({
  page,
  wall,
}) => {
  const boardCode = await holdBoardCode(page);
  const boardRequested = page.waitForRequest(BOARD_CHUNK);
  await page.goto(wall.url);
  // The card is on screen while the board's code is still held back: it does not wait for it.
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  // …and the board's code was asked for without any click: the prefetch.
  await boardRequested;
  boardCode.release();
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.locator('.konvajs-content')).toHaveCount(1);
});

test('a board chunk that cannot load reloads once, then offers a reload', async ({
  page,
  wall,
}) => {
  await page.route(BOARD_CHUNK, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(wall.url);
  await page.getByRole('button', { name: 'Sign!' }).click();
  // First failure: the page reloads itself (a redeploy removed the old chunk).
  await expect.poll(() => loads).toBe(2);
  await page.getByRole('button', { name: 'Sign!' }).click();
  // Second failure in the same tab: no reload loop, a readable message instead.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Something went wrong');
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(loads).toBe(2);
});
