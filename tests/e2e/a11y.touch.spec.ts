/**
 * Accessibility on a phone (390×844, DPR 3, touch): axe (axe-core) finds no violation of any impact on the
 * welcome card, the board, or the board with the caption box open.
 */
import { expect, line, test } from './support/board.ts';
import { expectNoAxeViolations, wallRegion } from './support/navigate.ts';

test('axe: the welcome card, the board and the caption box', async ({ board, page }) => {
  await page.goto(board.wall.url);
  await expect(page.getByRole('button', { name: 'Sign!' })).toBeVisible();
  await test.step('welcome card', () => expectNoAxeViolations(page));

  await page.getByRole('button', { name: 'Sign!' }).tap();
  await expect(wallRegion(page)).toBeVisible();
  await expect.poll(() => board.toastsShown()).toContain('Signatures loaded!');
  await test.step('board', () => expectNoAxeViolations(page));

  await page.getByRole('button', { name: 'Sign', exact: true }).tap();
  await board.touchStroke(line([100, 500], [250, 560]));
  await expect(board.captionInput).toBeFocused();
  await test.step('caption box', () => expectNoAxeViolations(page));
});
