/**
 * Zoom on a phone: two fingers pinch-zoom around their midpoint in pan mode; in drawing
 * mode a second finger cancels the stroke and never zooms. Real touch events through CDP.
 */
import { expect, line, test, TOASTS, WALL_GREY, type Board, type XY } from './support/board.ts';

/** Two fingers from a ± `from` apart around `centre` (horizontally) to ± `to`. */
async function pinch(board: Board, centre: XY, from: number, to: number, steps = 10) {
  const [cx, cy] = centre;
  const at = (d: number) => [
    { id: 1, at: [cx - d, cy] as XY },
    { id: 2, at: [cx + d, cy] as XY },
  ];
  await board.touch('touchStart', at(from));
  for (let i = 1; i <= steps; i++)
    await board.touch('touchMove', at(from + ((to - from) * i) / steps));
  await board.touch('touchEnd', []);
}

test('a two-finger pinch zooms around the fingers’ midpoint', async ({ board }) => {
  await board.open();
  await board.touchPanBy(-150, -300);
  const centre: XY = [200, 450];
  const before = await board.wallAt(centre);
  expect(before).toEqual([350, 750]);

  // Spread from 100 px apart to 200 px: twice the scale.
  await pinch(board, centre, 50, 100);
  const zoomed = await board.camera();
  expect(zoomed.scale).toBeCloseTo(2, 2);
  const after = await board.wallAt(centre);
  expect(Math.abs(after[0] - before[0])).toBeLessThan(1);
  expect(Math.abs(after[1] - before[1])).toBeLessThan(1);

  // Pinch back in: towards 1×, around the same point.
  await pinch(board, centre, 100, 50);
  expect((await board.camera()).scale).toBeCloseTo(1, 2);
  const back = await board.wallAt(centre);
  expect(Math.abs(back[0] - before[0])).toBeLessThan(1);
  expect(Math.abs(back[1] - before[1])).toBeLessThan(1);

  // One finger still pans afterwards, and the buttons answer taps.
  const c = await board.camera();
  await board.touchPanBy(-40, -60);
  const panned = await board.camera();
  expect(panned.x).toBeCloseTo(c.x - 40, 6);
  expect(panned.y).toBeCloseTo(c.y - 60, 6);
  await board.page.getByRole('button', { name: 'Zoom in' }).tap();
  expect((await board.camera()).scale).toBeCloseTo(c.scale * 1.25, 6);
});

test('a finger that was panning turns into a pinch when a second one lands', async ({ board }) => {
  await board.open();
  // Finger 1 pans the wall by (-100, -100) and stays down.
  await board.touchStroke(line([250, 500], [150, 400], 5), { lift: false });
  expect(await board.camera()).toEqual({ x: -100, y: -100, scale: 1 });
  // Finger 2 lands; both spread around their midpoint (200, 400).
  const before = await board.wallAt([200, 400]);
  for (let i = 0; i <= 10; i++) {
    const d = 50 + 5 * i;
    await board.touch(i === 0 ? 'touchStart' : 'touchMove', [
      { id: 1, at: [200 - d, 400] },
      { id: 2, at: [200 + d, 400] },
    ]);
  }
  await board.touch('touchEnd', []);
  const c = await board.camera();
  expect(c.scale).toBeCloseTo(2, 2);
  const after = await board.wallAt([200, 400]);
  expect(Math.abs(after[0] - before[0])).toBeLessThan(1);
  expect(Math.abs(after[1] - before[1])).toBeLessThan(1);
});

test('pinching out stops where the whole wall fits the phone, centred', async ({ board }) => {
  await board.open();
  await pinch(board, [195, 420], 150, 10, 6);
  await pinch(board, [195, 420], 150, 10, 6);
  await pinch(board, [195, 420], 150, 10, 6);
  const c = await board.camera();
  expect(c.scale).toBe(390 / 3200);
  expect(c.x).toBe(0);
  expect(c.y).toBeCloseTo((844 - 390) / 2, 6);
});

test('in drawing mode a second finger cancels the stroke and does not zoom', async ({ board }) => {
  await board.open();
  await board.page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
  const camera = await board.camera();

  await board.touchStroke(line([60, 300], [200, 300], 6), { lift: false });
  // A second finger joins, and both spread as in a pinch.
  for (let d = 0; d <= 60; d += 10) {
    await board.touch(d === 0 ? 'touchStart' : 'touchMove', [
      { id: 1, at: [200 - d, 300] },
      { id: 2, at: [260 + d, 300] },
    ]);
  }
  await board.touch('touchEnd', []);

  expect(await board.camera()).toEqual(camera);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([130, 300])).toEqual(WALL_GREY);
  // Not stuck: the next stroke draws.
  await board.touchStroke(line([60, 500], [300, 500], 10));
  await expect(board.captionBox).toBeVisible();
});

test('after a pinch the tiles on screen still show the strokes where the stage draws them', async ({
  board,
  wall,
}) => {
  // A phone at DPR 3 whose tiles are painted at pixel ratio 2: each tile is placed on whole
  // screen pixels by its own transform. Lines over tile seams (every 128 wall px at level 0).
  await wall.seed({
    strokes: [
      [
        [20, 384],
        [370, 384],
      ],
      [
        [128, 200],
        [128, 700],
      ],
      [
        [256, 200],
        [262, 700],
      ],
    ],
  });
  await board.open();
  // On a line, and 6 screen px beside it, wherever each lies on screen now.
  const probes = async (): Promise<XY[]> => {
    const out: XY[] = [];
    for (const [p, dx, dy] of [
      [[60, 384], 0, 6],
      [[128, 384], 0, 6],
      [[300, 384], 0, 6],
      [[128, 300], 6, 0],
      [[128, 600], 6, 0],
      [[259, 450], 6, 0],
    ] as const) {
      const [x, y] = (await board.screenOf(p)).map(Math.round) as [number, number];
      out.push([x, y], [x + dx, y + dy]);
    }
    return out.filter(([x, y]) => x > 10 && x < 380 && y > 90 && y < 760);
  };
  // A line is bright on screen and in the probe; beside it, the wall's grey in both.
  const kind = (c: readonly number[]) =>
    c[0]! > 150 ? 'line' : Math.abs(c[0]! - WALL_GREY[0]) <= 6 ? 'wall' : 'edge';
  for (const [from, to] of [
    [0, 0],
    [50, 70],
    [70, 40],
  ] as const) {
    if (from) await pinch(board, [195, 450], from, to);
    await board.drawnTileState();
    const points = await probes();
    expect(points.length).toBeGreaterThanOrEqual(8);
    const drawn = (await board.pixels(points)).map(kind);
    expect(drawn.filter((k) => k === 'line').length).toBeGreaterThanOrEqual(4);
    const { scale } = await board.camera();
    await expect
      .poll(async () => (await board.screenPixels(points)).map(kind), `at ${scale}×`)
      .toEqual(drawn);
  }
});
