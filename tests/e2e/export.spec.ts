/**
 * /export on a desktop browser (issue 4, spec §2 and §4 'Export'): the whole wall downloads as one
 * 3200×3200 PNG on #333, drawn like the board, with the spec's toasts in order, exactly once, then
 * the app returns to the welcome card. A failed load downloads nothing.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import {
  paintStartedAt,
  countDownloads,
  downloadedPng,
  expectSeededWall,
  exportTimings,
  seedWall,
} from './support/export-wall.ts';
import { isBackground } from './support/png.ts';
import { installToastRecorder, readToastLog, toastsAt } from './support/toast-recorder.ts';

const PREPARING = 'Preparing export...';
const GENERATING = 'Generating PNG...';
const COMPLETE = 'Export complete!';
const LOAD_ERROR = 'Error loading signatures.';
const WELCOME = 'Hey! Sign my page!';

// Each test starts and stops its own server and decodes a 10-megapixel PNG; on a busy 2-core
// machine that alone can approach the default 30 s (the setting covers the fixture's setup too).
test.slow(true, 'own server per test plus a 3200×3200 PNG decode');

test.beforeEach(async ({ page }) => {
  await installToastRecorder(page);
});

test('exports the whole wall as canvas-signatures.png, then returns to the welcome card', async ({
  page,
  wall,
}) => {
  const seeded = await seedWall(wall);
  const downloads = countDownloads(page);
  const download = page.waitForEvent('download');
  const started = Date.now();
  await page.goto(`${wall.url}/export`);
  // No welcome card and nothing to draw on while exporting.
  await expect(page.getByRole('heading', { name: WELCOME })).toHaveCount(0);
  await expect(page.locator('.konvajs-content')).toHaveCount(0);

  const png = await downloadedPng(await download);
  const downloadedAfter = Date.now() - started;
  expectSeededWall(png, seeded);

  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  await expect(page).toHaveURL(`${wall.url}/`);

  const log = await readToastLog(page);
  expect(toastsAt(log, '/export')).toEqual([PREPARING, GENERATING, COMPLETE]);
  // 'Generating PNG...' was on screen for a frame before the heavy work began.
  expect(log.firstFrame[GENERATING]).toBeLessThan(await paintStartedAt(page));
  // The redirect waits about a second after 'Export complete!'.
  const complete = log.inserted.find((t) => t.text === COMPLETE)!;
  const home = await page.evaluate(() => performance.now());
  expect(home - complete.at).toBeGreaterThanOrEqual(950);

  // Exactly one download, even after the redirect and a moment more.
  await page.waitForTimeout(500);
  expect(downloads()).toBe(1);

  test.info().annotations.push({
    type: 'export timing (ms)',
    description: JSON.stringify({ downloadedAfter, ...(await exportTimings(page)) }),
  });
});

test('an empty wall still downloads an all-#333 image', async ({ page, wall }) => {
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  const png = await downloadedPng(await download);
  expect([png.width, png.height]).toEqual([3200, 3200]);
  const notBackground = png.find(png.bounds, (p) => !isBackground(p));
  expect(notBackground.count).toBe(0);
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  expect(toastsAt(await readToastLog(page), '/export')).toEqual([PREPARING, GENERATING, COMPLETE]);
});

test('a failed load shows the error and downloads nothing', async ({ page, wall }) => {
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [200, 100],
      ],
    ],
  });
  const failGets = (route: Route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'XX000',
            message: 'internal error',
            details: null,
            hint: null,
          }),
        })
      : route.fallback();
  await page.route((url) => url.pathname.endsWith('/rest/v1/signatures'), failGets);
  const downloads = countDownloads(page);
  await page.clock.install();
  await page.goto(`${wall.url}/export`);

  await expect(page.getByTestId('toast')).toHaveText(LOAD_ERROR);
  // Longer than the export of a small wall takes, and past the redirect delay: on the page's
  // clock, so no real time is spent waiting for nothing to happen.
  await page.clock.runFor(2500);
  expect(downloads()).toBe(0);
  // It stays on /export (a reload retries), without the welcome card.
  await expect(page).toHaveURL(`${wall.url}/export`);
  await expect(page.getByRole('heading', { name: WELCOME })).toHaveCount(0);
  expect(toastsAt(await readToastLog(page), '/export')).toEqual([PREPARING, LOAD_ERROR]);
});
