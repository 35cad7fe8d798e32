/**
 * With a finger on a 390×844 phone: a tap on a signature opens its card, wholly on
 * screen; a drag that starts on it pans and opens nothing; Close; a report sent by taps is
 * thanked; the signer removes their own signature with two taps and a confirm.
 */
import { expect, line, test, TOASTS } from './support/board.ts';
import {
  anyCard,
  CARD_TOASTS,
  cardOf,
  expectToasted,
  openShowing,
  ON_SIGNED,
  reportForm,
  SIGNED,
  tapWall,
  touchDragFrom,
} from './support/card.ts';

/** On a phone's first screen: SIGNED moved left, into the 390 px width. */
const PHONE_SIGNED = {
  ...SIGNED,
  strokes: SIGNED.strokes.map((s) => s.map(([x, y]) => [x! - 500, y!])),
};
const ON_PHONE_SIGNED = [ON_SIGNED[0] - 500, ON_SIGNED[1]] as const;

test('a tap on a signature opens its card on screen; Close closes it', async ({
  board,
  page,
  wall,
}) => {
  const row = await wall.seed(PHONE_SIGNED);
  await openShowing(board, 1);
  await tapWall(board, ON_PHONE_SIGNED);
  const card = cardOf(page, row.id);
  await expect(card).toBeVisible();
  await expect(card).toContainText(SIGNED.caption);
  await expect(card.locator('time')).toHaveText(/now|seconds? ago|minutes? ago/);
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await card.getByRole('button', { name: 'Close' }).tap();
  await expect(anyCard(page)).toHaveCount(0);
});

test('a finger dragging from a signature pans the wall and opens nothing', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(PHONE_SIGNED);
  await openShowing(board, 1);
  const before = await board.offset();
  await touchDragFrom(board, ON_PHONE_SIGNED, -60, -120);
  expect(await board.offset()).toEqual({ x: before.x - 60, y: before.y - 120 });
  await expect(anyCard(page)).toHaveCount(0);
});

test('a report sent by taps is thanked, and a second one is told apart', async ({
  board,
  page,
  wall,
}) => {
  const row = await wall.seed(PHONE_SIGNED);
  await openShowing(board, 1);
  const card = cardOf(page, row.id);
  const form = reportForm(card);
  for (const expected of [CARD_TOASTS.reported, CARD_TOASTS.alreadyReported]) {
    await tapWall(board, ON_PHONE_SIGNED);
    await card.getByRole('button', { name: 'Report' }).tap();
    await form.reason('Personal information').tap();
    await form.send.tap();
    await expectToasted(board, expected);
    await expect(anyCard(page)).toHaveCount(0);
  }
});

test('the signer removes their own signature: "Remove my signature", confirm, gone', async ({
  board,
  page,
  wall,
}) => {
  await board.open();
  await board.page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await expect(board.toast).toHaveText(TOASTS.drawingEnabled);
  await board.touchStroke(line([100, 400], [220, 430], 8));
  await board.saveButton.tap();
  await expect(board.toast).toHaveText(TOASTS.saved);
  await board.page.getByRole('button', { name: 'Pan', exact: true }).tap();
  const [mine] = await wall.rows();
  await board.touchStroke([[160, 415]]);
  const card = cardOf(page, mine!.id);
  await card.getByRole('button', { name: 'Remove my signature' }).tap();
  await card.getByRole('button', { name: 'Yes, remove it' }).tap();
  await expectToasted(board, CARD_TOASTS.removed);
  await expect(anyCard(page)).toHaveCount(0);
  await expect.poll(() => board.shownSignatures()).toBe(0);
  expect(await wall.rows()).toEqual([]);
});
