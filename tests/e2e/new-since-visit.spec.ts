/**
 * "New since your last visit": the browser keeps the newest signature it has seen; the
 * next visit marks the ones saved since with a "New" badge for a few seconds, and counts them.
 */
import type { Page } from '@playwright/test';
import { expect, test, TOASTS } from './support/board.ts';

const at = (x: number, y: number) => ({
  strokes: [
    [
      [x, y],
      [x + 80, y + 10],
    ],
  ],
});

/** The ids the board's marks badge as "New" now (none when it draws no marks). */
function newBadges(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    type Marks = { badges: Array<{ id: number; text: string }> };
    const stage = (
      window as unknown as { Konva: { stages: Array<{ findOne(s: string): unknown }> } }
    ).Konva.stages[0];
    const shape = stage?.findOne('.signature-marks') as
      { getAttr(name: string): () => Marks | undefined } | undefined;
    const marks = shape?.getAttr('marks')();
    return (marks?.badges ?? [])
      .filter((b) => b.text === 'New')
      .map((b) => b.id)
      .sort();
  });
}

test('a returning visitor sees the signatures saved since the last visit marked, and how many', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(at(200, 200));
  // The first visit: nothing is new yet (nothing was seen before).
  await board.open();
  await page.waitForTimeout(300);
  await expect(page.getByText(/since your last visit/)).toHaveCount(0);
  expect(await newBadges(page)).toEqual([]);

  // Saved while this browser is away (an open board would have had them pushed, and seen them).
  await page.goto('about:blank');
  const second = await wall.seed(at(200, 400));
  const third = await wall.seed(at(400, 400));
  await board.open();
  await expect(
    page.getByRole('status').filter({ hasText: '2 new signatures since your last visit' }),
  ).toBeVisible();
  expect(await newBadges(page)).toEqual([second.id, third.id].sort());
  expect(await board.toastsShown()).toContain(TOASTS.loaded);
  // A few seconds later the count and the badges are gone.
  await expect(page.getByText(/since your last visit/)).toHaveCount(0, { timeout: 12_000 });
  expect(await newBadges(page)).toEqual([]);

  // Seen now: the next visit has nothing new.
  await page.reload();
  await board.open();
  await page.waitForTimeout(300);
  await expect(page.getByText(/since your last visit/)).toHaveCount(0);
});
