/**
 * Push first: the board subscribes to the wall's changes over Realtime before it reads
 * the wall, applies what arrives meanwhile, and polls nothing while its socket is joined; saves,
 * hides and removals elsewhere reach it without a poll. (The polling fallback: live.spec.ts,
 * moderation.spec.ts.)
 */
import type { Page, Request } from '@playwright/test';
import { expect, test, TOASTS } from './support/board.ts';
import { listParts, openTool, TOOL } from './support/board-tools.ts';
import { heavySignatureAt } from '../support/heavy-signature.ts';
import { hideSignature, SERVICE_ROLE_KEY } from './support/moderation.ts';
import { holdJoin, watchRealtime } from './support/realtime.ts';
import { firstScreenRead, holdBoardCode, wallReadOf } from './support/wall-load.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

const at = (x: number, y: number, caption: string) => ({
  strokes: [
    [
      [x, y],
      [x + 100, y + 20],
    ],
  ],
  caption,
});

/** The board's polls: what is new (created_at=gte.) and the visible ids (select=id). */
function recordPolls(page: Page): Request[] {
  const polls: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/rest/v1/signatures') || request.method() !== 'GET') return;
    if (url.searchParams.has('created_at') || url.searchParams.get('select') === 'id') {
      polls.push(request);
    }
  });
  return polls;
}

test('saves and hides elsewhere are pushed to an open board, which polls nothing while joined', async ({
  board,
  page,
  wall,
}) => {
  const first = await wall.seed(at(300, 300, 'first'));
  const realtime = await watchRealtime(page);
  const polls = recordPolls(page);
  // The page's clock, moved on below rather than waited for.
  await page.clock.install();
  await board.open();
  await realtime.joined();
  // Once joined and loaded, one catch-up of each kind (what changed between the read and the
  // join); then nothing is polled.
  await expect.poll(() => polls.length).toBe(2);
  const catchUps = polls.length;
  // Longer than the fallback's poll interval (3 s) and its id check (15 s).
  await page.clock.runFor(16_000);
  await wall.seed(at(300, 500, 'pushed'));
  await expect.poll(async () => (await board.shownCaptions()).sort()).toEqual(['first', 'pushed']);
  await hideSignature(wall, first.id);
  await expect.poll(() => board.shownCaptions()).toEqual(['pushed']);
  expect(polls.slice(catchUps).map((r) => r.url())).toEqual([]);
});

test('a heavy save reaches an open board compressed (permessage-deflate) and whole', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(at(700, 300, 'small'));
  const realtime = await watchRealtime(page);
  const polls = recordPolls(page);
  await board.open();
  await realtime.joined();
  await expect.poll(() => polls.length).toBe(2); // the catch-ups after the join, as above
  // The browser offers the extension and the server takes it: a change this large (~48 KB of
  // digits, in view) then comes as one compressed frame (server/realtime/deflate.ts) the browser
  // inflates.
  expect(await realtime.extensions()).toMatch(/^permessage-deflate\b/);
  const strokes = JSON.parse(heavySignatureAt(250, 300)) as number[][][];
  await wall.seed({ strokes, caption: 'heavy' });
  await expect.poll(async () => (await board.shownCaptions()).sort()).toEqual(['heavy', 'small']);
  // Pushed, not polled: a frame the browser could not inflate would have closed the socket, and
  // the board would have found the save by polling.
  expect(polls.slice(2).map((r) => r.url())).toEqual([]);
});

test('what changes while the wall is read is applied: a save arrives, a hide is not undone by a read that came late', async ({
  board,
  page,
  wall,
}) => {
  // Far from the first screen: read with the rest of the wall, which this test holds.
  const far = await wall.seed(at(2500, 2500, 'far, hidden during the load'));
  let releaseRest = () => {};
  const restHeld = new Promise<void>((resolve) => (releaseRest = resolve));
  await page.route('**/rest/v1/signatures**', async (route) => {
    if (wallReadOf(route.request()) !== 'rest') return route.fallback();
    // The answer is read now (the far signature still visible), delivered after the hide.
    const answer = await route.fetch();
    await restHeld;
    return route.fulfill({ response: answer });
  });
  const realtime = await watchRealtime(page);
  await page.goto(wall.url);
  await realtime.joined();
  await page.getByRole('button', { name: 'Sign!' }).click();
  await wall.seed(at(300, 300, 'saved during the load'));
  await hideSignature(wall, far.id);
  // Give the pushes time to land while the rest of the wall is still held.
  await page.waitForTimeout(500);
  releaseRest();
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await expect.poll(() => board.shownCaptions()).toEqual(['saved during the load']);
});

test('when the socket drops and cannot come back, the board falls back to polling, silently', async ({
  board,
  page,
  wall,
}) => {
  // A signature on the wall gives the live poll its cursor (created_at=gte.).
  await wall.seed(at(300, 300, 'first'));
  let refuse = false;
  const open: Array<{ close(): Promise<void> }> = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, async (socket) => {
    if (refuse) return socket.close();
    socket.connectToServer();
    open.push(socket);
  });
  const realtime = await watchRealtime(page);
  const polls = recordPolls(page);
  await board.open();
  await realtime.joined();
  await expect.poll(() => polls.length).toBe(2);
  const joinedPolls = polls.length;

  // The network drops the socket; every reconnection is refused from now on.
  refuse = true;
  for (const socket of open) await socket.close();
  await wall.seed(at(300, 500, 'polled'));
  await expect
    .poll(async () => (await board.shownCaptions()).sort(), { timeout: 10_000 })
    .toEqual(['first', 'polled']);
  expect(polls.length).toBeGreaterThan(joinedPolls);
  expect(await board.toastsShown()).not.toContain('Error loading signatures.');
});

/** The removal checks among the polls: the reads of visible ids (select=id, not since a time). */
const removalChecks = (polls: Request[]) =>
  polls
    .map((r) => new URL(r.url()))
    .filter(
      (url) => url.searchParams.get('select') === 'id' && !url.searchParams.has('created_at'),
    );

test(
  'the rest of the wall read after the join: the removal check reads the first screen’s ids alone, and finds what left before the join',
  { tag: '@any-engine' },
  async ({ board, page, wall }) => {
    const gone = await wall.seed(at(300, 300, 'hidden before the join'));
    await wall.seed(at(300, 500, 'kept'));
    await wall.seed(at(2500, 2500, 'far'));
    const join = await holdJoin(page);
    const realtime = await watchRealtime(page);
    const polls = recordPolls(page);
    // The board's code held: the rest of the wall waits for it, and so begins after the join.
    const boardCode = await holdBoardCode(page);
    await page.goto(wall.url);
    await firstScreenRead(page);
    // Read with the first screen, then hidden while nothing is pushed to the page yet.
    await hideSignature(wall, gone.id);
    join.release();
    await realtime.joined();
    boardCode.release();
    await page.getByRole('button', { name: 'Sign!' }).click();
    await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
    await expect.poll(() => board.shownCaptions()).toEqual(['kept']);
    const checks = removalChecks(polls);
    expect(checks.length).toBeGreaterThan(0);
    // The first screen's region (desktop: 1280×800 from the wall's corner), not every id.
    for (const url of checks) {
      expect(url.searchParams.getAll('max_y')).toEqual(['gte.0']);
      expect(url.searchParams.getAll('min_y')).toEqual(['lte.800']);
    }
  },
);

test(
  'the rest of the wall read before the join: the removal check reads every id, and finds what left anywhere',
  { tag: '@any-engine' },
  async ({ board, page, wall }) => {
    await wall.seed(at(300, 300, 'kept'));
    const gone = await wall.seed(at(1500, 1500, 'far, hidden before the join'));
    const join = await holdJoin(page);
    const realtime = await watchRealtime(page);
    const polls = recordPolls(page);
    // Nothing pushed during the whole load: the rest is read unjoined.
    await board.open();
    await hideSignature(wall, gone.id);
    join.release();
    await realtime.joined();
    await expect.poll(() => removalChecks(polls).length).toBeGreaterThan(0);
    for (const url of removalChecks(polls)) expect(url.searchParams.has('max_y')).toBe(false);
    await openTool(page, TOOL.list);
    const list = listParts(page);
    await expect(list.options).toHaveCount(1);
    await expect(list.options.first()).toContainText('kept');
  },
);

test('a signature pushed onto tiles on screen: their old paint stays on screen until the new one takes its place', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(at(300, 300, 'first'));
  const realtime = await watchRealtime(page);
  await board.open();
  await realtime.joined();
  await board.drawnTileState();
  // The fewest tile elements on screen at any moment the page could show (after each task).
  const before = await page.evaluate(() => {
    const w = window as unknown as { __fewestTiles: number };
    const pane = document.querySelector('.board-stage .screen-tiles > div')!;
    w.__fewestTiles = pane.childElementCount;
    new MutationObserver(() => {
      w.__fewestTiles = Math.min(w.__fewestTiles, pane.childElementCount);
    }).observe(pane, { childList: true });
    for (const tile of Array.from(pane.children)) (tile as HTMLElement).dataset.before = '';
    return { count: pane.childElementCount };
  });
  expect(before.count).toBeGreaterThan(0);
  // Beside the first, in the same tiles: they are painted again.
  await wall.seed(at(330, 340, 'pushed'));
  await expect.poll(async () => (await board.shownCaptions()).sort()).toEqual(['first', 'pushed']);
  await board.drawnTileState();
  const after = await page.evaluate(() => {
    const pane = document.querySelector('.board-stage .screen-tiles > div')!;
    return {
      fewest: (window as unknown as { __fewestTiles: number }).__fewestTiles,
      count: pane.childElementCount,
      // The tiles' new paints are new elements: the old ones left.
      old: pane.querySelectorAll('[data-before]').length,
    };
  });
  expect(after.old).toBe(0);
  expect(after.count).toBe(before.count);
  expect(after.fewest).toBe(before.count);
});
