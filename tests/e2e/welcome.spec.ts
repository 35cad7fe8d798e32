/** Spec §2 and §4 'Screen': welcome card → board (Sign!) → welcome card ('<'). */
import { expect, test } from './support/board.ts';

test('the welcome card greets on every path but /export and opens the board', async ({
  page,
  board,
}) => {
  for (const path of ['/', '/some/deep/path?x=1']) {
    await page.goto(`${board.wall.url}${path}`);
    await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
    await expect(page.getByText(/cooldown is not implemented/)).toBeVisible();
    await expect(page.getByText(/honor system/)).toBeVisible();
    await expect(page.locator('.konvajs-content')).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toHaveCount(0);
  await expect(page.locator('.konvajs-content')).toHaveCount(1);
  await expect(board.back).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await expect(board.readout).toHaveText(/^X: \d+ \| Y: \d+$/);
});

test("'<' returns to the welcome card", async ({ page, board }) => {
  await board.open();
  await board.back.click();
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  await expect(page.locator('.konvajs-content')).toHaveCount(0);
  // And back again: the board works a second time.
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.locator('.konvajs-content')).toHaveCount(1);
});

test(
  'the board is a viewport-sized stage with at most 3 non-listening layers',
  { tag: '@any-engine' },
  async ({ page, board }) => {
    await board.open();
    const stage = await page.evaluate(() => {
      const w = window as unknown as {
        Konva: {
          pixelRatio: number;
          stages: Array<{
            width(): number;
            height(): number;
            getLayers(): Array<{ listening(): boolean }>;
          }>;
        };
      };
      const s = w.Konva.stages[0]!;
      return {
        count: w.Konva.stages.length,
        width: s.width(),
        height: s.height(),
        layers: s.getLayers().map((l) => l.listening()),
        pixelRatio: w.Konva.pixelRatio,
        touchAction: getComputedStyle(document.querySelector('.konvajs-content')!.parentElement!)
          .touchAction,
      };
    });
    expect(stage).toEqual({
      count: 1,
      width: 1280,
      height: 800,
      layers: [false, false],
      pixelRatio: 1,
      touchAction: 'none',
    });
  },
);
