/**
 * On a phone (390×844, touch): at each corner the spec's clamp stops the view, the wall's
 * 150 × 150 corner is clear of every control we added, the tools open or folded; and when the
 * board opens our controls cover at most 6 % of the screen.
 */
import { expect, test } from './support/board.ts';
import {
  CORNERS,
  cornerOnScreen,
  coveredShare,
  ourControlBoxes,
  panToCorner,
  whatCovers,
} from './support/corners.ts';

test('at each clamped corner the wall’s corner is clear of our controls, tools open or not', async ({
  board,
  page,
}) => {
  // Some thirty drags: slow on a loaded machine, not a hang.
  test.setTimeout(120_000);
  await board.open();
  for (const corner of CORNERS) {
    await panToCorner(board, corner, [260, 400], { touch: true });
    const rect = await cornerOnScreen(board, corner);
    await expect.poll(() => whatCovers(page, rect), `the ${corner} corner`).toEqual([]);
    // Open, the three tools come out beside "More tools", towards the middle.
    await page.getByRole('button', { name: 'More tools' }).tap();
    await expect(page.getByRole('button', { name: 'Share this view' })).toBeVisible();
    await expect.poll(() => whatCovers(page, rect), `the ${corner} corner, tools open`).toEqual([]);
    // A touch on the wall folds them again.
    await board.touchPanBy(0, 0, [195, 500], 1);
    await expect(page.getByRole('button', { name: 'Share this view' })).toBeHidden();
  }
});

test('when the board opens, our controls cover at most 6 % of the phone’s screen', async ({
  board,
  page,
}) => {
  await board.open();
  const boxes = await ourControlBoxes(page);
  // Zoom in and out, "More tools", the overview's button and its map: the tools are folded.
  expect(boxes.map((b) => b.name).sort()).toEqual([
    'More tools',
    'Zoom in',
    'Zoom out',
    'overview button',
    'overview map',
  ]);
  for (const { name, box } of boxes) {
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
  }
  const share = coveredShare(
    boxes.map((b) => b.box),
    390,
    844,
  );
  console.log(`our controls cover ${(share * 100).toFixed(2)} % of the 390×844 screen at open`);
  expect(share).toBeLessThanOrEqual(0.06);
});
