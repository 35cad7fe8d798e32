/**
 * Spec §4 'Drawing' (caption and save) and §7/§8: the caption box opens at 40% / 50% with a
 * focused input; Save or Enter → 'Saving...' then 'Signature saved!' or 'Error saving
 * signature.'; Cancel → 'Drawing canceled'; afterwards nothing is pending and the caption is
 * empty; an empty caption is saved as null. The saved rows are read from the real database.
 */
import type { Page } from '@playwright/test';
import { expect, line, test, TOASTS, WALL_GREY, WHITE, type Board } from './support/board.ts';

const STROKE = line([300, 300], [600, 300], 15);

async function drawPending(board: Board): Promise<void> {
  await board.open();
  await board.drawMode();
  await board.drawStroke(STROKE);
  await expect(board.captionBox).toBeVisible();
}

/** Holds every POST to the table until `release()` so 'Saving...' can be seen. */
async function holdSaves(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/signatures**', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await gate;
    return route.fallback();
  });
  return release;
}

test('the caption box opens at 40% from the top and 50% from the left, input focused', async ({
  board,
  page,
}) => {
  await drawPending(board);
  const box = (await board.captionBox.boundingBox())!;
  expect(box.x + box.width / 2).toBeCloseTo(1280 * 0.5, 0);
  expect(box.y + box.height / 2).toBeCloseTo(800 * 0.4, 0);
  await expect(board.captionInput).toBeFocused();
  await expect(board.captionInput).toHaveValue('');
  // A small box, not a modal: the wall beside it still takes strokes.
  expect(box.width).toBeLessThan(400);
  await board.drawStroke(line([300, 650], [600, 650], 10));
  expect(await board.pixelAt([450, 650])).toEqual(WHITE);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("Enter saves: 'Saving...', then 'Signature saved!', and the caption is stored", async ({
  board,
  page,
  wall,
}) => {
  await drawPending(board);
  const release = await holdSaves(page);
  await board.typeCaption('Ada was here');
  await board.captionInput.press('Enter');
  await expect(board.toast).toHaveText(TOASTS.saving);
  // While the save is in flight the box cannot be edited or sent again.
  await expect(board.captionInput).toBeDisabled();
  await expect(board.saveButton).toBeDisabled();
  release();
  await expect(board.toast).toHaveText(TOASTS.saved);
  await expect(board.captionBox).toHaveCount(0);

  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.caption).toBe('Ada was here');
  // A straight stroke is saved as its two ends (lighter strokes: simplified within 0.5 px).
  expect(JSON.parse(rows[0]!.signature)).toEqual([[STROKE[0], STROKE.at(-1)]]);
  // Saved: drawn on the wall (no longer pending), with its caption, and the controls unlock.
  expect(await board.pixelAt([450, 300])).toEqual(WHITE);
  await expect(board.toggleButton).toBeEnabled();
  await expect(board.back).toBeEnabled();
  // Pending state and caption were cleared: the next signature starts with an empty caption.
  await board.drawStroke(line([300, 600], [600, 600], 10));
  await expect(board.captionInput).toHaveValue('');
});

test(
  'the caption stops at 200 characters, so the database never refuses it',
  { tag: '@any-engine' },
  async ({ board, wall }) => {
    await drawPending(board);
    await board.captionInput.pressSequentially('x'.repeat(205), { delay: 0 });
    await expect(board.captionInput).toHaveValue('x'.repeat(200));
    await board.captionInput.press('Enter');
    await expect
      .poll(async () => (await wall.rows()).map((r) => r.caption))
      .toEqual(['x'.repeat(200)]);
  },
);

test(
  'the Save button saves an empty or blank caption as null',
  { tag: '@any-engine' },
  async ({ board, wall }) => {
    await drawPending(board);
    await board.typeCaption('   ');
    await board.saveButton.click();
    await expect(board.toast).toHaveText(TOASTS.saved);
    const rows = await wall.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.caption).toBeNull();
  },
);

test("Cancel: 'Drawing canceled', nothing saved, the drawing and caption cleared", async ({
  board,
  wall,
}) => {
  await drawPending(board);
  await board.typeCaption('never mind');
  await board.cancelButton.click();
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([450, 300])).toEqual(WALL_GREY);
  await expect(board.toggleButton).toBeEnabled();
  expect(await wall.rows()).toEqual([]);
  await board.drawStroke(STROKE);
  await expect(board.captionInput).toHaveValue('');
});

test('the caption box works by keyboard alone: Tab reaches Undo stroke, Cancel and Save, Escape cancels', async ({
  board,
  page,
  wall,
}) => {
  await drawPending(board);
  await page.keyboard.press('Escape');
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await expect(board.captionBox).toHaveCount(0);

  await board.drawStroke(STROKE);
  await expect(board.captionInput).toBeFocused();
  await page.keyboard.type('Grace');
  await page.keyboard.press('Tab');
  await expect(board.undoButton).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(board.cancelButton).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(board.saveButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(board.toast).toHaveText(TOASTS.saved);
  expect((await wall.rows()).map((r) => r.caption)).toEqual(['Grace']);
});

test(
  "a save the database refuses shows 'Error saving signature.' and clears the drawing",
  { tag: '@any-engine' },
  async ({ board, wall }) => {
    await drawPending(board);
    // Someone else signs on this very spot while our caption is pending.
    await wall.seed({
      strokes: [
        [
          [400, 250],
          [400, 350],
        ],
      ],
      caption: 'first',
    });
    await board.typeCaption('second');
    await board.saveButton.click();
    await expect(board.toast).toHaveText(TOASTS.saveError);
    await expect(board.captionBox).toHaveCount(0);
    await expect(board.toggleButton).toBeEnabled();
    expect((await wall.rows()).map((r) => r.caption)).toEqual(['first']);
    // The lost race fetches what is new: the winner's signature shows, ours is gone, and the
    // error is not chased away by a second 'Signatures loaded!' (no full reload of the wall).
    await expect.poll(() => board.pixelAt([400, 260])).toEqual(WHITE);
    await expect.poll(() => board.pixelAt([550, 300])).toEqual(WALL_GREY);
    const toasts = await board.toastsShown();
    expect(toasts.filter((t) => t === TOASTS.loaded)).toHaveLength(1);
    expect(toasts.at(-1)).toBe(TOASTS.saveError);
  },
);

test(
  "a save answered with a PostgREST error shows 'Error saving signature.'",
  { tag: '@any-engine' },
  async ({ board, page, wall }) => {
    await drawPending(board);
    await page.route('**/rest/v1/signatures**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              code: '23514',
              message: 'new row for relation "signatures" violates check constraint',
              details: null,
              hint: null,
            }),
          })
        : route.fallback(),
    );
    await board.saveButton.click();
    await expect(board.toast).toHaveText(TOASTS.saveError);
    await expect(board.captionBox).toHaveCount(0);
    await expect.poll(() => board.pixelAt([450, 300])).toEqual(WALL_GREY);
    // Errors are logged to the console too (spec §8).
    await expect
      .poll(() => board.consoleErrors())
      .toContainEqual(expect.stringContaining('Saving the signature failed'));
    expect(await wall.rows()).toEqual([]);
  },
);

test.describe('with the flood limit on', () => {
  // One save a minute per address; the test's seed and the browser share 127.0.0.1.
  test.use({ serverEnv: { INSERT_LIMIT_PER_MINUTE: '1' } });

  test(
    "a save over the limit (429) shows 'Error saving signature.' and writes nothing",
    { tag: '@any-engine' },
    async ({ board, page, wall }) => {
      await wall.seed({
        strokes: [
          [
            [1500, 1500],
            [1520, 1520],
          ],
        ],
        caption: 'first',
      });
      const answers: number[] = [];
      page.on('response', (res) => {
        if (res.request().method() === 'POST') answers.push(res.status());
      });
      await drawPending(board);
      await board.typeCaption('second');
      await board.saveButton.click();
      await expect(board.toast).toHaveText(TOASTS.saveError);
      await expect(board.captionBox).toHaveCount(0);
      expect(answers).toEqual([429]);
      expect((await wall.rows()).map((r) => r.caption)).toEqual(['first']);
    },
  );
});

/** Opens the board and draws two strokes of one pending signature, at y = 300 and y = 400. */
async function drawTwoStrokes(board: Board): Promise<void> {
  await board.open();
  await board.drawMode();
  await board.drawStroke(line([300, 300], [500, 300], 10));
  await board.drawStroke(line([300, 400], [500, 400], 10));
}

/**
 * Whether each of the two strokes drawTwoStrokes drew is on screen: true where the stroke's white
 * is, false where the bare wall's grey is, and the pixel itself where it is neither.
 */
async function strokesShown(board: Board): Promise<(boolean | readonly number[])[]> {
  const pixels = await board.pixels([
    [400, 300],
    [400, 400],
  ]);
  const is = (pixel: readonly number[], colour: readonly number[]) =>
    pixel.every((v, i) => v === colour[i]);
  return pixels.map((p) => (is(p, WHITE) ? true : is(p, WALL_GREY) ? false : p));
}

test("'Undo stroke' removes the last stroke; undoing the only one cancels ('Drawing canceled')", async ({
  board,
  wall,
}) => {
  await drawTwoStrokes(board);
  await board.typeCaption('Ada');
  expect(await strokesShown(board)).toEqual([true, true]);

  await board.undoButton.click();
  expect(await strokesShown(board)).toEqual([true, false]);
  await expect(board.captionInput).toHaveValue('Ada');
  await board.undoButton.click();
  await expect(board.toast).toHaveText(TOASTS.canceled);
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.pixelAt([400, 300])).toEqual(WALL_GREY);
  expect(await wall.rows()).toEqual([]);
});

test('Ctrl+Z undoes the last stroke from the wall; in the caption input it undoes typing', async ({
  board,
  page,
  wall,
}) => {
  await drawTwoStrokes(board);
  // In the caption input (focused on open): the input's own undo, the strokes stay.
  await board.typeCaption('x');
  await page.keyboard.press('ControlOrMeta+z');
  expect(await strokesShown(board)).toEqual([true, true]);
  // On the wall: the last stroke goes.
  await page.getByRole('application', { name: 'Wall' }).focus();
  await page.keyboard.press('ControlOrMeta+z');
  expect(await strokesShown(board)).toEqual([true, false]);
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(JSON.parse(rows[0]!.signature)).toHaveLength(1);
});
