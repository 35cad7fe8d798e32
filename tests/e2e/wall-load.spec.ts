/**
 * Loading with the mouse: the wall's data starts loading on the welcome card,
 * the signatures of the first screen arrive and are drawn before the rest, the board shows the
 * load's progress with 'Sign' disabled until the whole wall is in, 'Signatures loaded!' says when
 * it is (also when the board opens on a wall already in), and "Retry" loads again after a failure.
 */
import { expect, line, test, TOASTS, WALL_GREY, WHITE } from './support/board.ts';
import {
  failWallReads,
  firstScreenRead,
  holdBoardCode,
  holdWallReads,
  wallReadOf,
  type WallRead,
} from './support/wall-load.ts';

/** Outline x 190..410, y 290..310: in the first screen (1280 × 800 from the wall's corner). */
const IN_VIEW = {
  strokes: [
    [
      [200, 300],
      [400, 300],
    ],
  ],
  caption: 'in view',
};
/** Just right of the first screen: not in the view, so it arrives with the rest. */
const BEYOND_EDGE = {
  strokes: [
    [
      [1400, 300],
      [1500, 300],
    ],
  ],
  caption: 'beyond the edge',
};
/** Far away, below and right. */
const FAR = {
  strokes: [
    [
      [2500, 2500],
      [2600, 2550],
    ],
  ],
  caption: 'far',
};

test('the wall starts loading on the welcome card, before Sign! is clicked, and is read once', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(IN_VIEW);
  const reads: WallRead[] = [];
  page.on('request', (request) => {
    const kind = wallReadOf(request);
    if (kind) reads.push(kind);
  });
  await page.goto(wall.url);
  const sign = page.getByRole('button', { name: 'Sign!' });
  await expect(sign).toBeVisible();
  // No click yet: the view's read and the count are already under way.
  await expect.poll(() => reads).toEqual(expect.arrayContaining(['view', 'count']));
  await expect(sign).toBeVisible();
  await sign.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect(await board.pixelAt([300, 300])).toEqual(WHITE);
  // The board used the load the card started: the view was read once.
  expect(reads.filter((kind) => kind === 'view')).toHaveLength(1);
});

test("the view's signatures are drawn before the rest arrive; progress and a disabled 'Sign' until the wall is in", async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, BEYOND_EDGE, FAR]) await wall.seed(signature);
  const rest = await holdWallReads(page, ['rest']);
  await page.goto(wall.url);
  await page.getByRole('button', { name: 'Sign!' }).click();

  const progress = page.getByRole('progressbar', { name: 'Loading signatures' });
  await expect(progress).toBeVisible();
  // One of the wall's three signatures is in: a third.
  await expect(progress).toHaveAttribute('aria-valuenow', '33');
  await expect(progress).toContainText('33%');
  const sign = page.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeDisabled();
  // The view's signature is on screen while the rest is held.
  await expect.poll(() => board.pixelAt([300, 300])).toEqual(WHITE);
  expect(await board.shownCaptions()).toEqual(['in view']);
  expect(rest.seen('rest')).toBeGreaterThan(0);
  expect(await board.toastsShown()).not.toContain(TOASTS.loaded);

  await rest.release();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  await expect(progress).toHaveCount(0);
  await expect(sign).toBeEnabled();
  // Now drawing checks against the whole wall.
  await board.drawMode();
  await board.drawStroke(line([300, 280], [300, 320], 4));
  await expect(board.toast).toHaveText(TOASTS.blocked);
  // The rest joined the wall: a little to the right, the signature beyond the first screen shows.
  await board.panMode();
  await board.panBy(-400, 0);
  await expect
    .poll(async () => (await board.shownCaptions()).sort())
    .toEqual(['beyond the edge', 'in view']);
});

test("opening the board on a wall already in says 'Signatures loaded!' at once, with no progress", async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(IN_VIEW);
  await board.open();
  await board.back.click();
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect
    .poll(async () => (await board.toastsShown()).filter((t) => t === TOASTS.loaded))
    .toHaveLength(2);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
});

test('the board draws its first screen before it mounts its controls, which follow at once', async ({
  page,
  wall,
}) => {
  await wall.seed(IN_VIEW);
  await page.goto(wall.url);
  // As a visitor reading the card finds it: the first screen read and painted ahead.
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    'signwall:first-view-painted',
  );
  await page.evaluate(() => {
    const seen = window as unknown as { controlsAt?: number };
    new MutationObserver(() => {
      seen.controlsAt ??= document.querySelector('.board button') ? performance.now() : undefined;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.waitForFunction(() => performance.getEntriesByName('signwall:view-drawn').length > 0);
  const { drawnAt, controlsAt } = await page.evaluate(() => ({
    drawnAt: performance.getEntriesByName('signwall:view-drawn')[0]?.startTime,
    controlsAt: (window as unknown as { controlsAt?: number }).controlsAt,
  }));
  expect(drawnAt).toBeDefined();
  expect(controlsAt).toBeDefined();
  expect(drawnAt!).toBeLessThanOrEqual(controlsAt!);
});

test("after 'Error loading signatures.' a Retry button loads the wall again", async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(IN_VIEW);
  const reads = await failWallReads(page);
  await board.open('/', TOASTS.loadError);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  expect(await board.pixelAt([300, 300])).toEqual(WALL_GREY);
  expect(reads.failed()).toBeGreaterThan(0);

  reads.heal();
  await retry.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  await expect(retry).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await expect.poll(() => board.pixelAt([300, 300])).toEqual(WHITE);
});

test("the rest of the wall waits for the board's code, which the first screen needs more", async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, FAR]) await wall.seed(signature);
  const seen: string[] = [];
  page.on('request', (request) => {
    const kind = wallReadOf(request);
    if (kind) seen.push(kind);
    else if (request.url().endsWith('/healthz')) seen.push('healthz');
  });
  const boardCode = await holdBoardCode(page);
  await page.goto(wall.url);
  await firstScreenRead(page);
  // A request made now is seen after any the app already made: none of them is the rest.
  await page.evaluate(() => fetch('/healthz').then((r) => r.text()));
  expect(seen.slice(0, seen.indexOf('healthz'))).not.toContain('rest');

  boardCode.release();
  await expect.poll(() => seen).toContain('rest');
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
});

test("a shared link's view is the first screen loaded: its signatures show while the rest is held", async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, FAR]) await wall.seed(signature);
  const rest = await holdWallReads(page, ['rest']);
  // The view centred on FAR (2500..2600 × 2500..2550), far from the wall's origin.
  await page.goto(`${wall.url}/#x=2550&y=2525&zoom=1`);
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading signatures' })).toBeVisible();
  // Read first because the link names its view; IN_VIEW (the origin's) waits with the rest.
  await expect.poll(() => board.shownCaptions()).toEqual(['far']);
  expect(rest.seen('rest')).toBeGreaterThan(0);
  await rest.release();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
});
