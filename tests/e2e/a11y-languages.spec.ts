/**
 * axe (axe-core) finds no violation of any impact on the welcome card, its language picker, the
 * board and the caption box in Arabic: right to left, every name and label translated. (English:
 * a11y.spec.ts.)
 */
import { expect, line, test } from './support/board.ts';
import { expectNoAxeViolations } from './support/navigate.ts';

test.use({ locale: 'ar' });

test('axe in Arabic: the welcome card, the board and the caption box', async ({ board, page }) => {
  await page.goto(board.wall.url);
  await expect(page.getByRole('button', { name: 'وقّع!' })).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await test.step('welcome card', () => expectNoAxeViolations(page));

  await page.getByRole('button', { name: 'وقّع!' }).click();
  await expect(page.getByRole('application', { name: 'الجدار' })).toBeVisible();
  await expect.poll(() => board.toastsShown()).toContain('تم تحميل التوقيعات!');
  await test.step('board', () => expectNoAxeViolations(page));

  await page.getByRole('button', { name: 'وقّع', exact: true }).click();
  await expect(board.toast).toHaveText('تم تفعيل الرسم');
  await board.drawStroke(line([300, 300], [450, 360]));
  const caption = page.getByRole('textbox', { name: /تعليق/ });
  await expect(caption).toBeFocused();
  await caption.pressSequentially('שלום');
  await test.step('caption box', () => expectNoAxeViolations(page));
});
