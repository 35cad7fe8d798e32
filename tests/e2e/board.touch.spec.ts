/**
 * The core rules with touch on a phone (390×844 at DPR 3): pan, draw, caption and save, blocked
 * drawing, and a second finger or a cancelled touch abandoning the stroke. Touches are real
 * browser touch/pointer events sent through the DevTools protocol.
 */
import { expect, line, test, TOASTS, WALL_GREY, WHITE, type Board } from './support/board.ts';

async function drawMode(board: Board): Promise<void> {
  await board.page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
}

test('the stage is phone-sized with a capped pixel ratio, and the page never scrolls', async ({
  board,
  page,
}) => {
  await board.open();
  const info = await page.evaluate(() => {
    const w = window as unknown as {
      Konva: {
        pixelRatio: number;
        stages: Array<{
          width(): number;
          height(): number;
          getLayers(): Array<{ getCanvas(): { getPixelRatio(): number } }>;
        }>;
      };
    };
    const stage = w.Konva.stages[0]!;
    return {
      size: [stage.width(), stage.height()],
      dpr: window.devicePixelRatio,
      ratios: stage.getLayers().map((l) => l.getCanvas().getPixelRatio()),
      scrollable: document.documentElement.scrollHeight > window.innerHeight,
    };
  });
  expect(info).toEqual({ size: [390, 844], dpr: 3, ratios: [2, 2], scrollable: false });
  // Every control fits on screen.
  for (const control of [board.back, board.toggleButton, board.readout]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test('one finger pans the wall, clamped at its edges', async ({ board }) => {
  await board.open();
  await board.touchPanBy(-100, -200);
  expect(await board.offset()).toEqual({ x: -100, y: -200 });
  await board.touchPanBy(300, 300);
  expect(await board.offset()).toEqual({ x: 0, y: 0 });
  await expect(board.captionBox).toHaveCount(0);
});

test('a finger draws a white stroke, the caption box fits, and Save stores it', async ({
  board,
  wall,
}) => {
  await board.open();
  await board.touchPanBy(-100, -50);
  await drawMode(board);
  await board.touchStroke(line([60, 300], [300, 360], 12), { lift: false });
  expect(await board.pixelAt([180, 330])).toEqual(WHITE);
  await expect(board.toggleButton).toBeDisabled();
  await board.touch('touchEnd', []);

  expect(await board.offset()).toEqual({ x: -100, y: -50 });
  await expect(board.captionBox).toBeVisible();
  await expect(board.captionInput).toBeFocused();
  const box = (await board.captionBox.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height / 2).toBeCloseTo(844 * 0.4, 0);

  await board.captionInput.fill('from my phone');
  await board.saveButton.tap();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows.map((r) => r.caption)).toEqual(['from my phone']);
  const [stroke] = JSON.parse(rows[0]!.signature) as number[][][];
  expect(stroke![0]).toEqual([160, 350]);
  expect(stroke!.at(-1)).toEqual([400, 410]);
});

test('a finger cannot draw on or across a saved signature', async ({ board, wall }) => {
  // Outline x 90..210, y 290..310.
  await wall.seed({
    strokes: [
      [
        [100, 300],
        [200, 300],
      ],
    ],
  });
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([150, 305], [150, 500], 5));
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect(board.captionBox).toHaveCount(0);

  await board.touchStroke(line([150, 200], [160, 250], 5), { lift: false });
  expect(await board.pixelAt([155, 225])).toEqual(WHITE);
  // Straight down through the signature in one move.
  await board.touch('touchMove', [{ id: 1, at: [160, 400] }]);
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await board.touch('touchEnd', []);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([155, 225])).toEqual(WALL_GREY);
});

test('a second finger abandons the stroke in progress', async ({ board }) => {
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([60, 300], [300, 300], 10), { lift: false });
  expect(await board.pixelAt([180, 300])).toEqual(WHITE);
  await board.touch('touchStart', [
    { id: 1, at: [300, 300] },
    { id: 2, at: [200, 600] },
  ]);
  await board.touch('touchMove', [
    { id: 1, at: [320, 320] },
    { id: 2, at: [220, 640] },
  ]);
  await board.touch('touchEnd', []);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([180, 300])).toEqual(WALL_GREY);
  await expect(board.toggleButton).toBeEnabled();
  // The board is not stuck: the next stroke draws.
  await board.touchStroke(line([60, 500], [300, 500], 10));
  await expect(board.captionBox).toBeVisible();
});

test('a cancelled touch abandons the stroke in progress', async ({ board }) => {
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([60, 300], [300, 300], 10), { lift: false });
  await board.touch('touchCancel', []);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([180, 300])).toEqual(WALL_GREY);
  await expect(board.toggleButton).toBeEnabled();
});

test('Cancel by touch clears the pending drawing, tapped right after the stroke', async ({
  board,
  wall,
}) => {
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([60, 300], [300, 300], 10));
  // Chrome once read the quick stroke as a fling and swallowed this first tap.
  await board.cancelButton.tap();
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([180, 300])).toEqual(WALL_GREY);
  expect(await wall.rows()).toEqual([]);
});

test('the caption box fits a 360 px wide phone', async ({ board, page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([40, 150], [300, 150], 10));
  const box = (await board.captionBox.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  for (const control of [board.saveButton, board.cancelButton, board.captionInput]) {
    const b = (await control.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(360);
    expect(b.height).toBeGreaterThanOrEqual(44);
  }
});

test('a finger panning across "Wall overview" keeps going', async ({ board }) => {
  await board.open();
  const path = await board.pathAcrossOverview(250, 300);
  await board.touchStroke(path);
  expect(await board.offset()).toEqual({ x: -250, y: -300 });
});

test('a finger drawing across "Wall overview" keeps drawing', async ({ board }) => {
  await board.open();
  await drawMode(board);
  const path = await board.pathAcrossOverview(250, 300);
  await board.touchStroke(path);
  await expect(board.captionBox).toBeVisible();
  expect(await board.pixels([path[0]!, path.at(-1)!])).toEqual([WHITE, WHITE]);
});

test("'Undo stroke' by touch removes the last stroke, then cancels", async ({ board }) => {
  await board.open();
  await drawMode(board);
  await board.touchStroke(line([100, 200], [250, 200], 8));
  await board.touchStroke(line([100, 260], [250, 260], 8));
  expect(
    await board.pixels([
      [175, 200],
      [175, 260],
    ]),
  ).toEqual([WHITE, WHITE]);
  await board.undoButton.tap();
  expect(
    await board.pixels([
      [175, 200],
      [175, 260],
    ]),
  ).toEqual([WHITE, WALL_GREY]);
  await board.undoButton.tap();
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([175, 200])).toEqual(WALL_GREY);
});
