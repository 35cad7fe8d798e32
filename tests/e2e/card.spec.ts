/**
 * With a mouse on a desktop: a click on a signature opens its card beside it (caption,
 * when it was signed, "Report", "Close"); a drag that starts on it pans and opens nothing;
 * Escape and Close close it and give the focus back to the wall; a report is thanked, a second
 * one from the same browser is told it was already sent; the signer's own card offers "Remove my
 * signature" for 10 minutes (confirmed in the card), which takes it off this board at once and
 * off another open board by its removal check; nobody else's card offers it.
 */
import type { Page } from '@playwright/test';
import { expect, line, test, TOASTS } from './support/board.ts';
import {
  anyCard,
  CARD_TOASTS,
  cardOf,
  clickWall,
  expectToasted,
  openShowing,
  keptSecretIds,
  ON_SIGNED,
  reportForm,
  SIGNED,
} from './support/card.ts';
import { expectNoAxeViolations } from './support/navigate.ts';
import { runClockUntil } from './support/page-clock.ts';

const wallCanvas = (page: Page) => page.locator('.board-stage');

test('a click on a signature opens its card beside it, with its caption and when it was signed', async ({
  board,
  page,
  wall,
}) => {
  const row = await wall.seed(SIGNED);
  await openShowing(board, 1);
  await clickWall(board, ON_SIGNED);
  const card = cardOf(page, row.id);
  await expect(card).toBeVisible();
  await expect(card).toContainText(SIGNED.caption);
  // Signed a moment ago, in the browser's locale (en-US here).
  await expect(card.locator('time')).toHaveText(/now|seconds? ago|minutes? ago/);
  await expect(card.locator('time')).toHaveAttribute('datetime', row.created_at);
  await expect(card.getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove my signature' })).toHaveCount(0);
  // The focus went into it.
  await expect(card.getByRole('button', { name: 'Report' })).toBeFocused();

  // Beside the signature and its caption, not over them, and on screen.
  const box = (await card.boundingBox())!;
  const [left, top] = await board.screenOf([590, 290]);
  const [right, bottom] = await board.screenOf([810, 350]);
  const overlaps =
    box.x < right && box.x + box.width > left && box.y < bottom + 40 && box.y + box.height > top;
  expect(overlaps, 'the card covers its signature').toBe(false);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);

  await card.getByRole('button', { name: 'Close' }).click();
  await expect(anyCard(page)).toHaveCount(0);
  await expect(wallCanvas(page)).toBeFocused();

  // Escape closes it too, and the focus is back on the wall.
  await clickWall(board, ON_SIGNED);
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(anyCard(page)).toHaveCount(0);
  await expect(wallCanvas(page)).toBeFocused();

  // A click on the bare wall opens nothing.
  await clickWall(board, [1000, 700]);
  await expect(anyCard(page)).toHaveCount(0);
});

test('a drag that starts on a signature pans the wall and opens nothing', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed(SIGNED);
  await openShowing(board, 1);
  const before = await board.offset();
  const from = await board.screenOf(ON_SIGNED);
  await board.drawStroke(line(from, [from[0] - 200, from[1] - 100], 10));
  expect(await board.offset()).toEqual({ x: before.x - 200, y: before.y - 100 });
  await expect(anyCard(page)).toHaveCount(0);
});

test('in drawing mode a press on a signature opens no card', async ({ board, page, wall }) => {
  await wall.seed(SIGNED);
  await openShowing(board, 1);
  await board.drawMode();
  await clickWall(board, ON_SIGNED);
  await expect(board.toast).toHaveText(TOASTS.blocked);
  await expect(anyCard(page)).toHaveCount(0);
});

test('Report: a reason and a note, "Send report", thanks; a second report is told apart', async ({
  board,
  page,
  wall,
}) => {
  const row = await wall.seed(SIGNED);
  await openShowing(board, 1);
  await clickWall(board, ON_SIGNED);
  const card = cardOf(page, row.id);
  await card.getByRole('button', { name: 'Report' }).click();
  const form = reportForm(card);
  await expect(form.send).toBeDisabled();
  for (const label of ['Offensive', 'Spam', 'Personal information', 'Other']) {
    await expect(form.reason(label)).toBeVisible();
  }
  // "Back" returns to the card; the form starts afresh.
  await form.back.click();
  await card.getByRole('button', { name: 'Report' }).click();
  await form.reason('Spam').check();
  await expect(form.send).toBeEnabled();
  await form.note.pressSequentially('An advert');
  await expect(card).toContainText('9/200');
  await form.send.click();
  await expectToasted(board, CARD_TOASTS.reported);
  await expect(anyCard(page)).toHaveCount(0);

  await clickWall(board, ON_SIGNED);
  await card.getByRole('button', { name: 'Report' }).click();
  await form.reason('Offensive').check();
  await form.send.click();
  await expectToasted(board, CARD_TOASTS.alreadyReported);
  await expect(anyCard(page)).toHaveCount(0);
});

test('the note takes at most 200 characters', async ({ board, page, wall }) => {
  const row = await wall.seed(SIGNED);
  await openShowing(board, 1);
  await clickWall(board, ON_SIGNED);
  const card = cardOf(page, row.id);
  await card.getByRole('button', { name: 'Report' }).click();
  const form = reportForm(card);
  await form.note.fill('x'.repeat(250));
  await expect(form.note).toHaveValue('x'.repeat(200));
  await expect(card).toContainText('200/200');
});

test('"Remove my signature": for 10 minutes the signer’s card offers it; confirmed, it leaves this board and another', async ({
  board,
  page,
  wall,
  browser,
}) => {
  // Someone else's signature, seeded by the API: its card never offers removal.
  const other = await wall.seed({ ...SIGNED, caption: 'Not mine' });
  await openShowing(board, 1);
  await board.drawMode();
  const from = await board.screenOf([1000, 500]);
  await board.drawStroke(line(from, [from[0] + 120, from[1] + 30], 8));
  await board.typeCaption('Mine');
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  const mine = (await wall.rows()).find((r) => r.caption === 'Mine')!;
  expect(await keptSecretIds(page)).toEqual([String(mine.id)]);
  await board.panMode();

  // A second visitor's board, open before the removal (another browser: no secret there).
  const second = await browser.newPage();
  await second.clock.install();
  await second.goto(wall.url);
  await second.getByRole('button', { name: 'Sign!' }).click();
  await expect(second.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();

  await clickWall(board, ON_SIGNED);
  const otherCard = cardOf(page, other.id);
  await expect(otherCard).toBeVisible();
  await expect(otherCard.getByRole('button', { name: 'Remove my signature' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.mouse.click(from[0] + 60, from[1] + 15);
  const card = cardOf(page, mine.id);
  await card.getByRole('button', { name: 'Remove my signature' }).click();
  // A confirm step in the card; "Keep it" goes back.
  await card.getByRole('button', { name: 'Keep it' }).click();
  await card.getByRole('button', { name: 'Remove my signature' }).click();
  await card.getByRole('button', { name: 'Yes, remove it' }).click();
  await expectToasted(board, CARD_TOASTS.removed);
  await expect(anyCard(page)).toHaveCount(0);
  await expect.poll(() => board.shownCaptions()).toEqual(['Not mine']);
  expect((await wall.rows()).map((r) => r.caption)).toEqual(['Not mine']);
  // Its secret is of no more use: forgotten.
  expect(await keptSecretIds(page)).toEqual([]);

  // The other board drops it at its next removal check (every 15 s of its time).
  const captions = () =>
    second.evaluate(() => {
      const w = window as unknown as {
        Konva: { stages: Array<{ findOne(s: string): { getAttr(n: string): unknown } }> };
      };
      const shape = w.Konva.stages[0]!.findOne('.signature-tiles');
      return (shape.getAttr('tileState') as () => { captionsInView: string[] })().captionsInView;
    });
  await runClockUntil(second, async () => !(await captions()).includes('Mine'), {
    stepMs: 1000,
    limitMs: 30_000,
  });
  expect(await captions()).toEqual(['Not mine']);
  await second.close();
});

test('after 10 minutes the signer’s card no longer offers "Remove my signature"', async ({
  board,
  page,
}) => {
  await page.clock.install();
  await board.open();
  await board.drawMode();
  const from = await board.screenOf([1000, 500]);
  await board.drawStroke(line(from, [from[0] + 120, from[1] + 30], 8));
  await board.saveButton.click();
  await expectToasted(board, TOASTS.saved);
  await board.panMode();
  const onMine = () => page.mouse.click(from[0] + 60, from[1] + 15);
  await onMine();
  const card = anyCard(page);
  const remove = card.getByRole('button', { name: 'Remove my signature' });
  await expect(remove).toBeVisible();
  // The card left open: the button goes when the window closes.
  await page.clock.fastForward(10 * 60 * 1000);
  await expect(remove).toHaveCount(0);
  await page.keyboard.press('Escape');
  await onMine();
  await expect(card).toBeVisible();
  await expect(remove).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The next save keeps its own secret and drops the one past its window.
  const [first] = await keptSecretIds(page);
  await board.drawMode();
  await board.drawStroke(line([300, 600], [400, 630], 8));
  await board.saveButton.click();
  // Not the toast: the first save's is in the record already.
  await expect.poll(() => keptSecretIds(page)).not.toEqual([first]);
  expect(await keptSecretIds(page)).toHaveLength(1);
});

test('axe: the card, its report form and its confirm step', async ({ board, page }) => {
  await board.open();
  await board.drawMode();
  const from = await board.screenOf([1000, 500]);
  await board.drawStroke(line(from, [from[0] + 120, from[1] + 30], 8));
  await board.saveButton.click();
  await expect(board.toast).toHaveText(TOASTS.saved);
  await board.panMode();
  await page.mouse.click(from[0] + 60, from[1] + 15);
  const card = anyCard(page);
  await expect(card.getByRole('button', { name: 'Report' })).toBeFocused();
  await test.step('card', () => expectNoAxeViolations(page));
  await card.getByRole('button', { name: 'Report' }).click();
  await expect(reportForm(card).reason('Offensive')).toBeFocused();
  await test.step('report form', () => expectNoAxeViolations(page));
  await reportForm(card).back.click();
  await card.getByRole('button', { name: 'Remove my signature' }).click();
  await test.step('confirm step', () => expectNoAxeViolations(page));
});

test('keyboard: Enter on the focused wall opens the card of the signature under the centre', async ({
  board,
  page,
  wall,
}) => {
  // Around the desktop's first screen's centre (640, 400 at scale 1).
  const row = await wall.seed({
    strokes: [
      [
        [600, 380],
        [680, 420],
      ],
    ],
    caption: 'In the middle',
  });
  await openShowing(board, 1);
  await page.locator('.board-stage').focus();
  await page.keyboard.press('Enter');
  await expect(cardOf(page, row.id)).toBeVisible();
  await expect(cardOf(page, row.id).getByRole('button', { name: 'Report' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(anyCard(page)).toHaveCount(0);
  await expect(page.locator('.board-stage')).toBeFocused();
});
