/**
 * Loading on a phone (390×844, touch): the load starts on the welcome card, the first
 * screen's signatures are drawn before the rest arrive, progress and a disabled 'Sign' until the
 * wall is in, and "Retry" after a failed load.
 */
import { expect, test, TOASTS, WALL_GREY, WHITE } from './support/board.ts';
import { failWallReads, holdWallReads, wallReadOf, type WallRead } from './support/wall-load.ts';

/** Outline x 90..310, y 390..410: in the phone's first screen. */
const IN_VIEW = {
  strokes: [
    [
      [100, 400],
      [300, 400],
    ],
  ],
  caption: 'in view',
};
/** Right of the phone's screen, and far below it. */
const OUTSIDE = [
  {
    strokes: [
      [
        [800, 400],
        [900, 400],
      ],
    ],
  },
  {
    strokes: [
      [
        [200, 2400],
        [300, 2450],
      ],
    ],
  },
  {
    strokes: [
      [
        [2000, 2000],
        [2100, 2050],
      ],
    ],
  },
];

test('the load starts on the welcome card; the view is drawn first; progress and a disabled Sign until the wall is in', async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [IN_VIEW, ...OUTSIDE]) await wall.seed(signature);
  const reads: WallRead[] = [];
  page.on('request', (request) => {
    const kind = wallReadOf(request);
    if (kind) reads.push(kind);
  });
  const rest = await holdWallReads(page, ['rest']);
  await page.goto(wall.url);
  const start = page.getByRole('button', { name: 'Sign!' });
  await expect(start).toBeVisible();
  await expect.poll(() => reads).toContain('view');
  await start.tap();

  const progress = page.getByRole('progressbar', { name: 'Loading signatures' });
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  await expect(progress).toContainText('25%');
  const sign = page.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeDisabled();
  await expect.poll(() => board.pixelAt([200, 400])).toEqual(WHITE);
  expect(await board.shownCaptions()).toEqual(['in view']);

  await rest.release();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  await expect(progress).toHaveCount(0);
  await expect(sign).toBeEnabled();
  await sign.tap();
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
});

test('Retry after a failed load, with a tap', async ({ board, page, wall }) => {
  await wall.seed(IN_VIEW);
  const reads = await failWallReads(page);
  await page.goto(wall.url);
  await page.getByRole('button', { name: 'Sign!' }).tap();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loadError);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();
  expect(await board.pixelAt([200, 400])).toEqual(WALL_GREY);

  reads.heal();
  await retry.tap();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  await expect(retry).toHaveCount(0);
  await expect.poll(() => board.pixelAt([200, 400])).toEqual(WHITE);
});
