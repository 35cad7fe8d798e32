/**
 * Spec §7 'Read all signatures' and §3: saved signatures are drawn (legacy records too,
 * unreadable ones skipped with a console warning); 'Signatures loaded!' or 'Error loading
 * signatures.' once per load; toasts clear after 2 s; only signatures near the viewport are drawn.
 */
import type { Route } from '@playwright/test';
import { expect, test, TOAST_MS, TOASTS, WALL_GREY, WHITE } from './support/board.ts';

test("saved signatures are drawn with their captions, then 'Signatures loaded!'", async ({
  board,
  wall,
}) => {
  const hello = await wall.seed({
    strokes: [
      [
        [100, 100],
        [300, 100],
      ],
      [
        [100, 140],
        [300, 140],
      ],
    ],
    caption: 'hello',
  });
  const bare = await wall.seed({
    strokes: [
      [
        [600, 300],
        [600, 500],
      ],
    ],
  });
  await board.open();
  expect(
    await board.pixels([
      [200, 100],
      [200, 140],
      [600, 400],
      [200, 120],
      [700, 400],
    ]),
  ).toEqual([WHITE, WHITE, WHITE, WALL_GREY, WALL_GREY]);
  expect((await board.shownCaptions()).sort()).toEqual([`#${bare.id}`, 'hello']);
  expect(hello.caption).toBe('hello');
  expect(await board.toastsShown()).toEqual([TOASTS.loaded]);
});

test('a legacy record (one flat stroke) is drawn; an unreadable one is skipped with a warning', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [300, 100],
      ],
    ],
  });
  // The database no longer accepts either kind, so the older rows are added to the answers the
  // server would give them in: the legacy row (its outline meets the view) to the view's read and
  // to the check of visible ids (which the board makes once its Realtime channel is joined, and
  // which would otherwise drop it as gone), the unreadable one (no outline) to the read of rows
  // without one.
  await page.route('**/rest/v1/signatures**', async (route: Route) => {
    const request = route.request();
    const url = decodeURIComponent(request.url());
    const extra =
      new URL(request.url()).searchParams.get('select') === 'id'
        ? [{ id: 901 }]
        : url.includes('max_y=gte.')
          ? [
              {
                id: 901,
                signature: '[[500,600],[700,600]]',
                caption: 'legacy',
                created_at: '2020-01-01',
              },
            ]
          : url.includes('min_x=is.null')
            ? [{ id: 902, signature: '{"not": "strokes"', caption: null, created_at: '2020-01-02' }]
            : [];
    if (request.method() !== 'GET' || extra.length === 0) return route.fallback();
    // The check of visible ids may still be under way when the test ends: then nothing is left
    // to answer.
    const response = await route.fetch().catch(() => null);
    const rows = (await response?.json().catch(() => null)) as object[] | null;
    if (!response || !rows) return undefined;
    const all = [...extra, ...rows];
    return route.fulfill({
      response,
      json: all,
      headers: { ...response.headers(), 'content-range': `0-${all.length - 1}/${all.length}` },
    });
  });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await board.open();
  expect(
    await board.pixels([
      [600, 600],
      [200, 100],
      [600, 620],
    ]),
  ).toEqual([WHITE, WHITE, WALL_GREY]);
  expect(await board.shownCaptions()).toContain('legacy');
  expect(warnings.filter((w) => w.includes('#902'))).toHaveLength(1);
  expect(warnings.filter((w) => w.includes('#901'))).toHaveLength(0);
});

test("a failed load shows 'Error loading signatures.' once, and logs the error", async ({
  board,
  page,
}) => {
  let reads = 0;
  await page.clock.install();
  await page.route('**/rest/v1/signatures**', (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    reads += 1;
    return route.fulfill({
      status: 500,
      json: { code: 'XX000', message: 'database is down', details: null, hint: null },
    });
  });
  await board.open('/', TOASTS.loadError);
  await expect
    .poll(() => board.consoleErrors())
    .toContainEqual(expect.stringContaining('Loading signatures failed'));
  // Let it expire: nothing follows it (no second error, no 'loaded').
  await board.expireToasts();
  expect(await board.toastsShown()).toEqual([TOASTS.loadError]);
  expect(reads).toBeGreaterThanOrEqual(1);
});

test('a toast clears after 2 seconds', async ({ board, page }) => {
  await page.clock.install();
  await board.open();
  await board.expireToasts();
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
  await page.clock.runFor(TOAST_MS - 1);
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
  await page.clock.runFor(1);
  await expect(board.toast).toHaveCount(0);
  // The toast area is a polite live region, so screen readers hear each toast.
  const toastArea = page.locator('.toast-area');
  await expect(toastArea).toHaveAttribute('role', 'status');
  await expect(toastArea).toHaveAttribute('aria-live', 'polite');
});

test('panning far and back shows the signatures at their places, pixel for pixel', async ({
  board,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [300, 100],
      ],
    ],
  });
  await wall.seed({
    strokes: [
      [
        [3000, 3000],
        [3100, 3050],
      ],
    ],
  });
  await board.open();
  await expect.poll(() => board.shownSignatures()).toBe(1);
  // Along the line, under and over it, and its anti-aliased edges (compared after the round trip).
  const near: Array<[number, number]> = [
    [100, 100],
    [200, 100],
    [300, 100],
    [200, 96],
    [200, 104],
    [200, 98],
    [200, 102],
    [302, 100],
  ];
  const nearBefore = await board.pixels(near);
  expect(nearBefore.slice(0, 5)).toEqual([WHITE, WHITE, WHITE, WALL_GREY, WALL_GREY]);
  for (let i = 0; i < 4; i++) await board.panBy(-1000, -700, [1100, 750]);
  expect(await board.offset()).toEqual({ x: 1280 - 3200, y: 800 - 3200 });
  // The far one is shown, the near one is not in view any more.
  await expect.poll(() => board.shownSignatures()).toBe(1);
  // (3050, 3025) on the wall is (1130, 625) on screen; 5 px under the line is the wall.
  expect(
    await board.pixels([
      [1130, 625],
      [1080, 600],
      [1130, 632],
    ]),
  ).toEqual([WHITE, WHITE, WALL_GREY]);
  // And back: the first one is shown again, exactly as it was.
  for (let i = 0; i < 4; i++) await board.panBy(1000, 700, [100, 50]);
  expect(await board.offset()).toEqual({ x: 0, y: 0 });
  await expect.poll(() => board.shownSignatures()).toBe(1);
  expect(await board.pixels(near)).toEqual(nearBefore);
});

test.describe('a server that cuts pages short', () => {
  // Pages of at most 3 rows and ~900 bytes: three small rows fill the first page, then each big
  // row comes back alone, so every later page is shorter than the first.
  test.use({ serverEnv: { MAX_ROWS: '3', MAX_RESPONSE_BYTES: '900' } });

  test('every row is still loaded: short pages are read on from where they stopped', async ({
    board,
    wall,
  }) => {
    const small = (x: number) => [
      [
        [x, 100],
        [x + 20, 100],
      ],
    ];
    // A 60-point zigzag, 200 px wide: ~800 bytes of JSON on its own.
    const big = (x: number) => [
      Array.from({ length: 60 }, (_, i) => [x + (i * 200) / 59, 300 + (i % 2) * 40]),
    ];
    const seeded = [
      ...[100, 300, 500].map((x, i) => ({ strokes: small(x), caption: `small ${i + 1}` })),
      ...[100, 400, 700, 1000].map((x, i) => ({ strokes: big(x), caption: `big ${i + 1}` })),
    ];
    for (const signature of seeded) await wall.seed(signature);
    await board.open();
    expect((await board.shownCaptions()).sort()).toEqual(seeded.map((s) => s.caption).sort());
  });
});

test("once the board's code is in, 'Sign!' opens the board at once, with no loading fallback", async ({
  page,
  wall,
}) => {
  // Every board placeholder the page ever shows (`.board[aria-busy]`, while the code is on its way).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __fallbacks: string[] }).__fallbacks = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof Element && node.matches('.board[aria-busy="true"]')) {
            seen.push(node.outerHTML);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const boardCode = page.waitForResponse((r) => /\/assets\/board-screen-[\w-]+\.js$/.test(r.url()));
  await page.goto(wall.url);
  await boardCode;
  // The prefetched board code has been evaluated once nothing more is loading.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.locator('.konvajs-content')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __fallbacks: string[] }).__fallbacks),
  ).toEqual([]);
});
