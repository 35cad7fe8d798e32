/**
 * axe (axe-core) finds no violation of any impact on the welcome card, its language picker, the
 * board, the caption box, 'Type your name' and 'List of signatures' in Arabic: right to left, every
 * name and label translated. (English: a11y.spec.ts and a11y-tools.spec.ts.)
 */
import { expect, line, test } from './support/board.ts';
import { openTool, signatureAt } from './support/board-tools.ts';
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

test('axe in Arabic: Type your name and the list of signatures', async ({ board, page, wall }) => {
  await wall.seed(signatureAt(300, 300, 'مرحبا'));
  await page.goto(board.wall.url);
  await page.getByRole('button', { name: 'وقّع!' }).click();
  await expect.poll(() => board.toastsShown()).toContain('تم تحميل التوقيعات!');

  await openTool(page, 'كتابة اسمك');
  await expect(page.getByRole('textbox', { name: 'اسمك' })).toBeFocused();
  await test.step('Type your name', () => expectNoAxeViolations(page));
  await page.keyboard.press('Escape');

  await openTool(page, 'قائمة التوقيعات');
  const list = page.getByRole('listbox', { name: 'التوقيعات' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'البحث في التعليقات' }).press('ArrowDown');
  await test.step('List of signatures, a row active', () => expectNoAxeViolations(page));
});
