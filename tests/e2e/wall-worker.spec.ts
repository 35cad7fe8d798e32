/**
 * The rest of the wall (all but the first screen) is read and parsed in a worker, so a
 * wall of thousands of rows never blocks the page; where no worker can start, the page reads it.
 */
import type { Page } from '@playwright/test';
import { expect, test, TOASTS, WHITE } from './support/board.ts';
import { wallReadOf, type WallRead } from './support/wall-load.ts';

/** In the first screen (1280 × 800 from the wall's corner). */
const IN_VIEW = {
  strokes: [
    [
      [200, 300],
      [400, 300],
    ],
  ],
  caption: 'in view',
};
/** Far from it: read with the rest of the wall. */
const FAR = {
  strokes: [
    [
      [2500, 2500],
      [2600, 2550],
    ],
  ],
  caption: 'far',
};

/**
 * The wall's reads the document itself made (a worker's own requests are not in its timeline):
 * not the live catch-up (`created_at=gte.`) nor the removal check (`select=id`), which follow.
 */
function documentReads(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => {
        const url = new URL(name);
        return (
          url.pathname === '/rest/v1/signatures' &&
          !url.searchParams.has('created_at') &&
          url.searchParams.get('select') !== 'id'
        );
      }),
  );
}

function recordReads(page: Page): WallRead[] {
  const reads: WallRead[] = [];
  page.on('request', (request) => {
    const kind = wallReadOf(request);
    if (kind) reads.push(kind);
  });
  return reads;
}

test('the rest of the wall is read in a worker: the page reads only the first screen and the count', async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, FAR]) await wall.seed(signature);
  const reads = recordReads(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await board.open();
  // The wall's reader; besides it only the painter of the first screen's tiles (which reads
  // nothing, and is stopped, perhaps before it ever ran, when the board opens first).
  expect(workers).toContainEqual(expect.stringMatching(/\/assets\/wall-worker-[\w-]+\.js$/));
  for (const url of workers) {
    expect(url).toMatch(/\/assets\/(wall-worker|first-view-worker)-[\w-]+\.js$/);
  }
  expect(reads).toContain('rest');
  const fromDocument = await documentReads(page);
  expect(fromDocument.length).toBeGreaterThan(0);
  for (const url of fromDocument) {
    expect(url).toMatch(/max_y=gte\.|order=id\.desc/);
  }
  // What the worker handed over is drawn like the rest: the far signature's stroke and caption.
  expect(await board.pixelAt([2550, 2525])).toEqual(WHITE);
});

test('where the worker cannot start, the page reads the rest of the wall itself', async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, FAR]) await wall.seed(signature);
  await page.route('**/assets/wall-worker-*.js', (route) => route.abort());
  await board.open();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect(await documentReads(page)).toContainEqual(
    expect.not.stringMatching(/max_y=gte\.|order=id\.desc/),
  );
  expect(await board.pixelAt([2550, 2525])).toEqual(WHITE);
});
