/**
 * The board keeps a pending signature within the database's limits with the mouse (800 × 600
 * wall px of points, 64 strokes, 20,000 px of strokes, the wall's weight rule: 155 bytes per node
 * of the 10 px grid its strokes claim), so a save is never refused for a reason it could foresee. A stroke that would break a limit ends at its last point that fit and is kept; one
 * that could not start does not. Rows are read back from the real server.
 */
import { BYTES_PER_NODE } from '../../src/domain/rules.ts';
import type { Stroke } from '../../src/domain/geometry.ts';
import { weightOf } from '../../src/domain/signature-weight.ts';
import { expect, line, test, TOASTS, WALL_GREY, WHITE, type XY } from './support/board.ts';

test('a stroke dragged 1,200 px wide is cut at 800 wide, kept, and saved', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  // 50 px apart from x 40 to 1240: the point at 840 is the last of 800 wide.
  await board.drawStroke(line([40, 400], [1240, 400], 24), { release: false });
  await expect(board.toast).toHaveText(TOASTS.tooBig);
  // Ended as if released at 840, with the button still held: the caption box is open.
  await expect(board.captionBox).toBeVisible();
  expect(
    await board.pixels([
      [41, 400],
      [839, 400],
      [900, 400],
      [1200, 400],
    ]),
  ).toEqual([WHITE, WHITE, WALL_GREY, WALL_GREY]);
  expect(await board.selectionRects()).toEqual([
    expect.objectContaining({ x: 30, y: 390, width: 820, height: 20 }),
  ]);

  // Until the button is released, moves add nothing.
  for (const [x, y] of line([1240, 400], [1240, 700], 6)) await page.mouse.move(x, y);
  await page.mouse.up();
  await expect.poll(() => board.pixelAt([1240, 600])).toEqual(WALL_GREY);
  expect(await board.selectionRects()).toEqual([expect.objectContaining({ width: 820 })]);
  // Said once for the stroke, not once per move beyond the box.
  expect((await board.toastsShown()).filter((t) => t === TOASTS.tooBig)).toHaveLength(1);

  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  // The straight stroke is saved as its two ends (simplified within 0.5 px).
  expect(JSON.parse(rows[0]!.signature)).toEqual([
    [
      [40, 400],
      [840, 400],
    ],
  ]);
});

test('a pointer down beyond what the pending signature allows starts nothing; within it joins', async ({
  board,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  await board.drawStroke(line([300, 300], [600, 300], 10));
  await expect(board.captionBox).toBeVisible();

  // 1,150 is 850 px from the pending strokes' left edge at 300.
  await board.drawStroke(line([1150, 500], [1200, 550], 5));
  await expect(board.toast).toHaveText(TOASTS.tooBig);
  await expect.poll(() => board.pixelAt([1175, 525])).toEqual(WALL_GREY);
  expect(await board.selectionRects()).toEqual([
    expect.objectContaining({ x: 290, y: 290, width: 320, height: 20 }),
  ]);
  await expect(board.captionBox).toBeVisible();

  // Starting 700 px away fits, and so does reaching exactly 800 wide.
  await board.drawStroke(line([1000, 500], [1100, 500], 4));
  expect(await board.pixelAt([1050, 500])).toEqual(WHITE);
  expect(await board.selectionRects()).toEqual([
    expect.objectContaining({ x: 290, y: 290, width: 820, height: 220 }),
  ]);
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(JSON.parse(rows[0]!.signature)).toHaveLength(2);
});

test('the 65th stroke does not start', async ({ board, wall }) => {
  await board.open();
  await board.drawMode();
  // 64 short strokes in a grid clear of the buttons and of the caption box.
  for (let i = 0; i < 64; i++) {
    const x = 100 + (i % 16) * 40;
    const y = 100 + Math.floor(i / 16) * 40;
    await board.drawStroke([
      [x, y],
      [x + 20, y],
    ]);
  }
  await expect(board.captionBox).toBeVisible();
  await board.drawStroke(line([200, 600], [300, 600], 4));
  await expect(board.toast).toHaveText(TOASTS.tooManyStrokes);
  await expect.poll(() => board.pixelAt([250, 600])).toEqual(WALL_GREY);

  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(JSON.parse(rows[0]!.signature)).toHaveLength(64);
});

test('a stroke is cut where the strokes reach 20,000 px in all, kept, and saved', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  // Back and forth 800 px between x 100 and 900 at y 300 and 310 (800.06 px a run), 100 px a
  // move (a fast hand): the 25th run passes 20,000 px in all, and is cut within 100 px of it.
  const turns = Array.from({ length: 26 }, (_, i): [number, number] =>
    i % 2 === 0 ? [100, 300] : [900, 310],
  );
  const points = turns.slice(1).flatMap((to, i) => line(turns[i]!, to, 8).slice(1));
  await board.drawStroke([turns[0]!, ...points], { release: false });
  await expect(board.toast).toHaveText(TOASTS.tooLong);
  await expect(board.captionBox).toBeVisible();
  await page.mouse.up();
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  const [saved] = JSON.parse(rows[0]!.signature) as [number, number][][];
  let length = 0;
  for (let i = 1; i < saved!.length; i++) {
    length += Math.hypot(saved![i]![0] - saved![i - 1]![0], saved![i]![1] - saved![i - 1]![1]);
  }
  expect(length).toBeLessThanOrEqual(20_000);
  expect(length).toBeGreaterThan(19_900);
});

/** Stored bytes (text and caption) and the bytes its nodes allow, of a saved row. */
function weightOfRow(row: { signature: string; caption: string | null }) {
  const strokes = JSON.parse(row.signature) as Stroke[];
  const { bytes, nodes } = weightOf(strokes, row.caption);
  return { bytes, allowed: nodes * BYTES_PER_NODE };
}

test('a scribble on one spot stops where it would be too heavy, says why, and what was kept saves', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  // Back and forth inside 4 × 4 px, 1 px a move: every turn is a point the saved stroke keeps.
  const scribble = Array.from({ length: 160 }, (_, i): XY => [
    600 + (i % 5),
    500 + (Math.floor(i / 5) % 2) * 4,
  ]);
  await board.drawStroke(scribble, { release: false });
  // From the record: the stroke stopped a third of the way in, its toast may be gone by now.
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.tooDense);
  await expect(board.captionBox).toBeVisible();
  await page.mouse.up();
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  const { bytes, allowed } = weightOfRow(rows[0]!);
  expect(bytes).toBeLessThanOrEqual(allowed);
  expect(bytes).toBeGreaterThan(0.75 * allowed);
  expect((await board.toastsShown()).filter((t) => t === TOASTS.saveError)).toHaveLength(0);
});

test('a dot holds a short caption: typing stops where it is full, says why, and the save keeps it', async ({
  board,
  wall,
}) => {
  await board.open();
  await board.drawMode();
  await board.drawStroke([
    [700, 500],
    [701, 500],
  ]);
  await expect(board.captionBox).toBeVisible();
  // "[[[700,500],[701,500]]]" is 23 bytes of its node's 155: 132 are left for the caption.
  await board.captionInput.pressSequentially('x'.repeat(140));
  await expect(board.captionInput).toHaveValue('x'.repeat(132));
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.captionTooLong);
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows[0]!.caption).toBe('x'.repeat(132));
  const { bytes, allowed } = weightOfRow(rows[0]!);
  expect(bytes).toBe(allowed);
});
