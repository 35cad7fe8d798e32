/**
 * On a desktop (mouse, 1280×800): the view in the URL, "Share this view", "Find a free
 * spot", the "Wall overview", "Download PNG", the arrow keys and the wall's edge.
 */
import { expect, line, test, TOASTS } from './support/board.ts';
import { HASH_SETTLE_MS } from '../../src/features/board/use-view-link.ts';
import {
  fillWall,
  OUTSIDE_HEX,
  overviewPoint,
  screenPixels,
  seedTile,
  viewHash,
  wallRegion,
  WALL_HEX,
} from './support/navigate.ts';

test('the hash follows the view without adding history, and a link opens on its view', async ({
  board,
  page,
}) => {
  await board.open();
  const history = await page.evaluate(() => window.history.length);
  await board.panBy(-300, -200);
  // The screen's centre (640, 400) now shows wall point (940, 600).
  await expect.poll(() => viewHash(page)).toEqual({ x: 940, y: 600, zoom: 1 });
  await board.panBy(-100, 0, [640, 400], 20);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => viewHash(page)).toEqual({ x: 1040, y: 600, zoom: 1.25 });
  expect(await page.evaluate(() => window.history.length)).toBe(history);

  // The link, opened afresh (not a same-document hash change): the welcome card first, then
  // the board on that view.
  await page.goto('about:blank');
  await page.goto(`${board.wall.url}/#x=2000&y=1500&zoom=2`);
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect(await board.camera()).toEqual({ x: 640 - 4000, y: 400 - 3000, scale: 2 });
  expect(await board.wallAt([640, 400])).toEqual([2000, 1500]);
});

test('a share link carries the view in its query: it opens the board there, and the address then keeps the view in the hash alone', async ({
  board,
  page,
}) => {
  await page.goto(`${board.wall.url}/?x=2000&y=1500&zoom=2`);
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect(await board.wallAt([640, 400])).toEqual([2000, 1500]);
  await board.panBy(-100, 0);
  await expect.poll(() => viewHash(page)).toEqual({ x: 2050, y: 1500, zoom: 2 });
  expect(new URL(page.url()).search).toBe('');
  // An older link's hash still wins over nothing, and a `zoom=fit` query shows the whole wall.
  await page.goto('about:blank');
  await page.goto(`${board.wall.url}/?zoom=fit`);
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect((await board.camera()).scale).toBe(800 / 3200);
});

test('the hash is written once the view stops, not during a drag', async ({ board, page }) => {
  await board.open();
  // Each write of the address and each pointer move, on the page's clock.
  await page.evaluate(() => {
    const w = window as unknown as { hashWrites: number[]; moves: number[] };
    w.hashWrites = [];
    w.moves = [];
    const replace = history.replaceState.bind(history);
    history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
      w.hashWrites.push(performance.now());
      replace(state, unused, url);
    };
    window.addEventListener('pointermove', () => w.moves.push(performance.now()), true);
  });
  const log = () =>
    page.evaluate(() => {
      const w = window as unknown as { hashWrites: number[]; moves: number[] };
      return { writes: [...w.hashWrites], moves: [...w.moves] };
    });
  // Whatever the opening wrote (the board's first camera) is written by now.
  await page.waitForTimeout(500);
  const before = (await log()).writes.length;
  // A slow drag: 40 moves, one per 25 ms, a second in all; the view moves all along.
  await page.mouse.move(640, 400);
  await page.mouse.down();
  for (let i = 1; i <= 40; i++) {
    await page.mouse.move(640 - i * 5, 400);
    await page.waitForTimeout(25);
  }
  const { writes, moves } = await log();
  await page.mouse.up();
  await expect.poll(() => viewHash(page)).toEqual({ x: 840, y: 400, zoom: 1 });
  // Written every 250 ms, the drag would have written 4 times. A write during the drag is one the
  // view earned by holding still: no move in the HASH_SETTLE_MS before it (a machine that stalls
  // between two moves); never one while moves keep coming.
  const duringDrag = writes.slice(before);
  for (const at of duringDrag) {
    const lastMove = Math.max(...moves.filter((m) => m <= at));
    expect(at - lastMove).toBeGreaterThanOrEqual(HASH_SETTLE_MS - 5);
  }
  expect((await log()).writes.length - before).toBe(duringDrag.length + 1);
});

test(
  'hostile or out-of-range hashes open the board clamped or at the origin',
  { tag: '@any-engine' },
  async ({ board, page }) => {
    await board.open('/#x=99999&y=-5&zoom=1e9');
    // Clamped: the closest zoom, the wall's top-right corner.
    expect(await board.camera()).toEqual({ x: 1280 - 3200 * 4, y: 0, scale: 4 });

    await page.goto('about:blank');
    await board.open('/#x=NaN&y=<script>&zoom=-1');
    expect(await board.camera()).toEqual({ x: 0, y: 0, scale: 1 });
    await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
  },
);

test('"Share this view" copies the link to the view, and after a save to the new signature', async ({
  board,
  page,
  context,
  browserName,
}) => {
  // Firefox has no clipboard permissions to grant; its project lets pages read the clipboard.
  if (browserName === 'chromium') {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: board.wall.url,
    });
  }
  await board.open();
  await board.panBy(-500, -300);
  const share = page.getByRole('button', { name: 'Share this view' });
  await share.click();
  await expect(board.toast).toHaveText('Link copied!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${board.wall.url}/?x=1140&y=700&zoom=1`);

  // A signature drawn from screen (400, 500) to (600, 560): wall (900, 800) to (1100, 860).
  await board.drawMode();
  await board.drawStroke(line([400, 500], [600, 560]));
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  await share.click();
  await expect(board.toast).toHaveText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${board.wall.url}/?x=1000&y=830&zoom=1`,
  );
  expect(await viewHash(page)).toEqual({ x: 1000, y: 830, zoom: 1 });
});

test(
  '"Find a free spot" centres the hole of a nearly full wall; a full wall says so',
  { tag: '@any-engine' },
  async ({ board, page }) => {
    await fillWall(board.wall, [2, 3]);
    await board.open();
    await page.getByRole('button', { name: 'Find a free spot' }).click();
    // The hole spans wall x 1599–2401, y 1597–2133; the nearest 200×120 spot on the 8 px grid
    // has its corner at (1600, 1600), its centre at (1700, 1660).
    await expect.poll(() => board.wallAt([640, 400])).toEqual([1700, 1660]);

    // Filling the hole through the API leaves no spot: the view stays, a toast says so.
    await seedTile(board.wall, 2, 3);
    await board.page.reload();
    await board.page.getByRole('button', { name: 'Sign!' }).click();
    await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
    const before = await board.camera();
    await page.getByRole('button', { name: 'Find a free spot' }).click();
    await expect(board.toast).toHaveText('No free spot on the wall.');
    expect(await board.camera()).toEqual(before);
  },
);

test('the overview shows the signatures and the view, and a click centres the view there', async ({
  board,
  page,
}) => {
  await board.wall.seed({
    strokes: [
      [
        [2400, 2400],
        [3000, 2900],
      ],
    ],
  });
  await board.open();
  const map = page.getByTestId('overview-map');
  await expect(page.getByRole('region', { name: 'Wall overview' })).toBeVisible();
  // The signature is a mark at about (0.84, 0.83) of the map; the empty wall is not marked.
  const marked = (fx: number, fy: number) =>
    map.evaluate(
      (canvas: HTMLCanvasElement, [x, y]) =>
        canvas.getContext('2d')!.getImageData(canvas.width * x!, canvas.height * y!, 1, 1).data[3],
      [fx, fy],
    );
  expect(await marked(0.84, 0.83)).toBeGreaterThan(0);
  expect(await marked(0.3, 0.3)).toBe(0);

  // The view box: the top-left 1280×800 of 3200×3200.
  const mapBox = (await map.boundingBox())!;
  const viewBox = (await page.getByTestId('overview-view').boundingBox())!;
  expect(viewBox.width / mapBox.width).toBeCloseTo(1280 / 3200, 1);
  expect(viewBox.height / mapBox.height).toBeCloseTo(800 / 3200, 1);

  const [x, y] = await overviewPoint(page, 0.5, 0.5);
  await page.mouse.click(x, y);
  const centre = await board.wallAt([640, 400]);
  // One map pixel is about 19 wall pixels.
  expect(Math.abs(centre[0] - 1600)).toBeLessThan(25);
  expect(Math.abs(centre[1] - 1600)).toBeLessThan(25);
  await expect
    .poll(async () => (await page.getByTestId('overview-view').boundingBox())!.x)
    .toBeGreaterThan(mapBox.x + mapBox.width * 0.25);

  // Folded away and back.
  await page.getByRole('button', { name: 'Hide the wall overview' }).click();
  await expect(map).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the wall overview' }).click();
  await expect(map).toBeVisible();
});

test('"Download PNG" leads to the export, which downloads the wall', async ({ board, page }) => {
  await board.open();
  const png = page.getByRole('link', { name: 'Download PNG' });
  // Not while a signature is pending: leaving would lose it.
  await board.drawMode();
  await board.drawStroke(line([300, 300], [400, 350]));
  await expect(png).toHaveAttribute('aria-disabled', 'true');
  // Playwright itself treats it as disabled; a click that insists still goes nowhere.
  await png.click({ force: true });
  await expect(board.captionBox).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await board.cancelButton.click();
  await expect(png).not.toHaveAttribute('aria-disabled');

  const download = page.waitForEvent('download');
  await png.click();
  await expect(page).toHaveURL(`${board.wall.url}/export`);
  expect((await download).suggestedFilename()).toBe('canvas-signatures.png');
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
});

test('with the wall focused, the arrow keys pan a tenth of the screen; focus returns after save and cancel', async ({
  board,
  page,
}) => {
  await board.open();
  const wall = wallRegion(page);
  await expect(wall).toHaveAccessibleDescription(/arrow keys/);
  await wall.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  expect(await board.offset()).toEqual({ x: -128, y: -80 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  expect(await board.offset()).toEqual({ x: 0, y: 0 });

  await board.drawMode();
  await board.drawStroke(line([300, 300], [400, 350]));
  await expect(board.captionInput).toBeFocused();
  // Arrows in the caption move its caret, not the wall.
  await page.keyboard.press('ArrowRight');
  expect(await board.offset()).toEqual({ x: 0, y: 0 });
  await board.cancelButton.click();
  await expect(wall).toBeFocused();

  await board.drawStroke(line([300, 600], [400, 650]));
  await expect(board.captionInput).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(board.toast).toHaveText(TOASTS.saved);
  await expect(wall).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await board.offset()).toEqual({ x: 0, y: -80 });
});

test('the wall’s edge shows where the screen shows more than the wall', async ({ board, page }) => {
  await board.open();
  // At 1:1 the wall fills the screen, to its edges (points clear of the controls' shadows).
  expect(
    await screenPixels(page, [
      [2, 400],
      [1277, 480],
      [300, 797],
    ]),
  ).toEqual([WALL_HEX, WALL_HEX, WALL_HEX]);
  // Zoomed all the way out the 800×800 wall sits centred: x 240–1040.
  for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  expect((await board.camera()).scale).toBe(0.25);
  await expect(board.toast).toHaveCount(0);
  expect(
    await screenPixels(page, [
      [120, 400],
      [640, 700],
      [1160, 480],
    ]),
  ).toEqual([OUTSIDE_HEX, WALL_HEX, OUTSIDE_HEX]);
  // The edge follows a pan at another zoom.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const c = await board.camera();
  const right = 3200 * c.scale + c.x;
  expect(
    await screenPixels(page, [
      [right - 4, 400],
      [right + 4, 400],
    ]),
  ).toEqual([WALL_HEX, OUTSIDE_HEX]);
});
