/**
 * axe (axe-core) on the board's new pieces, with a mouse or with a finger: 'Type your name' (open,
 * and saying a name cannot be drawn), the caption box on a typed name, 'List of signatures'
 * (searched, a row active, a card opened from it), and the live region once it has told a new
 * signature. a11y-tools.spec.ts and a11y-tools.touch.spec.ts run them on a desktop and a phone.
 */
import { expect, test } from './board.ts';
import {
  arrivalsRegion,
  listParts,
  nameField,
  openTool,
  signatureAt,
  TOOL,
  toolPanel,
} from './board-tools.ts';
import { anyCard } from './card.ts';
import { expectNoAxeViolations } from './navigate.ts';
import { watchRealtime } from './realtime.ts';

/** The tests, choosing with `how`: 'click' on a desktop, 'tap' on a phone. */
export function axeOnTheTools(how: 'click' | 'tap'): void {
  test('axe: Type your name, and the caption box on a typed name', async ({ board, page }) => {
    await board.open();
    await openTool(page, TOOL.typeName, how);
    await test.step('Type your name', () => expectNoAxeViolations(page));
    await nameField(page).fill('李');
    await nameField(page).press('Enter');
    await expect(toolPanel(page, TOOL.typeName).getByRole('alert')).toBeVisible();
    await test.step('Type your name, a name it cannot draw', () => expectNoAxeViolations(page));
    await nameField(page).fill('Ada');
    await nameField(page).press('Enter');
    await expect(board.captionInput).toBeFocused();
    await test.step('the caption box on a typed name', () => expectNoAxeViolations(page));
    await (how === 'tap' ? board.cancelButton.tap() : board.cancelButton.click());
  });

  test('axe: the list of signatures, a card from it, the arrivals region', async ({
    board,
    page,
    wall,
  }) => {
    for (const [x, y, caption] of [
      [300, 300, 'Alice'],
      [900, 500, null],
      [1500, 900, 'שלום'],
    ] as const) {
      await wall.seed(signatureAt(x, y, caption));
    }
    const realtime = await watchRealtime(page);
    await board.open();
    await realtime.joined();

    await openTool(page, TOOL.list, how);
    const list = listParts(page);
    await list.search.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await test.step('List of signatures, a row active', () => expectNoAxeViolations(page));
    await list.search.fill('ali');
    await expect(list.options).toHaveCount(1);
    await test.step('List of signatures, searched', () => expectNoAxeViolations(page));
    await (how === 'tap' ? list.options.first().tap() : list.options.first().click());
    await expect(anyCard(page)).toBeVisible();
    await test.step('a card opened from the list', () => expectNoAxeViolations(page));

    await wall.seed(signatureAt(300, 700, 'new'));
    await expect(arrivalsRegion(page)).toHaveText('1 new signature');
    await test.step('the arrivals region, telling', () => expectNoAxeViolations(page));
  });
}
