/**
 * What the board tells a screen reader while it is open: signatures that arrive (pushed over
 * Realtime) are told in a polite live region, batched ('3 new signatures', not three times '1 new
 * signature'), this browser's own save is not; the pointer's X/Y readout is no live region; and
 * with prefers-reduced-motion the replay moves in jumps.
 */
import type { Page } from '@playwright/test';
import { expect, line, test, TOASTS, type Board } from './support/board.ts';
import {
  arrivalsRegion,
  arrivalsTold,
  recordArrivals,
  signatureAt,
} from './support/board-tools.ts';
import { pauseClock } from './support/page-clock.ts';
import { watchRealtime } from './support/realtime.ts';

test('signatures arriving while the board is open are told politely, in batches; my own save is not', async ({
  board,
  page,
  wall,
}) => {
  await recordArrivals(page);
  const realtime = await watchRealtime(page);
  await wall.seed(signatureAt(1000, 1000, 'already there'));
  // The page's clock, moved on below rather than waited for.
  await page.clock.install();
  await board.open();
  await realtime.joined();
  await expect(arrivalsRegion(page)).toHaveAttribute('role', 'status');

  // My own signature: 'Signature saved!' says it; the region says nothing.
  await board.drawMode();
  await board.drawStroke(line([200, 600], [400, 650]));
  await board.saveButton.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);
  // Longer than a batch waits (2 s) for the ones that come with its first.
  await page.clock.runFor(3000);
  expect(await arrivalsTold(page)).toEqual([]);

  await wall.seed(signatureAt(800, 100, 'pushed'));
  await expect.poll(() => arrivalsTold(page)).toEqual(['1 new signature']);
  await expect(arrivalsRegion(page)).toHaveText('1 new signature');

  // Three at once: one telling, at least 8 s after the last.
  await Promise.all([
    wall.seed(signatureAt(800, 250, 'one')),
    wall.seed(signatureAt(800, 400, 'two')),
  ]);
  await wall.seed(signatureAt(800, 550, 'three'));
  // Mine, the pushed one and these three are in view.
  await expect.poll(async () => (await board.shownCaptions()).length, 'all three arrived').toBe(5);
  await page.clock.runFor(8000);
  await expect.poll(() => arrivalsTold(page)).toEqual(['1 new signature', '3 new signatures']);
});

test("the pointer's X/Y readout is not a live region: it is not read out at every move", async ({
  board,
  page,
}) => {
  await board.open();
  await page.mouse.move(300, 300);
  await page.mouse.move(500, 400);
  await expect(board.readout).toHaveText('X: 500 | Y: 400');
  const live = await board.readout.evaluate((el) => ({
    role: el.getAttribute('role'),
    ariaLive: el.getAttribute('aria-live'),
    inLiveRegion:
      el.closest('[aria-live], [role="status"], [role="log"], [role="alert"], [role="timer"]') !==
      null,
  }));
  expect(live).toEqual({ role: null, ariaLive: null, inLiveRegion: false });
});

/** Seeds `n` short signatures in a column and opens the board with the page's clock paused. */
async function replayOf(board: Board, n: number): Promise<() => Promise<number>> {
  for (let i = 0; i < n; i += 2) {
    await Promise.all(
      [i, i + 1].map((k) =>
        board.wall.seed(signatureAt(100 + (k % 2) * 300, 80 + Math.floor(k / 2) * 70, null)),
      ),
    );
  }
  const page = board.page;
  await page.clock.install();
  await board.open();
  await pauseClock(page);
  await page.getByRole('button', { name: 'Replay' }).click();
  const scrubber = page.getByRole('slider', { name: 'Replay position' });
  await expect(scrubber).toBeVisible();
  return async () => Number(await scrubber.inputValue());
}

/** The replay's count after each of `steps` half seconds of page time. */
async function countsEveryHalfSecond(
  page: Page,
  count: () => Promise<number>,
  steps: number,
): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < steps; i++) {
    await page.clock.runFor(500);
    seen.push(await count());
  }
  return seen;
}

test('with reduced motion the replay moves in jumps: a tenth of the wall every 2 s', async ({
  board,
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const count = await replayOf(board, 20);
  expect(await count()).toBe(0);
  // 20 signatures in 20 s: 2 at once every 2 s, nothing in between.
  expect(await countsEveryHalfSecond(page, count, 8)).toEqual([0, 0, 0, 2, 2, 2, 2, 4]);
});

test('without reduced motion the replay moves on ten times a second', async ({ board, page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const count = await replayOf(board, 20);
  // A signature a second, each in its own step.
  expect(await countsEveryHalfSecond(page, count, 8)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
});
