/**
 * 'Type your name' on a desktop: a signature made with the keyboard alone (Tab to the tool, type
 * a name, Enter, type a caption, Enter) is saved, its row holding the name drawn in Hershey's
 * script as strokes, at the centre of the view; with the centre taken it goes to the nearest free
 * spot; 'Undo stroke' and Cancel work on it as on a drawing; and Ctrl+Z right after a stroke, in
 * the still empty caption field, undoes the stroke, while with text in it it undoes the typing.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { outlineOf, rectsMeet, type Stroke } from '../../src/domain/geometry.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import { textStrokes, type HersheyFont } from '../../src/features/board/model/hershey-text.ts';
import { expect, line, test, TOASTS } from './support/board.ts';
import { nameField, openTool, TOOL, toolButton, toolPanel } from './support/board-tools.ts';

const SCRIPT = (
  createRequire(import.meta.url)('hersheytext/hersheytext.min.json') as Record<string, HersheyFont>
).scripts!;

/** Presses Tab until the element named `name` has the focus (at most `max` presses). */
async function tabTo(page: Page, name: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? '',
    );
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const centre = (strokes: readonly Stroke[]) => {
  const o = outlineOf(strokes)!;
  return [o.x + o.width / 2, o.y + o.height / 2] as const;
};

test('a signature made with the keyboard alone is saved: its row holds the typed name, drawn in script', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  const view = await board.camera();
  await tabTo(page, TOOL.typeName);
  await page.keyboard.press('Enter');
  await expect(toolPanel(page, TOOL.typeName)).toBeVisible();
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Enter');

  // The caption box opens on the drawn name, as after a stroke, and has the focus; the name is
  // in the middle of the view, just below the box.
  await expect(board.captionInput).toBeFocused();
  await expect(toolPanel(page, TOOL.typeName)).toHaveCount(0);
  const box = (await board.captionBox.boundingBox())!;
  const pending = (await board.selectionRects())[0]!;
  const [left, top] = await board.screenOf([pending.x, pending.y]);
  const [right] = await board.screenOf([pending.x + pending.width, pending.y]);
  expect(Math.abs((left + right) / 2 - 640)).toBeLessThan(2);
  expect(top).toBeGreaterThan(box.y + box.height);
  expect(top).toBeLessThan(box.y + box.height + 40);
  await page.keyboard.type('Typed, not drawn');
  await page.keyboard.press('Enter');
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);

  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.caption).toBe('Typed, not drawn');
  const saved = parseStrokes(rows[0]!.signature)!;
  // The name's pen strokes, one for one (each simplified when saved: never more points).
  const drawn = textStrokes(SCRIPT, 'Ada Lovelace')!.strokes;
  expect(saved).toHaveLength(drawn.length);
  saved.forEach((stroke, i) => expect(stroke.length).toBeLessThanOrEqual(drawn[i]!.length));
  // Each stroke has the shape of the name's, scaled: compare their first and last points.
  const scale = (outlineOf(saved)!.width - 20) / (outlineOf(drawn)!.width - 20);
  expect(scale).toBeGreaterThan(1);
  const o = outlineOf(saved)!;
  const d = outlineOf(drawn)!;
  saved.forEach((stroke, i) => {
    const [sx, sy] = stroke[0]!;
    const [dx, dy] = drawn[i]![0]!;
    expect(Math.abs(sx - (o.x + 10) - (dx - d.x - 10) * scale)).toBeLessThan(0.2);
    expect(Math.abs(sy - (o.y + 10) - (dy - d.y - 10) * scale)).toBeLessThan(0.2);
  });
  // Where it was drawn: the middle of the view's width.
  const [cx] = centre(saved);
  expect(Math.abs(cx - (640 - view.x) / view.scale)).toBeLessThan(2);
  // The focus is back on the wall, as after any save.
  await expect(page.locator('.board-stage')).toBeFocused();
});

test('with the centre of the view taken, the name goes to the nearest free spot, clear of it', async ({
  board,
  page,
  wall,
}) => {
  // Across the middle of a 1280×800 view at the wall's origin.
  const taken = await wall.seed({
    strokes: [
      [
        [540, 380],
        [740, 420],
      ],
    ],
    caption: 'in the way',
  });
  await board.open();
  await openTool(page, TOOL.typeName);
  await nameField(page).fill('Grace');
  await nameField(page).press('Enter');
  await expect(board.captionInput).toBeFocused();
  await board.saveButton.click();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);
  const rows = await wall.rows();
  const mine = parseStrokes(rows.find((r) => r.id !== taken.id)!.signature)!;
  const theirs = outlineOf(parseStrokes(taken.signature)!)!;
  // Clear of it and of its caption (three lines' room under it).
  expect(rectsMeet(outlineOf(mine)!, { ...theirs, height: theirs.height + 54 })).toBe(false);
  // Near the middle all the same: just above or below the signature in the way.
  const [cx, cy] = centre(mine);
  expect(Math.hypot(cx - 640, cy - 445)).toBeLessThan(200);
});

test("'Undo stroke' takes the name's last pen stroke, Cancel all of it; the tool waits while a signature is pending", async ({
  board,
  page,
}) => {
  await board.open();
  await openTool(page, TOOL.typeName);
  await nameField(page).fill('Al');
  await nameField(page).press('Enter');
  await expect(board.captionInput).toBeFocused();
  const before = (await board.selectionRects())[0]!;
  // 'Al' is drawn in two pen strokes; the caption box stays with the first.
  await board.undoButton.click();
  await expect(board.captionBox).toBeVisible();
  await expect
    .poll(async () => (await board.selectionRects())[0]!.width)
    .toBeLessThan(before.width);
  // No second name while this one is pending.
  await expect(toolButton(page, TOOL.typeName)).toBeDisabled();
  await board.cancelButton.click();
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.canceled);
  await expect(toolButton(page, TOOL.typeName)).toBeEnabled();
});

test('a name the script cannot draw is said so, in the panel, and nothing is drawn', async ({
  board,
  page,
}) => {
  await board.open();
  await openTool(page, TOOL.typeName);
  await nameField(page).fill('李雷');
  await nameField(page).press('Enter');
  const problem = toolPanel(page, TOOL.typeName).getByRole('alert');
  await expect(problem).toHaveText('Type your name in Latin letters: the script has no others.');
  await expect(nameField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(board.captionBox).toHaveCount(0);
  // Escape closes the panel and gives the focus back to the tool's button.
  await nameField(page).press('Escape');
  await expect(toolPanel(page, TOOL.typeName)).toHaveCount(0);
  await expect(toolButton(page, TOOL.typeName)).toBeFocused();
});

test('Ctrl+Z right after a stroke, in the empty caption field, undoes the stroke; with text it undoes the typing', async ({
  board,
  page,
}) => {
  await board.open();
  await board.drawMode();
  const first = line([200, 600], [400, 650]);
  // Right after the first stroke the caption field has the focus, and nothing to undo.
  await board.drawStroke(first);
  await expect(board.captionInput).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(board.captionBox).toHaveCount(0);
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.canceled);

  // With text in the field, Ctrl+Z is the field's own undo: the stroke stays.
  await board.drawStroke(first);
  await expect(board.captionInput).toBeFocused();
  await board.typeCaption('x');
  await page.keyboard.press('Control+z');
  await expect(board.captionInput).toHaveValue('');
  await expect(board.captionBox).toBeVisible();

  // Two strokes, the field focused and empty: the last stroke goes, the first stays pending.
  await board.drawStroke(line([700, 600], [900, 680]));
  const both = (await board.selectionRects())[0]!;
  await board.captionInput.focus();
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => (await board.selectionRects())[0]?.width ?? 0)
    .toBeLessThan(both.width);
  await expect(board.captionBox).toBeVisible();
  await expect(board.captionInput).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(board.captionBox).toHaveCount(0);
});
