/**
 * Spec §4 'Panning': dragging moves the wall; the offset stays within [viewport − 3200, 0];
 * leaving the wall with the mouse cancels the pan (§5). Panning is the default mode.
 */
import { Board, expect, line, test } from './support/board.ts';
import type { WallServer } from './support/fixtures.ts';
import { placedTiles, screenTileDraws, watchScreenTiles } from './support/screen-tiles.ts';

const WALL = 3200;

/** Seeds a signature of one horizontal line, from x0 to x1 at y. */
async function seedLine(wall: WallServer, y: number, x0: number, x1: number): Promise<void> {
  await wall.seed({
    strokes: [
      [
        [x0, y],
        [x1, y],
      ],
    ],
  });
}

test('dragging moves the wall by the pointer, and the readout follows in wall coordinates', async ({
  board,
}) => {
  await board.open();
  await expect(board.page.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
  expect(await board.offset()).toEqual({ x: 0, y: 0 });

  await board.panBy(-300, -200, [640, 400]);
  expect(await board.offset()).toEqual({ x: -300, y: -200 });
  // The mouse rests at (340, 200) on screen: wall point (640, 400).
  await expect(board.readout).toHaveText('X: 640 | Y: 400');
  await board.page.mouse.move(100, 700);
  await expect(board.readout).toHaveText('X: 400 | Y: 900');
});

test('the offset is clamped to [viewport − 3200, 0] on both axes', async ({ board }) => {
  await board.open();
  // Towards the top left of the wall: nothing beyond 0.
  await board.panBy(400, 300);
  expect(await board.offset()).toEqual({ x: 0, y: 0 });
  // Far towards the bottom right: stops with the wall's edge on the window's edge.
  for (let i = 0; i < 4; i++) await board.panBy(-1000, -700, [1100, 750]);
  expect(await board.offset()).toEqual({ x: 1280 - WALL, y: 800 - WALL });
  await board.page.mouse.move(1279, 799);
  await expect(board.readout).toHaveText('X: 3199 | Y: 3199');
});

test('a resize re-clamps the offset, and a window larger than the wall centres it', async ({
  board,
  page,
}) => {
  await board.open();
  for (let i = 0; i < 4; i++) await board.panBy(-1000, -700, [1100, 750]);
  expect(await board.offset()).toEqual({ x: 1280 - WALL, y: 800 - WALL });

  await page.setViewportSize({ width: 1600, height: 1000 });
  await expect.poll(() => board.offset()).toEqual({ x: 1600 - WALL, y: 1000 - WALL });

  await page.setViewportSize({ width: 3400, height: 3300 });
  await expect.poll(() => board.offset()).toEqual({ x: 100, y: 50 });
  // It stays centred: there is nowhere to pan to.
  await board.panBy(-500, -500, [1000, 1000]);
  expect(await board.offset()).toEqual({ x: 100, y: 50 });
});

test('leaving the wall with the mouse cancels the pan', async ({ board, page }) => {
  await board.open();
  await page.mouse.move(640, 400);
  await page.mouse.down();
  for (const [x, y] of line([640, 400], [340, 400], 6)) await page.mouse.move(x, y);
  expect(await board.offset()).toEqual({ x: -300, y: 0 });
  // Off the wall, then back on with the button still held: the wall no longer follows.
  await board.leaveWall(400);
  const left = await board.offset();
  for (const [x, y] of line([10, 400], [10, 100], 6)) await page.mouse.move(x, y);
  expect(await board.offset()).toEqual(left);
  await page.mouse.up();
  expect(await board.offset()).toEqual(left);
});

test('panning renders nothing in React', { tag: '@any-engine' }, async ({ page, board }) => {
  await test.step('count commits from the first script on', () => Board.countCommits(page));
  await page.clock.install();
  await board.open();
  // Let the load toast expire first: its removal is a legitimate render.
  await board.expireToasts();
  const before = await board.commits();
  // The counter works: opening the board and its toasts committed.
  expect(before).toBeGreaterThan(0);
  await board.panBy(-600, -400, [900, 600], 40);
  expect(await board.offset()).toEqual({ x: -600, y: -400 });
  expect(await board.commits()).toBe(before);
});

test('a pan dragged across "Wall overview" keeps going: 500 × 360 moves the wall 500 × 360', async ({
  board,
}) => {
  await board.open();
  await board.drawStroke(await board.pathAcrossOverview(500, 360));
  expect(await board.offset()).toEqual({ x: -500, y: -360 });
});

test('a pan moves the tiles on screen without drawing on any canvas', async ({
  board,
  page,
  wall,
}) => {
  // Lines through three rows of tiles (256 px at scale 1) and every column in view, in halves:
  // a signature spans at most 800 × 600.
  for (const y of [120, 420, 720])
    for (const [x0, x1] of [
      [40, 620],
      [660, 1240],
    ] as const)
      await seedLine(wall, y, x0, x1);
  await board.open();
  await board.drawnTileState();
  // Their captions reach into the row below: 20 painted tiles in view.
  expect(await watchScreenTiles(page)).toBe(20);
  const before = await placedTiles(page);

  await board.panBy(-90, -50);
  expect(await board.offset()).toEqual({ x: -90, y: -50 });
  await board.drawnTileState();
  // The tiles still in view are the same elements, moved by the pan and not scaled: by their
  // pane's transform alone (a whole-pixel pan at a level's own scale). Nothing was drawn on them,
  // nor on the layer canvas the tiles were once composed on.
  const after = await placedTiles(page);
  expect(after.length).toBe(20);
  for (const tile of after) {
    const was = before.find((t) => t.tag === tile.tag)!;
    expect([tile.x - was.x, tile.y - was.y, tile.width]).toEqual([-90, -50, 256]);
    expect(tile.transform).toBe(was.transform);
  }
  expect(await screenTileDraws(page)).toBe(0);
});

test('while the wall moves, at most one tile comes on screen per frame; the rest follow once it holds', async ({
  board,
  page,
  wall,
}) => {
  // Lines through the tiles a pan of (-600, -400) brings into view: right of the screen and below it.
  const lines: Array<[number, number, number]> = [
    [900, 40, 620],
    [900, 660, 1240],
    [1100, 40, 620],
    [1100, 660, 1240],
    ...[120, 420, 720, 1000].map((y): [number, number, number] => [y, 1300, 1900]),
  ];
  for (const [y, x0, x1] of lines) await seedLine(wall, y, x0, x1);
  await board.open();
  await board.drawnTileState();
  // Idle time paints the tiles around the view ahead: let it finish, so the pan finds them ready.
  let cached = -1;
  await expect
    .poll(
      async () => {
        const was = cached;
        cached = (await board.drawnTileState()).tiles;
        return cached === was;
      },
      { intervals: [500] },
    )
    .toBe(true);

  // Tile elements added to the screen in each frame while the pan runs, and pixels copied.
  await page.evaluate(() => {
    const w = window as unknown as { __arrivals: number[]; __copies: number };
    w.__copies = 0;
    for (const proto of [
      CanvasRenderingContext2D.prototype,
      OffscreenCanvasRenderingContext2D.prototype,
    ] as Array<{ drawImage: (...args: unknown[]) => void }>) {
      const drawImage = proto.drawImage;
      proto.drawImage = function (this: unknown, ...args: unknown[]) {
        w.__copies++;
        drawImage.apply(this, args);
      };
    }
    const pane = document.querySelector('.board-stage .screen-tiles > div')!;
    let added = 0;
    new MutationObserver((records) => {
      for (const r of records) added += r.addedNodes.length;
    }).observe(pane, { childList: true });
    w.__arrivals = [];
    const frame = () => {
      w.__arrivals.push(added);
      added = 0;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await board.panBy(-600, -400, [900, 600], 20);
  const { arrivals, copies } = await page.evaluate(() => {
    const w = window as unknown as { __arrivals: number[]; __copies: number };
    return { arrivals: w.__arrivals, copies: w.__copies };
  });
  expect(await board.offset()).toEqual({ x: -600, y: -400 });
  expect(
    arrivals.reduce((a, b) => a + b, 0),
    'tiles that came on screen',
  ).toBeGreaterThan(3);
  expect(Math.max(...arrivals), 'tiles that came on screen in one frame').toBe(1);
  // Each tile's element is its own finished paint: nothing was copied to show it.
  expect(copies).toBe(0);
  // Held still, the view is drawn: every tile in it on screen, the new lines among them.
  const { idsInView } = await board.drawnTileState();
  expect(idsInView.length).toBeGreaterThanOrEqual(6);
});

test("a pan is the board's alone: Konva's own pointer handling reads no layout", async ({
  board,
  page,
}) => {
  await board.open();
  // Konva's listeners on its content read the content's box on every event (a forced layout
  // after a frame's tile moves); the board reads its container's, once per event.
  await page.evaluate(() => {
    const w = window as unknown as { konvaBoxReads: number };
    w.konvaBoxReads = 0;
    const read = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.classList.contains('konvajs-content')) w.konvaBoxReads++;
      return read.call(this);
    };
  });
  await board.panBy(-300, -200, [640, 400]);
  expect(await board.offset()).toEqual({ x: -300, y: -200 });
  expect(
    await page.evaluate(() => (window as unknown as { konvaBoxReads: number }).konvaBoxReads),
  ).toBe(0);
});
