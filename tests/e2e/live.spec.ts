/**
 * Live updates: a signature saved by someone else appears on an open board within 5 s
 * (pushed over Realtime: live-push.spec.ts), and blocks drawing over it from then
 * on. Where no Realtime socket can open, quiet incremental polling brings it: a hidden tab makes
 * no requests and catches up when shown again.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { Board, expect, line, test, TOASTS, WHITE, type XY } from './support/board.ts';
import { setTabHidden } from './support/moderation.ts';
import { pauseClock, runClockUntil } from './support/page-clock.ts';
import { withoutRealtime } from './support/realtime.ts';

/** A second visitor on the same server, in a browser context of their own. */
async function otherVisitor(browser: Browser, board: Board): Promise<Board> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await Board.recordToasts(page);
  return new Board(page, board.wall);
}

/** Every request the page makes to the signatures endpoint, as it makes it. */
function recordSignatureRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The wall's reads and polls; the board's 15 s check of visible ids (select=id, not since a
    // time) is counted elsewhere.
    const removalCheck =
      url.searchParams.get('select') === 'id' && !url.searchParams.has('created_at');
    if (url.pathname.startsWith('/rest/v1/signatures') && !removalCheck) seen.push(request);
  });
  return seen;
}

/** Console errors and warnings: polling must be silent. */
function recordConsoleNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  return noise;
}

const A_STROKE: XY[] = line([300, 300], [500, 340], 12);

test('a signature saved in another browser appears within 5 s and blocks drawing over it', async ({
  board,
  browser,
  wall,
}) => {
  const noise = recordConsoleNoise(board.page);
  await board.page.clock.install();
  await board.open();
  expect(await board.shownSignatures()).toBe(0);
  // The board's clock stands still while A draws; then only the test moves it on.
  await pauseClock(board.page);

  const other = await otherVisitor(browser, board);
  try {
    await other.open();
    await other.drawMode();
    await other.drawStroke(A_STROKE);
    await other.captionInput.fill('Hello from A');
    await other.saveButton.click();
    await expect.poll(() => other.toastsShown()).toContain(TOASTS.saved);
  } finally {
    await other.page.context().close();
  }

  // B never reloads, yet the signature shows within 5 s of page time: one signature, with A's
  // caption, white on the wall.
  const shown = async () => (await board.shownCaptions()).includes('Hello from A');
  const took = await runClockUntil(board.page, shown, { limitMs: 5000 });
  expect(await board.shownCaptions()).toEqual(['Hello from A']);
  expect(took).toBeLessThanOrEqual(5000);
  await board.page.clock.resume();
  expect(await board.shownSignatures()).toBe(1);
  expect(await board.pixelAt([400, 320])).toEqual(WHITE);
  expect((await wall.rows()).map((r) => r.caption)).toEqual(['Hello from A']);

  // And it blocks drawing over it.
  await board.drawMode();
  await board.drawStroke(line([400, 320], [450, 330], 4));
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect(board.captionBox).toHaveCount(0);

  // Quietly: no error toast, nothing in the console.
  const toasts = await board.toastsShown();
  expect(toasts).not.toContain(TOASTS.loadError);
  expect(toasts).not.toContain(TOASTS.saveError);
  expect(noise).toEqual([]);
});

test('a signature that appears mid-stroke blocks the stroke from that moment on', async ({
  board,
  wall,
}) => {
  await board.page.clock.install();
  await board.open();
  await board.drawMode();
  // Start a stroke on empty wall and keep the button down.
  await board.drawStroke(line([200, 500], [300, 500], 5), { release: false });
  await pauseClock(board.page);
  await wall.seed({
    strokes: [
      [
        [500, 450],
        [500, 550],
      ],
    ],
    caption: 'In the way',
  });
  const shown = async () => (await board.shownCaptions()).includes('In the way');
  expect(await runClockUntil(board.page, shown, { limitMs: 5000 })).toBeLessThanOrEqual(5000);
  expect(await board.shownCaptions()).toEqual(['In the way']);
  await board.page.clock.resume();
  // Still drawing; moving on across the new signature is blocked.
  for (const [x, y] of line([300, 500], [700, 500], 10)) await board.page.mouse.move(x, y);
  await board.page.mouse.up();
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect(board.captionBox).toHaveCount(0);
});

test('polls ask only for what is new (created_at=gte.), never reload the wall', async ({
  board,
  page,
  wall,
}) => {
  // A signature on the wall gives the poll its cursor.
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [200, 120],
      ],
    ],
    caption: 'first',
  });
  await withoutRealtime(page);
  const requests = recordSignatureRequests(page);
  await page.clock.install();
  await board.open();
  await expect.poll(() => board.shownCaptions()).toEqual(['first']);
  // The wall's load (viewport first, in pages) is over once 'Signatures loaded!' was shown.
  const loadReads = requests.length;
  // Two poll periods (3 s each) on the page's clock, each poll answered before the next.
  const pollsSoFar = () => requests.filter((r) => r.url().includes('created_at=gte.')).length;
  await page.clock.runFor(3500);
  await expect.poll(pollsSoFar).toBe(1);
  await page.clock.runFor(3500);
  await expect.poll(pollsSoFar).toBe(2);
  const gets = requests.filter((r) => r.method() === 'GET').map((r) => decodeURIComponent(r.url()));
  // One full load, then only filtered polls.
  expect(gets.slice(0, loadReads).filter((u) => u.includes('created_at=gte.'))).toEqual([]);
  expect(gets.slice(loadReads).filter((u) => !u.includes('created_at=gte.'))).toEqual([]);
  const polls = gets.filter((u) => u.includes('created_at=gte.'));
  expect(polls.length).toBeGreaterThanOrEqual(2);
  // Right after the newest row is first seen, the cursor reaches back 15 s for rows that commit
  // late (de-duplicated by id); later polls start at the newest row (src/domain/merge.ts).
  const [row] = await wall.rows();
  const cursor = /created_at=gte\.([^&]+)/.exec(polls[0]!)![1]!;
  expect(new Date(row!.created_at).getTime() - new Date(cursor).getTime()).toBe(15_000);
  // The overlap never duplicates a signature.
  expect(await board.shownSignatures()).toBe(1);
  // Every read names its columns (src/data/table.ts), never `select=*`: the wall's rows, the
  // wall's size (one row of `id,created_at`), and the polls' ids: nothing was new, so no poll
  // read a row.
  const selects = requests.map((r) => new URL(r.url()).searchParams.get('select'));
  expect(new Set(selects)).toEqual(
    new Set(['id,signature,caption,created_at', 'id,created_at', 'id']),
  );
  for (const poll of polls) expect(new URL(poll).searchParams.get('select')).toBe('id');
});

test('a hidden tab makes no requests, and catches up as soon as it is shown', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [200, 120],
      ],
    ],
    caption: 'first',
  });
  await withoutRealtime(page);
  const requests = recordSignatureRequests(page);
  await page.clock.install();
  await board.open();
  await expect.poll(() => board.shownCaptions()).toEqual(['first']);

  await setTabHidden(page, true);
  expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
  const before = requests.length;
  await wall.seed({
    strokes: [
      [
        [600, 400],
        [700, 420],
      ],
    ],
    caption: 'while hidden',
  });
  // Two poll periods and more on the page's clock: a hidden tab asks nothing.
  await page.clock.runFor(6500);
  expect(requests.length).toBe(before);
  expect(await board.shownCaptions()).toEqual(['first']);

  // With the page's clock stopped no timer can fire, so what follows comes from showing the tab.
  await page.clock.pauseAt(Date.now() + 60_000);
  await setTabHidden(page, false);
  await expect.poll(() => requests.length).toBeGreaterThan(before);
  expect(decodeURIComponent(requests[before]!.url())).toContain('created_at=gte.');
  // Time flows again so the board can draw (Konva draws on animation frames).
  await page.clock.resume();
  await expect
    .poll(async () => (await board.shownCaptions()).sort())
    .toEqual(['first', 'while hidden']);
});
