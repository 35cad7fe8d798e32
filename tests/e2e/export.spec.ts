/**
 * /export on a desktop browser (spec §2 and §4 'Export'): the whole wall downloads as one
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
import { runClockUntil } from './support/page-clock.ts';
import { isBackground, isGold } from './support/png.ts';
import { installToastRecorder, readToastLog, toastsAt } from './support/toast-recorder.ts';

const PREPARING = 'Preparing export...';
const GENERATING = 'Generating PNG...';
const COMPLETE = 'Export complete!';
const LOAD_ERROR = 'Error loading signatures.';
const WELCOME = 'Hey! Sign my page!';

// Each test decodes a 10-megapixel PNG; on a busy 2-core machine that alone can approach the
// default 30 s.
test.slow(true, 'a 3200×3200 PNG decode');

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
  // 'Generating PNG...' was on screen for a frame before the heavy work began. (Real frames: this
  // test leaves the page's clock alone; the redirect's delay is timed on it in the next test.)
  expect(log.firstFrame[GENERATING]).toBeLessThan(await paintStartedAt(page));
  expect(downloads()).toBe(1);

  test.info().annotations.push({
    type: 'export timing (ms)',
    description: JSON.stringify({ downloadedAfter, ...(await exportTimings(page)) }),
  });
});

test('an empty wall still downloads an all-#333 image, and the welcome card returns 1 s after', async ({
  page,
  wall,
}) => {
  // The page's clock stands still unless the test moves it: it runs in small steps until the export
  // is complete, so the redirect's 1 s delay is timed on it, not waited for.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const downloads = countDownloads(page);
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  const completedAt = async () =>
    (await readToastLog(page)).inserted.find((t) => t.text === COMPLETE)?.at;
  await runClockUntil(page, async () => (await completedAt()) !== undefined, {
    stepMs: 20,
    limitMs: 60_000,
  });
  const png = await downloadedPng(await download);
  expect([png.width, png.height]).toEqual([3200, 3200]);
  const notBackground = png.find(png.bounds, (p) => !isBackground(p));
  expect(notBackground.count).toBe(0);

  // 'Export complete!' appeared at `complete` on the page's clock (it now stands at `now`, at most
  // one 20 ms step later): the app is still on /export 999 ms after it, and home 1 s after.
  const complete = await completedAt();
  if (complete === undefined) throw new Error("'Export complete!' never appeared");
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(complete + 999 - now);
  await expect(page).toHaveURL(`${wall.url}/export`);
  await page.clock.runFor(now - complete + 1);
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  await expect(page).toHaveURL(`${wall.url}/`);
  expect(toastsAt(await readToastLog(page), '/export')).toEqual([PREPARING, GENERATING, COMPLETE]);

  // Exactly one download, even a while after the redirect.
  await page.clock.runFor(5000);
  expect(downloads()).toBe(1);
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

test('the wall is read, painted and encoded in a worker, off the page', async ({ page, wall }) => {
  const seeded = await seedWall(wall);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // The page's own fetches, with the route it was on (a worker has its own fetch, which this
  // does not see; after the redirect, the welcome card starts the board's read, as it should).
  await page.addInitScript(() => {
    const reads: string[] = [];
    (window as unknown as { __reads: string[] }).__reads = reads;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      reads.push(`${location.pathname} ${input instanceof Request ? input.url : String(input)}`);
      return fetch(input, init);
    };
  });
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  expectSeededWall(await downloadedPng(await download), seeded);
  expect(workers).toContainEqual(expect.stringMatching(/\/assets\/export-worker-[\w-]+\.js$/));
  const pageReads = await page.evaluate(() => (window as unknown as { __reads: string[] }).__reads);
  const onExport = pageReads.filter((read) => read.startsWith('/export '));
  expect(onExport.filter((read) => read.includes('/rest/v1/signatures'))).toEqual([]);
});

test('where no worker can paint, the page paints the same PNG', async ({ page, wall }) => {
  const seeded = await seedWall(wall);
  await page.route('**/assets/export-worker-*.js', (route) => route.abort());
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  expectSeededWall(await downloadedPng(await download), seeded);
});

test('painted in bands side by side, the PNG is the one a single painter makes, seams included', async ({
  browser,
  wall,
}) => {
  await seedWall(wall);
  // Across the seams of four bands (y = 800, 1600, 2400): a stroke, and a caption whose glyphs
  // straddle one (its outline ends at 1590, its first baseline is at 1605).
  await wall.seed({
    strokes: [
      [
        [1000, 700],
        [1040, 900],
      ],
    ],
    caption: 'seam',
  });
  await wall.seed({
    strokes: [
      [
        [2000, 1500],
        [2200, 1580],
      ],
    ],
    caption: 'Straddles the seam',
  });
  await wall.seed({
    strokes: [
      [
        [600, 2380],
        [700, 2420],
        [650, 2450],
      ],
    ],
  });
  /** The PNG an export makes when the page reports `cores` cores, and its workers' scripts. */
  const exportWith = async (cores: number) => {
    // A context each: a second download in one context is renamed (Firefox: '…(1).png').
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.addInitScript((n) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
    const workers: string[] = [];
    tab.on('worker', (worker) => workers.push(worker.url()));
    const download = tab.waitForEvent('download');
    await tab.goto(`${wall.url}/export`);
    const png = await downloadedPng(await download);
    await context.close();
    return { png, workers: workers.filter((url) => /\/export-worker-[\w-]+\.js$/.test(url)) };
  };
  const single = await exportWith(1);
  // One band per core but one: five cores, four bands.
  const banded = await exportWith(5);
  expect(single.workers).toHaveLength(1);
  expect(banded.workers).toHaveLength(4);
  expect(banded.png.differences(single.png)).toEqual({ count: 0, largest: 0, first: [] });
  // …and the seams are painted on both sides.
  expect(
    banded.png.find({ x: 990, y: 790, width: 60, height: 20 }, (p) => p.r === 255).count,
  ).toBeGreaterThan(20);
  const gold = banded.png.find({ x: 1990, y: 1590, width: 300, height: 30 }, isGold);
  expect(gold.minY).toBeLessThan(1600);
  expect(gold.maxY).toBeGreaterThanOrEqual(1600);
});
