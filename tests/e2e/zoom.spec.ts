/**
 * Zoom with the mouse and keyboard: the wheel zooms around the pointer, the buttons and
 * keys around the viewport's centre, between "the whole wall fits" (800 / 3200 here) and 4×;
 * panning stays clamped at every scale, and drawing lands at the right wall coordinates.
 */
import { Board, expect, line, test, TOASTS, WALL_GREY, WHITE, type XY } from './support/board.ts';
import { pauseClock } from './support/page-clock.ts';
import { placedTiles, screenTileDraws, watchScreenTiles } from './support/screen-tiles.ts';

const FIT = 800 / 3200;

async function expectClose(actual: XY, expected: XY, digits = 6): Promise<void> {
  expect(actual[0]).toBeCloseTo(expected[0], digits);
  expect(actual[1]).toBeCloseTo(expected[1], digits);
}

/** The camera shows nothing beyond the wall (or centres it where the wall is smaller). */
function expectClamped(c: { x: number; y: number; scale: number }): void {
  const wall = 3200 * c.scale;
  for (const [offset, view] of [
    [c.x, 1280],
    [c.y, 800],
  ] as const) {
    if (wall <= view) expect(offset).toBeCloseTo((view - wall) / 2, 6);
    else {
      expect(offset).toBeLessThanOrEqual(1e-9);
      expect(offset).toBeGreaterThanOrEqual(view - wall - 1e-9);
    }
  }
}

test('the wheel zooms around the pointer: the wall point under it stays put', async ({
  board,
  page,
}) => {
  await board.open();
  await board.panBy(-600, -400, [900, 600]);
  const cursor: XY = [500, 300];
  await page.mouse.move(...cursor);
  const before = await board.wallAt(cursor);
  await expectClose(before, [1100, 700]);

  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await board.camera()).scale).toBeGreaterThan(1.5);
  await expectClose(await board.wallAt(cursor), before);
  // The readout still names the wall point under the pointer.
  await expect(board.readout).toHaveText('X: 1100 | Y: 700');

  // A trackpad pinch is a ctrl+wheel: it zooms too, still around the pointer.
  const scale = (await board.camera()).scale;
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 20);
  await page.keyboard.up('Control');
  await expect.poll(async () => (await board.camera()).scale).toBeLessThan(scale);
  await expectClose(await board.wallAt(cursor), before);

  await page.mouse.wheel(0, 200);
  await expect.poll(async () => (await board.camera()).scale).toBeLessThan(1);
  await expectClose(await board.wallAt(cursor), before);
  expectClamped(await board.camera());
});

test('zoom stops at 4× and at the scale where the whole wall fits', async ({ board, page }) => {
  await board.open();
  await page.mouse.move(640, 400);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -1000);
  await expect.poll(async () => (await board.camera()).scale).toBe(4);
  await page.mouse.wheel(0, -1000);
  expect((await board.camera()).scale).toBe(4);
  expectClamped(await board.camera());

  for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 1000);
  await expect.poll(async () => (await board.camera()).scale).toBe(FIT);
  // The whole wall shows, centred across the wider axis.
  expect(await board.camera()).toEqual({ x: (1280 - 800) / 2, y: 0, scale: FIT });
  // It cannot be panned away.
  await board.panBy(-300, -200, [640, 400]);
  expect(await board.camera()).toEqual({ x: 240, y: 0, scale: FIT });
  await page.mouse.move(240 + 800 - 1, 799);
  await expect(board.readout).toHaveText('X: 3196 | Y: 3196');
});

test('panning stays clamped after zooming in, and zooming out near an edge re-clamps', async ({
  board,
  page,
}) => {
  await board.open();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await board.camera();
  expect(zoomed.scale).toBeCloseTo(1.5625, 9);
  // Far towards the bottom right: the wall's scaled edge stops on the window's edge.
  for (let i = 0; i < 6; i++) await board.panBy(-1000, -700, [1100, 750]);
  const wall = 3200 * zoomed.scale;
  expect(await board.camera()).toEqual({ x: 1280 - wall, y: 800 - wall, scale: zoomed.scale });
  await page.mouse.move(1279, 799);
  await expect(board.readout).toHaveText('X: 3199 | Y: 3199');

  // Zoom out around the top left: kept alone, the bottom right would leave the wall.
  await page.mouse.move(5, 5);
  await page.mouse.wheel(0, 150);
  const out = await board.camera();
  expect(out.scale).toBeLessThan(zoomed.scale);
  expectClamped(out);
  expect(out.x).toBeCloseTo(1280 - 3200 * out.scale, 6);
  expect(out.y).toBeCloseTo(800 - 3200 * out.scale, 6);
});

test('the zoom buttons and the + = - keys zoom around the viewport centre', async ({
  board,
  page,
}) => {
  await board.open();
  await board.panBy(-600, -400, [900, 600]);
  const centre: XY = [640, 400];
  const before = await board.wallAt(centre);

  await page.getByRole('button', { name: 'Zoom in' }).click();
  expect((await board.camera()).scale).toBeCloseTo(1.25, 9);
  await expectClose(await board.wallAt(centre), before);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  expect((await board.camera()).scale).toBeCloseTo(0.8, 9);
  await expectClose(await board.wallAt(centre), before);

  await page.locator('.board-stage').click({ position: { x: 10, y: 10 } });
  await page.keyboard.press('+');
  expect((await board.camera()).scale).toBeCloseTo(1, 9);
  await page.keyboard.press('=');
  expect((await board.camera()).scale).toBeCloseTo(1.25, 9);
  await page.keyboard.press('-');
  expect((await board.camera()).scale).toBeCloseTo(1, 9);
  await expectClose(await board.wallAt(centre), before);
});

test('zooming renders nothing in React', { tag: '@any-engine' }, async ({ page, board }) => {
  await test.step('count commits from the first script on', () => Board.countCommits(page));
  await page.clock.install();
  await board.open();
  await board.expireToasts();
  const before = await board.commits();
  await page.mouse.move(500, 300);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -60);
  await expect.poll(async () => (await board.camera()).scale).toBeGreaterThan(2);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 40);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.keyboard.press('-');
  expect(await board.commits()).toBe(before);
});

test('at 2× a stroke lands at the right wall coordinates, 3 wall pixels wide, and blocks', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  await board.panBy(-600, -400, [900, 600]);
  await page.mouse.move(640, 400);
  // 500 wheel pixels per e-fold: 347 px zoom in by e^0.694 = 2.0017× (WebDriver BiDi takes whole
  // wheel pixels only, so not 500 · ln 2 for exactly 2×).
  await page.mouse.wheel(0, -347);
  await expect.poll(async () => (await board.camera()).scale).toBeCloseTo(Math.exp(347 / 500), 6);
  const camera = await board.camera();

  await board.drawMode();
  // A horizontal stroke from wall (1000, 700) to (1100, 700).
  const from = await board.screenOf([1000, 700]);
  const to = await board.screenOf([1100, 700]);
  await board.drawStroke(line(from, to, 10));
  await expect(board.captionBox).toBeVisible();
  await expect(board.readout).toHaveText('X: 1100 | Y: 700');
  // The caption box takes keys: '-' is typed, not a zoom.
  await board.typeCaption('at two');
  await board.captionInput.press('-');
  await expect(board.captionInput).toHaveValue('at two-');
  expect(await board.camera()).toEqual(camera);
  await board.saveButton.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);

  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.caption).toBe('at two-');
  const strokes = JSON.parse(rows[0]!.signature) as number[][][];
  const points = strokes[0]!;
  for (const [x, y] of points) {
    expect(y).toBeCloseTo(700, 0);
    expect(x).toBeGreaterThanOrEqual(999.5);
    expect(x).toBeLessThanOrEqual(1100.5);
  }
  expect(points[0]![0]).toBeCloseTo(1000, 0);
  expect(points.at(-1)![0]).toBeCloseTo(1100, 0);

  // In wall pixels: white on the line, 3 wide (rows 699 and 700 covered), grey beyond.
  const wallPx = await board.wallPixels([
    [1050, 699],
    [1050, 700],
    [1050, 696],
    [1050, 704],
    [1200, 700],
  ]);
  expect(wallPx).toEqual([WHITE, WHITE, WALL_GREY, WALL_GREY, WALL_GREY]);
  // On screen at 2× it is 6 pixels wide.
  const [sx, sy] = await board.screenOf([1050, 700]);
  const screenPx = await board.pixels([
    [sx, sy - 2],
    [sx, sy + 1],
    [sx, sy - 6],
    [sx, sy + 5],
  ]);
  expect(screenPx).toEqual([WHITE, WHITE, WALL_GREY, WALL_GREY]);

  // Hit tests work at 2×: starting on it is blocked.
  await board.drawStroke(line([sx, sy], [sx + 20, sy + 20], 4));
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect(board.captionBox).toHaveCount(0);
});

test(
  'culling follows the zoom: zoomed out, signatures all over the wall show',
  { tag: '@any-engine' },
  async ({ board, page, wall }) => {
    await wall.seed({
      strokes: [
        [
          [100, 100],
          [300, 100],
        ],
      ],
      caption: 'near',
    });
    await wall.seed({
      strokes: [
        [
          [2800, 3000],
          [3100, 3000],
        ],
      ],
      caption: 'far',
    });
    await board.open();
    expect(await board.shownCaptions()).toEqual(['near']);
    await page.mouse.move(640, 400);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 1000);
    await expect.poll(async () => (await board.camera()).scale).toBe(FIT);
    expect((await board.shownCaptions()).sort()).toEqual(['far', 'near']);
    expect((await board.wallPixels([[2950, 3000]]))[0]).toEqual(WHITE);
    // At 4× around the top left only the near one is drawn again.
    await page.mouse.move(240, 0);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, -1000);
    await expect.poll(async () => (await board.camera()).scale).toBe(4);
    expect(await board.shownCaptions()).toEqual(['near']);
  },
);

test('at every zoom the tiles on screen show what the stage draws, seams included', async ({
  board,
  page,
  wall,
}) => {
  // Lines over tile seams (every 256 wall px at scale 1), in view from 0.64× to 1.5625×; two
  // signatures, as one spans at most 800 × 600.
  for (const [x0, x1, xv] of [
    [100, 620, 512],
    [680, 1200, 768],
  ] as const)
    await wall.seed({
      strokes: [
        [
          [x0, 300],
          [x1, 300],
        ],
        [
          [x0, 510],
          [x1, 516],
        ],
        [
          [xv, 150],
          [xv + 6, 700],
        ],
      ],
    });
  await board.open();
  await page.locator('.board-stage').click({ position: { x: 1200, y: 750 } });
  for (const keys of ['', '+', '+', '---', '-']) {
    for (const key of keys) await page.keyboard.press(key);
    await board.drawnTileState();
    // What the screen shows is the tiles' own canvases, not the layer's.
    await expect(page.locator('.board-stage .screen-tiles canvas').first()).toBeVisible();
    const points: XY[] = [];
    for (const [wx, wy] of [
      [256, 300],
      [600, 300],
      [768, 300],
      [1024, 300],
      [300, 512],
      [512, 515],
      [900, 513],
      [513, 256],
      [516, 512],
      [771, 400],
      [769, 256],
    ] as const) {
      const [sx, sy] = await board.screenOf([wx, wy]);
      // Diagonally across the line, where a tile placed a pixel off would show.
      for (let d = -4; d <= 4; d++) points.push([Math.round(sx) + d, Math.round(sy) + d]);
    }
    // Clear of the toolbar, the readout and the controls on the right.
    const clear = points.filter(([x, y]) => x >= 20 && x <= 1100 && y >= 90 && y <= 700);
    expect(clear.length).toBeGreaterThan(40);
    const screen = await board.screenPixels(clear);
    const drawn = await board.pixels(clear);
    // The same tile pixels, scaled by the compositor on screen and by drawImage in the probe:
    // at most a few levels apart where scaled (a pixel off would be ~200 apart at a line's edge).
    const apart = screen.map((c, i) => Math.max(...c.map((v, j) => Math.abs(v - drawn[i]![j]!))));
    const scale = (await board.camera()).scale;
    expect(Math.max(...apart), `screen against stage at ${scale}×`).toBeLessThanOrEqual(
      scale === 1 ? 0 : 40,
    );
  }
});

test('zooming back over a level boundary shows the same tile elements again, not new copies', async ({
  board,
  page,
  wall,
}) => {
  for (const [x0, x1] of [
    [100, 620],
    [680, 1200],
  ] as const)
    await wall.seed({
      strokes: [
        [
          [x0, 300],
          [x1, 300],
        ],
        [
          [x0, 600],
          [x1, 560],
        ],
      ],
    });
  await board.open();
  await board.drawnTileState();
  await page.locator('.board-stage').click({ position: { x: 1200, y: 750 } });
  const tagged = await watchScreenTiles(page);
  expect(tagged).toBeGreaterThan(4);

  // In to 1.95× (level 1: other tiles, other elements), then back out to 1×.
  for (const key of '+++') await page.keyboard.press(key);
  expect((await board.camera()).scale).toBeCloseTo(1.25 ** 3, 6);
  await board.drawnTileState();
  await expect.poll(async () => (await placedTiles(page)).length).toBe(0);
  for (const key of '---') await page.keyboard.press(key);
  expect((await board.camera()).scale).toBeCloseTo(1, 6);
  await board.drawnTileState();
  // The level-0 tiles came back with the copies they had: no new copy, nothing drawn anywhere.
  const back = (await placedTiles(page)).map((t) => t.tag).sort((a, b) => a - b);
  expect(back).toEqual([...Array(tagged).keys()]);
  expect(await screenTileDraws(page)).toBe(0);
});

test('while the scale changes the pane alone is scaled; once it holds, the tiles are placed again', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [100, 300],
        [700, 320],
      ],
    ],
  });
  await page.clock.install();
  await board.open();
  await board.drawnTileState();
  const tiles = () =>
    page.evaluate(() => {
      const pane = document.querySelector<HTMLElement>('.board-stage .screen-tiles > div')!;
      return {
        pane: pane.style.transform,
        tiles: Array.from(pane.querySelectorAll('canvas'), (tile) => tile.style.transform),
      };
    });
  const still = await tiles();
  expect(still.pane).toMatch(/^translate\([^)]*\)$/);
  expect(still.tiles.length).toBeGreaterThan(0);

  // Page time stands still: one wheel turn's frame is drawn, the scale has not held yet.
  await pauseClock(page);
  await page.mouse.move(400, 300);
  await page.mouse.wheel(0, -40);
  await page.clock.runFor(20);
  const zooming = await tiles();
  expect(zooming.pane).toMatch(/^translate\([^)]*\) scale\(1\.08\d*\)$/);
  expect(zooming.tiles).toEqual(still.tiles);
  expect((await board.tileState()).viewDrawn).toBe(false);

  // Held for longer than the settle: the tiles are placed for the new scale, the pane only moved.
  await page.clock.runFor(400);
  const settled = await tiles();
  expect(settled.pane).toMatch(/^translate\([^)]*\)$/);
  expect(settled.tiles).not.toEqual(still.tiles);
  expect((await board.tileState()).viewDrawn).toBe(true);
});

// A zoom resizes the overview's view box every frame: nothing may measure the controls for it
// (a measure after the frame's style changes is a forced layout on the gesture's frame).
test(
  'zooming measures none of the board’s controls',
  { tag: '@any-engine' },
  async ({ page, board }) => {
    await board.open();
    await page.evaluate(() => {
      const w = window as unknown as { __measures: string[] };
      w.__measures = [];
      const count = (element: Element, what: string) => {
        const group = element.closest('[data-side]');
        if (group) w.__measures.push(`${what} in .${group.className}`);
      };
      const rect = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        count(this, 'getBoundingClientRect');
        return rect.call(this);
      };
      const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
      Object.defineProperty(Element.prototype, 'clientWidth', {
        get(this: Element) {
          count(this, 'clientWidth');
          return width.get!.call(this) as number;
        },
      });
    });
    await page.mouse.move(500, 300);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -60);
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 40);
    await expect.poll(async () => (await board.camera()).scale).toBeGreaterThan(1);
    await board.drawnTileState();
    expect(
      await page.evaluate(() => (window as unknown as { __measures: string[] }).__measures),
    ).toEqual([]);
  },
);
