/**
 * The visitor's side of moderation: a signature the owner hides elsewhere leaves an open
 * board within 30 s, without a reload, and its spot can be drawn on; /export never shows it. The
 * board hears of it over Realtime (live-push.spec.ts); these tests close its socket, so the board
 * falls back to checking for removed signatures every 15 s, and page.clock moves the page's time
 * on so the test does not wait for it.
 */
import { expect, line, test, TOASTS, WALL_GREY, WHITE } from './support/board.ts';
import { downloadedPng } from './support/export-wall.ts';
import {
  hideSignature,
  recordVisibleIdReads,
  SERVICE_ROLE_KEY,
  setTabHidden,
} from './support/moderation.ts';
import { runClockUntil } from './support/page-clock.ts';
import { withoutRealtime } from './support/realtime.ts';
import { isBackground, WHITE as PNG_WHITE } from './support/png.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

const HIDDEN = {
  strokes: [
    [
      [400, 300],
      [600, 340],
    ],
  ],
  caption: 'To be hidden',
};
const KEPT = {
  strokes: [
    [
      [900, 600],
      [1000, 620],
    ],
  ],
  caption: 'Stays',
};

test('a signature hidden elsewhere leaves the open board within 30 s, without a reload, and frees its spot', async ({
  board,
  page,
  wall,
}) => {
  await withoutRealtime(page);
  // The page's timers run on page.clock: real time flows, and runFor moves it on faster.
  await page.clock.install();
  const idReads = recordVisibleIdReads(page);
  const hidden = await wall.seed(HIDDEN);
  await wall.seed(KEPT);
  await board.open();
  await expect
    .poll(async () => (await board.shownCaptions()).sort())
    .toEqual(['Stays', 'To be hidden']);
  expect(await board.pixelAt([500, 320])).toEqual(WHITE);
  // Marks this document: a reload would lose the mark.
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
  // The wall was just read: no read of ids at load.
  expect(idReads.started()).toBe(0);

  await hideSignature(wall, hidden.id);
  // One second of page time at a time; after each step the page's reads are answered first.
  const gone = async () => !(await board.shownCaptions()).includes('To be hidden');
  const tookMs = await runClockUntil(page, gone, { stepMs: 1000, limitMs: 30_000 });
  expect(await gone(), 'the hidden signature left the board').toBe(true);
  test.info().annotations.push({ type: 'hidden → gone (page time)', description: `${tookMs} ms` });
  expect(tookMs).toBeLessThanOrEqual(30_000);
  expect(idReads.started()).toBeGreaterThanOrEqual(1);

  // Gone from the board, the other signature still there, in the same document.
  await expect.poll(() => board.shownCaptions()).toEqual(['Stays']);
  expect(await board.pixelAt([500, 320])).toEqual(WALL_GREY);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);

  // Its spot takes a new signature: the stroke is not blocked, and the database accepts it.
  await board.drawMode();
  await board.drawStroke(line([420, 310], [580, 330], 8));
  await expect(board.captionBox).toBeVisible();
  await board.captionInput.fill('On the freed spot');
  await board.saveButton.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);
  expect((await board.toastsShown()).filter((t) => t === TOASTS.blocked)).toEqual([]);
  expect((await wall.rows()).map((r) => r.caption).sort()).toEqual(['On the freed spot', 'Stays']);
});

test('a hidden tab asks nothing; shown again, it drops what was hidden meanwhile at once', async ({
  board,
  page,
  wall,
}) => {
  await withoutRealtime(page);
  await page.clock.install();
  const idReads = recordVisibleIdReads(page);
  const hidden = await wall.seed(HIDDEN);
  await board.open();
  await expect.poll(() => board.shownCaptions()).toEqual(['To be hidden']);

  await setTabHidden(page, true);
  await hideSignature(wall, hidden.id);
  // Well past two check intervals of page time: a hidden tab makes no read of ids.
  await page.clock.runFor(40_000);
  expect(idReads.started()).toBe(0);
  expect(await board.shownCaptions()).toEqual(['To be hidden']);

  // Shown again, its last check is stale: it checks at once, without waiting for the interval.
  await setTabHidden(page, false);
  await expect.poll(() => board.shownCaptions()).toEqual([]);
  expect(idReads.started()).toBe(1);
});

test('/export leaves out a hidden signature', async ({ page, wall }) => {
  test.slow(true, 'a 3200×3200 PNG decode');
  const hidden = await wall.seed(HIDDEN);
  await wall.seed(KEPT);
  await hideSignature(wall, hidden.id);
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  const png = await downloadedPng(await download);
  expect(png.pixel(950, 610)).toEqual(PNG_WHITE);
  expect(png.find({ x: 380, y: 280, width: 240, height: 100 }, (p) => !isBackground(p)).count).toBe(
    0,
  );
});
