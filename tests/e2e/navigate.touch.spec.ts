/**
 * On a phone (390×844 at DPR 3, touch): the view in the URL, "Share this view" (share
 * sheet and clipboard), "Find a free spot", the "Wall overview", "Download PNG" (the three tools
 * folded behind "More tools"), the arrow keys, the wall's edge, and a layout where no control
 * covers another, the caption box or the readout.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, line, test, TOASTS } from './support/board.ts';
import {
  fillWall,
  OUTSIDE_HEX,
  overviewPoint,
  screenPixels,
  seedTile,
  tapTool,
  viewHash,
  wallRegion,
  WALL_HEX,
} from './support/navigate.ts';

test('the hash follows a touch pan, and a link opens the board on its view', async ({
  board,
  page,
}) => {
  await board.open();
  await board.touchPanBy(-150, -300);
  // The screen's centre (195, 422) shows wall point (345, 722).
  await expect.poll(() => viewHash(page)).toEqual({ x: 345, y: 722, zoom: 1 });

  await page.goto('about:blank');
  await page.goto(`${board.wall.url}/#x=1000&y=2000&zoom=0.5`);
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign!' }).tap();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  expect(await board.camera()).toEqual({ x: 195 - 500, y: 422 - 1000, scale: 0.5 });
});

test('"Share this view" copies the link where there is no share sheet', async ({
  board,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: board.wall.url,
  });
  await board.open();
  // Headless Chromium on Linux has no share sheet: this is the real clipboard path.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await board.touchPanBy(-100, -100);
  await tapTool(page, 'Share this view');
  await expect(board.toast).toHaveText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${board.wall.url}/?x=295&y=522&zoom=1`,
  );
});

test('"Share this view" opens the share sheet with the link where there is one', async ({
  board,
  page,
}) => {
  // A stand-in share sheet (the phone's own is not in headless Chromium): it records the call.
  await page.addInitScript(() => {
    const w = window as unknown as { __shared: ShareData[] };
    w.__shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        w.__shared.push(data);
      },
    });
  });
  await board.open();
  await board.touchPanBy(-100, -50);
  await tapTool(page, 'Share this view');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
    .toEqual([{ title: 'signwall', url: `${board.wall.url}/?x=295&y=472&zoom=1` }]);
  // The sheet says what happened: no toast of ours.
  expect(await board.toastsShown()).not.toContain('Link copied!');
});

test('"Find a free spot" centres the hole of a nearly full wall; a full wall says so', async ({
  board,
  page,
}) => {
  await fillWall(board.wall, [2, 3]);
  await board.open();
  await tapTool(page, 'Find a free spot');
  await expect.poll(() => board.wallAt([195, 422])).toEqual([1700, 1660]);

  await seedTile(board.wall, 2, 3);
  await page.reload();
  await page.getByRole('button', { name: 'Sign!' }).tap();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  const before = await board.camera();
  await tapTool(page, 'Find a free spot');
  await expect(board.toast).toHaveText('No free spot on the wall.');
  expect(await board.camera()).toEqual(before);
});

test('a tap on the overview centres the view there; the overview folds away', async ({
  board,
  page,
}) => {
  await board.open();
  const [x, y] = await overviewPoint(page, 0.75, 0.25);
  await page.touchscreen.tap(x, y);
  const centre = await board.wallAt([195, 422]);
  // One map pixel is about 33 wall pixels.
  expect(Math.abs(centre[0] - 2400)).toBeLessThan(30);
  expect(Math.abs(centre[1] - 800)).toBeLessThan(30);

  await page.getByRole('button', { name: 'Hide the wall overview' }).tap();
  await expect(page.getByTestId('overview-map')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the wall overview' }).tap();
  await expect(page.getByTestId('overview-map')).toBeVisible();
});

test('"Download PNG" leads to the export', async ({ board, page }) => {
  await board.open();
  const download = page.waitForEvent('download');
  await tapTool(page, 'Download PNG', 'link');
  await expect(page).toHaveURL(`${board.wall.url}/export`);
  expect((await download).suggestedFilename()).toBe('canvas-signatures.png');
});

test('the arrow keys pan the focused wall, and focus returns to it after a cancel', async ({
  board,
  page,
}) => {
  await board.open();
  const wall = wallRegion(page);
  await wall.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const offset = await board.offset();
  expect(offset.x).toBeCloseTo(-39, 6);
  expect(offset.y).toBeCloseTo(-84.4, 6);

  await page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await board.touchStroke(line([100, 500], [250, 560]));
  await expect(board.captionInput).toBeFocused();
  await board.cancelButton.tap();
  await expect(wall).toBeFocused();
});

test('zoomed out, the outside of the wall looks different from the wall', async ({
  board,
  page,
}) => {
  await board.open();
  for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Zoom out' }).tap();
  // The whole wall fits the width: 390×390, centred at y 227–617.
  expect((await board.camera()).scale).toBe(390 / 3200);
  await expect(board.toast).toHaveCount(0);
  expect(
    await screenPixels(page, [
      [195, 150],
      [195, 420],
      [100, 650],
    ]),
  ).toEqual([OUTSIDE_HEX, WALL_HEX, OUTSIDE_HEX]);
});

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every control on the board and the readout, by name. */
function boardParts(page: Page): Record<string, Locator> {
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  return {
    back: button('Back'),
    toggle: page.getByRole('button', { name: /^(Sign|Pan)$/ }),
    zoomIn: button('Zoom in'),
    zoomOut: button('Zoom out'),
    moreTools: button('More tools'),
    share: button('Share this view'),
    freeSpot: button('Find a free spot'),
    replay: button('Replay'),
    png: page.getByRole('link', { name: 'Download PNG' }),
    typeName: button('Type your name'),
    list: button('List of signatures'),
    overviewToggle: page.getByRole('button', { name: /wall overview/ }),
    overview: page.getByTestId('overview-map'),
    readout: page.getByTestId('pointer-readout'),
  };
}

test('every control fits the phone, 44 px or more, covering no other, the readout or the caption box', async ({
  board,
  page,
}) => {
  await board.open();
  await page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await board.touchStroke(line([100, 500], [250, 560]));
  await expect(board.captionBox).toBeVisible();
  // The tools open beside "More tools", clear of the caption box too.
  await page.getByRole('button', { name: 'More tools' }).tap();

  const boxes: Array<[string, Box]> = [];
  for (const [name, locator] of Object.entries(boardParts(page))) {
    boxes.push([name, await boxOf(locator)]);
  }
  boxes.push(['caption box', await boxOf(board.captionBox)]);
  for (const [name, box] of boxes) {
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.y, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    expect(box.y + box.height, name).toBeLessThanOrEqual(844);
    if (name !== 'readout' && name !== 'caption box') {
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
    }
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, boxA] = boxes[i]!;
      const [b, boxB] = boxes[j]!;
      expect(overlap(boxA, boxB), `${a} and ${b} overlap`).toBe(false);
    }
  }
});
