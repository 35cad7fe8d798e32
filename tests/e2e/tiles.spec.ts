/**
 * The saved signatures are drawn from cached bitmap tiles. What matters is what the
 * screen shows (screenshots, not the board's own pixel probe): strokes at their wall places at
 * every zoom level, across tile seams; a signature that joins the wall later is painted into the
 * tiles already on screen, next to the ones they held.
 */
import {
  expect,
  line,
  test,
  TOASTS,
  WALL_GREY,
  WHITE,
  type Board,
  type Rgba,
  type XY,
} from './support/board.ts';

/** A long horizontal line over several tile seams (every 256 px at scale 1) and a vertical one. */
const ACROSS = [
  [
    [100, 300],
    [880, 300],
  ],
  [
    [600, 150],
    [600, 700],
  ],
] as const;

/** Wall points on the lines: on the seams of level 0 and between them. */
const ON_LINES: XY[] = [
  [256, 300],
  [512, 300],
  [700, 300],
  [768, 300],
  [600, 256],
  [600, 400],
  [600, 512],
  [600, 650],
];

/** Screen points that are in the board's view and clear of its toolbar and readout. */
function inClearView([x, y]: XY): boolean {
  return x >= 20 && x <= 1260 && y >= 90 && y <= 700;
}

/**
 * At the current zoom: the screen is white on the lines and the wall's grey 4 screen pixels
 * beyond a line's edge, as soon as the tiles have painted.
 */
async function expectLinesOnScreen(board: Board): Promise<number> {
  const { scale } = await board.camera();
  const on: XY[] = [];
  const off: XY[] = [];
  for (const p of ON_LINES) {
    const s = await board.screenOf(p);
    // The line is 3 wall px wide: 1.5 × scale screen px each side of its centre.
    const away = 1.5 * scale + 4;
    const beside: XY = p[1] === 300 ? [s[0], s[1] - away] : [s[0] + away, s[1]];
    if (inClearView(s) && inClearView(beside)) {
      on.push(s);
      off.push(beside);
    }
  }
  expect(on.length).toBeGreaterThan(0);
  // Zoomed out a 3 px line is thinner than a screen pixel: lighter than the wall, not white.
  const lineColour = scale < 1 ? 'lit' : 'white';
  const name = (c: Rgba) =>
    scale < 1 && c[0] > WALL_GREY[0] + 40
      ? 'lit'
      : same(c, WHITE)
        ? 'white'
        : same(c, WALL_GREY)
          ? 'grey'
          : c.join(',');
  const expected = [...on.map(() => lineColour), ...off.map(() => 'grey')];
  await expect
    .poll(
      async () => (await board.screenPixels([...on, ...off])).map(name),
      `the lines at scale ${scale}: ${JSON.stringify([...on, ...off])}`,
    )
    .toEqual(expected);
  return on.length;
}

const same = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);

test('at every zoom level the screen shows the strokes at their wall places, seams included', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({ strokes: ACROSS.map((s) => s.map(([x, y]) => [x, y])) });
  await board.open();
  await expectLinesOnScreen(board);
  // The keys go to the page, not to the button that opened the board.
  await page.locator('.board-stage').click({ position: { x: 1200, y: 750 } });
  // In: 1.25⁴ ≈ 2.4 (level 1), then 4 (level 2); out to the whole wall (1/4, level −2); back in
  // to 0.76 (level 0, scaled down).
  const steps: Array<[string, number]> = [
    ['+', 4],
    ['+', 4],
    ['-', 14],
    ['+', 5],
  ];
  let expected = 1;
  for (const [key, times] of steps) {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
    expected = Math.min(4, Math.max(1 / 4, expected * 1.25 ** (key === '+' ? times : -times)));
    expect((await board.camera()).scale).toBeCloseTo(expected, 6);
    if (key === '+' && expected < 1) {
      // Back to the top left, where the lines are.
      await board.panBy(900, 700, [200, 90]);
      await board.panBy(900, 700, [200, 90]);
      expect(await board.offset()).toEqual({ x: 0, y: 0 });
    }
    await expectLinesOnScreen(board);
  }
});

test('a signature that joins the wall later is painted into the tiles on screen, beside the others', async ({
  board,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [200, 300],
        [400, 300],
      ],
    ],
    caption: 'first',
  });
  await board.open();
  await expect.poll(() => board.screenPixels([[300, 300]])).toEqual([WHITE]);

  // Another visitor's, in the same tiles: it arrives with the next live update (every 3 s).
  await wall.seed({
    strokes: [
      [
        [200, 360],
        [400, 360],
      ],
    ],
    caption: 'second',
  });
  await expect
    .poll(
      () =>
        board.screenPixels([
          [300, 360],
          [300, 300],
          [300, 330],
        ]),
      { timeout: 10_000 },
    )
    .toEqual([WHITE, WHITE, WALL_GREY]);
  await expect.poll(async () => (await board.shownCaptions()).sort()).toEqual(['first', 'second']);

  // And this visitor's own, saved from the board: still on screen once its draft is gone.
  await board.drawMode();
  await board.drawStroke(line([200, 450], [400, 450], 8));
  await board.saveButton.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);
  await expect(board.captionBox).toHaveCount(0);
  await expect
    .poll(() =>
      board.screenPixels([
        [300, 450],
        [300, 360],
        [300, 300],
        [300, 420],
      ]),
    )
    .toEqual([WHITE, WHITE, WHITE, WALL_GREY]);
  await expect.poll(() => board.shownSignatures()).toBe(3);
});

/** The first-screen painter's mark (src/features/board/stage/tiles/first-view.ts). */
const FIRST_VIEW_PAINTED = 'signwall:first-view-painted';

test('the first screen is painted ahead, off the page, while the welcome card is up; the board shows it, and paints what joined since on top', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [200, 300],
        [400, 300],
      ],
    ],
    caption: 'ahead',
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(wall.url);
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    FIRST_VIEW_PAINTED,
  );
  expect(workers).toContainEqual(expect.stringMatching(/\/assets\/first-view-worker-[\w-]+\.js$/));
  // Saved by someone else once the tiles were painted ahead: it reaches the open page live, and
  // is painted on top of the tile painted ahead.
  await wall.seed({
    strokes: [
      [
        [200, 360],
        [400, 360],
      ],
    ],
    caption: 'since',
  });
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
  await expect
    .poll(
      () =>
        board.screenPixels([
          [300, 300],
          [300, 360],
          [300, 330],
        ]),
      { timeout: 10_000 },
    )
    .toEqual([WHITE, WHITE, WALL_GREY]);
  await expect.poll(async () => (await board.shownCaptions()).sort()).toEqual(['ahead', 'since']);
  expect((await board.tileState()).prepainted).toBeGreaterThan(0);
});

test('where the first screen cannot be painted ahead, the board paints it itself', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [200, 300],
        [400, 300],
      ],
    ],
    caption: 'here',
  });
  await page.route('**/assets/first-view-worker-*.js', (route) => route.abort());
  await board.open();
  await expect
    .poll(() =>
      board.screenPixels([
        [300, 300],
        [300, 330],
      ]),
    )
    .toEqual([WHITE, WALL_GREY]);
  expect(await board.shownCaptions()).toEqual(['here']);
  expect((await board.tileState()).prepainted).toBe(0);
});
