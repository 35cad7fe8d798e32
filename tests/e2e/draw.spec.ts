/**
 * Spec §4 'Drawing' and §5 with the mouse: strokes start, grow and end with the pointer; saved
 * signatures block drawing on and across their padded outlines; short strokes, leaving the wall
 * and mode rules. Pixels are read from the canvas, rows from the real database.
 */
import { Board, expect, line, test, TOASTS, WALL_GREY, WHITE } from './support/board.ts';

test('a stroke is drawn white where the pointer went, the wall stays still, and the caption box opens', async ({
  board,
  page,
}) => {
  await board.open();
  await board.drawMode();
  await expect(page.getByRole('button', { name: 'Pan', exact: true })).toBeVisible();

  await board.drawStroke(line([300, 300], [600, 300], 30), { release: false });
  // While the stroke is drawn, both controls are locked.
  await expect(board.back).toBeDisabled();
  await expect(board.toggleButton).toBeDisabled();
  expect(
    await board.pixels([
      [450, 300],
      [450, 320],
      [620, 300],
    ]),
  ).toEqual([WHITE, WALL_GREY, WALL_GREY]);
  await page.mouse.up();

  // In drawing mode a drag draws; the wall did not move.
  expect(await board.offset()).toEqual({ x: 0, y: 0 });
  await expect(board.captionBox).toBeVisible();
  await expect(board.captionInput).toBeFocused();
  expect(
    await board.pixels([
      [301, 300],
      [450, 300],
      [599, 300],
      [450, 280],
    ]),
  ).toEqual([WHITE, WHITE, WHITE, WALL_GREY]);
  // The pending signature wears the dashed blue selection outline around its padded box.
  expect(await board.selectionRects()).toEqual([
    expect.objectContaining({ x: 290, y: 290, width: 320, height: 20, dash: [10, 5] }),
  ]);
  // Still locked while the caption is pending.
  await expect(board.back).toBeDisabled();
  await expect(board.toggleButton).toBeDisabled();
});

test('strokes drawn after panning are saved in wall coordinates', async ({ board, wall }) => {
  await board.open();
  await board.panBy(-500, -300);
  await board.drawMode();
  await board.drawStroke(line([200, 200], [400, 260], 10));
  await board.page.keyboard.press('Enter');
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  const strokes = JSON.parse(rows[0]!.signature) as number[][][];
  expect(strokes).toHaveLength(1);
  expect(strokes[0]![0]).toEqual([700, 500]);
  expect(strokes[0]!.at(-1)).toEqual([900, 560]);
  // Eleven samples on a straight line are saved as its two ends (simplified within 0.5 px).
  expect(strokes[0]).toHaveLength(2);
});

test("a stroke cannot start on a saved signature's padded outline", async ({ board, wall }) => {
  // Outline: x 90..210, y 90..110 (the points' box padded by 10).
  await wall.seed({
    strokes: [
      [
        [100, 100],
        [200, 100],
      ],
    ],
  });
  await board.open();
  await board.drawMode();
  // Inside the padding, on no line at all, and exactly on the corner: both refused.
  for (const start of [
    [150, 108],
    [210, 110],
  ] as const) {
    await board.drawStroke(line(start, [start[0] + 100, start[1] + 100], 10));
    await expect(board.toast).toHaveText(TOASTS.blocked);
    await expect(board.captionBox).toHaveCount(0);
    expect(await board.pixelAt([start[0] + 50, start[1] + 50])).toEqual(WALL_GREY);
    await board.panMode();
    await board.drawMode();
  }
  // One pixel outside the outline is free.
  await board.drawStroke(line([150, 111], [250, 211], 10));
  await expect(board.captionBox).toBeVisible();
});

test('a stroke that crosses a saved outline between two samples is dropped', async ({
  board,
  wall,
}) => {
  // A small signature: outline x 490..520, y 390..410.
  await wall.seed({
    strokes: [
      [
        [500, 400],
        [510, 400],
      ],
    ],
  });
  await board.open();
  await board.drawMode();
  const page = board.page;
  await page.mouse.move(300, 300);
  await page.mouse.down();
  await page.mouse.move(400, 300);
  expect(await board.pixelAt([350, 300])).toEqual(WHITE);
  // One jump whose two ends are both free but whose segment passes through the outline.
  await page.mouse.move(600, 500);
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect.poll(() => board.pixelAt([350, 300])).toEqual(WALL_GREY);
  // The rest of the gesture draws nothing, and its release opens no caption box.
  await page.mouse.move(700, 500);
  await page.mouse.up();
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([650, 500])).toEqual(WALL_GREY);
  await expect(board.toggleButton).toBeEnabled();
});

test('a click without movement (fewer than 2 points) is discarded', async ({ board, page }) => {
  await board.open();
  await board.drawMode();
  await page.mouse.click(500, 500);
  await page.mouse.move(600, 600);
  await expect(board.captionBox).toHaveCount(0);
  await expect(board.toggleButton).toBeEnabled();
});

test('the pending signature never blocks its author; further strokes join it', async ({
  board,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  await board.drawStroke(line([300, 300], [500, 300], 10));
  await expect(board.captionBox).toBeVisible();
  // Starts inside the pending outline and crosses the first stroke.
  await board.drawStroke(line([400, 295], [420, 400], 10));
  expect(
    await board.pixels([
      [450, 300],
      [410, 350],
    ]),
  ).toEqual([WHITE, WHITE]);
  expect(await board.selectionRects()).toEqual([
    expect.objectContaining({ x: 290, y: 285, width: 220, height: 125 }),
  ]);
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  expect(await board.toastsShown()).not.toContain(TOASTS.blocked);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  expect(JSON.parse(rows[0]!.signature)).toHaveLength(2);
});

test('leaving the wall with the mouse cancels the stroke', async ({ board, page }) => {
  await board.open();
  await board.drawMode();
  await board.drawStroke(line([300, 300], [100, 300], 10), { release: false });
  expect(await board.pixelAt([200, 300])).toEqual(WHITE);
  await board.leaveWall(300);
  await page.mouse.move(50, 300);
  await page.mouse.up();
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([200, 300])).toEqual(WALL_GREY);
  await expect(board.toggleButton).toBeEnabled();
  await expect(board.back).toBeEnabled();
});

test('Escape cancels a stroke in progress', async ({ board, page }) => {
  await board.open();
  await board.drawMode();
  await board.drawStroke(line([300, 300], [500, 300], 10), { release: false });
  await page.keyboard.press('Escape');
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await page.mouse.move(520, 320);
  await page.mouse.up();
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([400, 300])).toEqual(WALL_GREY);
});

test('switching modes toasts each mode, and a newer toast replaces an older one', async ({
  board,
  page,
}) => {
  await board.open();
  await board.drawMode();
  await board.panMode();
  await expect(board.toast).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
  // Back in panning mode a drag pans again and draws nothing.
  await board.panBy(-200, 0);
  expect(await board.offset()).toEqual({ x: -200, y: 0 });
  await expect(board.captionBox).toHaveCount(0);
});

test(
  'React renders once when a stroke starts and once when it ends, never per move',
  { tag: '@any-engine' },
  async ({ board, page }) => {
    await Board.countCommits(page);
    await page.clock.install();
    await board.open();
    await board.drawMode();
    await board.expireToasts();

    const idle = await board.commits();
    await page.mouse.move(200, 200);
    await page.mouse.down();
    const started = await board.commits();
    for (const [x, y] of line([200, 200], [800, 500], 60)) await page.mouse.move(x, y);
    const moved = await board.commits();
    await page.mouse.up();
    await expect(board.captionBox).toBeVisible();
    const ended = await board.commits();

    test.info().annotations.push({
      type: 'react commits',
      description: `start ${started - idle}, 60 moves ${moved - started}, end ${ended - moved}`,
    });
    expect(started - idle).toBeGreaterThan(0);
    expect(moved - started).toBe(0);
    expect(ended - moved).toBeLessThanOrEqual(3);
  },
);

test('a stroke dragged across "Wall overview" keeps going and is kept whole', async ({
  board,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  const path = await board.pathAcrossOverview(500, 360);
  await board.drawStroke(path);
  await expect(board.captionBox).toBeVisible();
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const [stroke] = JSON.parse((await wall.rows())[0]!.signature) as [number, number][][];
  // Simplified at save (a straight line keeps its ends): from the first point to the last.
  expect(stroke![0]).toEqual(path[0]);
  expect(stroke!.at(-1)).toEqual(path.at(-1));
});

test("the draft layer's canvas leaves the page while it shows nothing: a pan frame redraws one canvas, not two", async ({
  board,
  page,
}) => {
  const draftCanvasDisplay = () =>
    page.evaluate(() => {
      type Layer = {
        find(selector: string): unknown[];
        getCanvas(): { _canvas: HTMLCanvasElement };
      };
      const stage = (window as unknown as { Konva: { stages: Array<{ getLayers(): Layer[] }> } })
        .Konva.stages[0]!;
      // The draft layer holds the live stroke's Line; the saved signatures' layer holds none.
      const draft = stage.getLayers().find((layer) => layer.find('Line').length > 0)!;
      return draft.getCanvas()._canvas.style.display;
    });
  await board.open();
  await board.panBy(-50, -50);
  expect(await draftCanvasDisplay()).toBe('none');
  await board.drawMode();
  await board.drawStroke(line([300, 300], [600, 300], 30), { release: false });
  expect(await draftCanvasDisplay()).toBe('block');
  await page.mouse.up();
  await expect(board.captionBox).toBeVisible();
  expect(await draftCanvasDisplay()).toBe('block');
  await page.keyboard.press('Escape');
  await expect(board.captionBox).toBeHidden();
  await expect.poll(draftCanvasDisplay).toBe('none');
});

test("turning drawing on shows the empty draft canvas for a few frames, redrawn in each, then takes it out: the first stroke finds the browser's buffers for it made", async ({
  board,
  page,
}) => {
  await board.open();
  await page.evaluate(() => {
    type Layer = {
      find(selector: string): unknown[];
      getCanvas(): { _canvas: HTMLCanvasElement };
    };
    const w = window as unknown as {
      Konva: { stages: Array<{ getLayers(): Layer[] }> };
      __draft: { shownFrames: number; redrawsShown: number; display: string };
    };
    const draft = w.Konva.stages[0]!.getLayers().find((layer) => layer.find('Line').length > 0)!;
    const canvas = draft.getCanvas()._canvas;
    const state = { shownFrames: 0, redrawsShown: 0, display: canvas.style.display };
    w.__draft = state;
    const ctx = canvas.getContext('2d')!;
    const clearRect = ctx.clearRect.bind(ctx);
    ctx.clearRect = (...args: Parameters<typeof ctx.clearRect>) => {
      if (canvas.style.display === 'block') state.redrawsShown++;
      clearRect(...args);
    };
    const frame = () => {
      state.display = canvas.style.display;
      if (state.display === 'block') state.shownFrames++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const draft = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __draft: { shownFrames: number; redrawsShown: number; display: string };
          }
        ).__draft,
    );
  expect((await draft()).display).toBe('none');
  await board.drawMode();
  await expect.poll(async () => (await draft()).shownFrames).toBeGreaterThanOrEqual(3);
  await expect.poll(async () => (await draft()).display).toBe('none');
  const warmed = await draft();
  expect(warmed.redrawsShown).toBeGreaterThanOrEqual(3);
  // Once per board: back to panning and drawing again shows nothing more.
  await board.panMode();
  await board.drawMode();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(await draft()).toEqual(warmed);
});
