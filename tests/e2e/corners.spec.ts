/**
 * On a desktop (mouse): nothing of the wall is out of reach. Panned as far as the spec's
 * clamp lets it towards each corner, the wall's 150 × 150 corner is clear of every control we
 * added (the zoom and tool buttons, the overview): they step aside to the other side.
 */
import { expect, test } from './support/board.ts';
import { CORNERS, cornerOnScreen, panToCorner, whatCovers } from './support/corners.ts';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 720 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('at each clamped corner the wall’s corner is clear of our controls, folded or not', async ({
      board,
      page,
    }) => {
      // Some thirty drags: slow on a loaded machine, not a hang.
      test.setTimeout(120_000);
      await board.open();
      for (const folded of [false, true]) {
        if (folded) await page.getByRole('button', { name: 'Hide the wall overview' }).click();
        for (const corner of CORNERS) {
          await panToCorner(board, corner, [760, 500]);
          const rect = await cornerOnScreen(board, corner);
          await expect
            .poll(() => whatCovers(page, rect), `the ${corner} corner, overview folded: ${folded}`)
            .toEqual([]);
        }
      }
      // Unfolded at the bottom-right clamp, the overview opens on the left at once.
      await page.getByRole('button', { name: 'Show the wall overview' }).click();
      await expect
        .poll(async () => whatCovers(page, await cornerOnScreen(board, 'bottom-right')))
        .toEqual([]);
      // And back home when the view leaves the corner.
      await board.panBy(300, 300, [490, 250]);
      const overview = page.getByRole('region', { name: 'Wall overview' });
      await expect(overview).toHaveAttribute('data-side', 'home');
    });
  });
}

test('zoomed out, the corners the screen shows are clear; the controls keep their home', async ({
  board,
  page,
}) => {
  await board.open();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await panToCorner(board, 'bottom-right', [760, 500]);
  expect((await board.camera()).scale).toBeCloseTo(1 / 1.25 ** 3, 6);
  await expect
    .poll(async () => whatCovers(page, await cornerOnScreen(board, 'bottom-right')))
    .toEqual([]);
  await panToCorner(board, 'top-left', [760, 500]);
  // The '<' is the spec's and stays; our column stays home on the right.
  await expect
    .poll(async () => whatCovers(page, await cornerOnScreen(board, 'top-left')))
    .toEqual([]);
  await expect(page.getByRole('region', { name: 'Wall overview' })).toHaveAttribute(
    'data-side',
    'home',
  );
});

test('the gaps between and around our controls are the wall’s: a drag there pans', async ({
  board,
  page,
}) => {
  await board.open();
  // Between "Zoom in" and "Zoom out", under the toggle.
  const zoomIn = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
  await board.panBy(-300, -100, [zoomIn.x + zoomIn.width / 2, zoomIn.y + zoomIn.height + 4], 5);
  expect(await board.offset()).toEqual({ x: -300, y: -100 });
  // Above the overview's button, inside the overview's own box.
  const button = (await page
    .getByRole('button', { name: 'Hide the wall overview' })
    .boundingBox())!;
  await board.panBy(-200, -100, [button.x + button.width / 2, button.y - 20], 5);
  expect(await board.offset()).toEqual({ x: -500, y: -200 });
});
