/**
 * 'Type your name' and 'List of signatures' on a phone (390×844, touch): both behind "More
 * tools"; a name typed and saved with taps; the list scrolls under a finger, and a tap on a row
 * closes it (the phone's screen is the card's) and opens the card of a signature the view moved to.
 */
import { parseStrokes } from '../../src/domain/signature.ts';
import { expect, test, TOASTS } from './support/board.ts';
import {
  listParts,
  nameField,
  openTool,
  signatureAt,
  TOOL,
  toolPanel,
} from './support/board-tools.ts';
import { cardOf } from './support/card.ts';

test('a name typed and saved with taps', async ({ board, page, wall }) => {
  await board.open();
  await openTool(page, TOOL.typeName, 'tap');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('Mo');
  await toolPanel(page, TOOL.typeName).getByRole('button', { name: 'Draw', exact: true }).tap();
  await expect(board.captionInput).toBeFocused();
  // The name is in view, clear of the caption box.
  const box = (await board.captionBox.boundingBox())!;
  const pending = (await board.selectionRects())[0]!;
  const [, top] = await board.screenOf([pending.x, pending.y]);
  const [, bottom] = await board.screenOf([pending.x, pending.y + pending.height]);
  expect(top).toBeGreaterThan(box.y + box.height);
  expect(bottom).toBeLessThan(844);
  await board.saveButton.tap();
  await expect.poll(() => board.toastsShown()).toContain(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows).toHaveLength(1);
  expect(parseStrokes(rows[0]!.signature)!.length).toBeGreaterThan(1);
});

test('the list scrolls under a finger; a tapped row closes it and opens its card where the view went', async ({
  board,
  page,
  wall,
}) => {
  for (let i = 0; i < 30; i += 2) {
    await Promise.all(
      [i, i + 1].map((k) =>
        wall.seed(signatureAt(100 + (k % 2) * 1500, 100 + Math.floor(k / 2) * 200, `name ${k}`)),
      ),
    );
  }
  await board.open();
  await openTool(page, TOOL.list, 'tap');
  const list = listParts(page);
  await expect(list.count).toHaveText('30 signatures');
  const box = (await list.listbox.boundingBox())!;
  const x = box.x + box.width / 2;
  await board.touchStroke([
    [x, box.y + box.height - 20],
    [x, box.y + box.height - 120],
    [x, box.y + box.height - 220],
    [x, box.y + 20],
  ]);
  await expect.poll(() => list.listbox.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  // The wall did not move under the list.
  expect(await board.camera()).toMatchObject({ x: 0, y: 0 });

  await list.search.tap();
  await page.keyboard.type('name 7');
  await expect(list.options).toHaveCount(1);
  const row = list.options.first();
  const id = Number((await wall.rows()).find((r) => r.caption === 'name 7')!.id);
  await row.tap();
  await expect(list.panel).toHaveCount(0);
  await expect(cardOf(page, id)).toBeVisible();
  // 'name 7' is at (1600, 700) to (1760, 720): in the middle of the view.
  const [cx, cy] = await board.wallAt([195, 422]);
  expect(Math.abs(cx - 1680)).toBeLessThan(1);
  expect(Math.abs(cy - 710)).toBeLessThan(1);
});
