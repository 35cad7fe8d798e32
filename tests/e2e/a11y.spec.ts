/**
 * Accessibility on a desktop: axe (axe-core) finds no violation of any impact on the
 * welcome card, the board, or the board with the caption box open.
 */
import { expect, line, test } from './support/board.ts';
import { expectNoAxeViolations, wallRegion } from './support/navigate.ts';

test('axe: the welcome card, the board and the caption box', async ({ board, page }) => {
  await page.goto(board.wall.url);
  await expect(page.getByRole('button', { name: 'Sign!' })).toBeVisible();
  await test.step('welcome card', () => expectNoAxeViolations(page));

  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(wallRegion(page)).toBeVisible();
  await expect.poll(() => board.toastsShown()).toContain('Signatures loaded!');
  await test.step('board', () => expectNoAxeViolations(page));

  await board.drawMode();
  await board.drawStroke(line([300, 300], [450, 360]));
  await expect(board.captionInput).toBeFocused();
  await test.step('caption box', () => expectNoAxeViolations(page));
});
