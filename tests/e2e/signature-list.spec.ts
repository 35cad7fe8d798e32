/**
 * 'List of signatures' on a desktop: the wall as text (caption or '#id', when, where), newest or
 * nearest first, searchable by caption with the count said politely; choosing one with the
 * keyboard (arrows, Home, End, Enter) or the mouse moves the view to it and opens its card, and
 * the focus comes back to the list when the card closes.
 */
import { expect, test, type Board } from './support/board.ts';
import { activeOption, listParts, openTool, signatureAt, TOOL } from './support/board-tools.ts';
import { cardOf } from './support/card.ts';

/** The wall point at the centre of the 1280×800 view. */
async function viewCentre(board: Board): Promise<readonly [number, number]> {
  return board.wallAt([640, 400]);
}

/**
 * Seeds three signatures (oldest first), far apart, where a 1280×800 view can be centred on each:
 * their centres are (980, 710), (2480, 2610) and (1580, 2010).
 */
async function seedThree(board: Board) {
  const wall = board.wall;
  const alice = await wall.seed(signatureAt(900, 700, 'Alice was here'));
  const far = await wall.seed(signatureAt(2400, 2600, null));
  const zoe = await wall.seed(signatureAt(1500, 2000, 'Zoë, from far away'));
  return { alice, far, zoe };
}

test('lists every signature newest first with when and where, and searching filters it', async ({
  board,
  page,
}) => {
  const { alice, far, zoe } = await seedThree(board);
  await board.open();
  await openTool(page, TOOL.list);
  const list = listParts(page);
  await expect(list.search).toBeFocused();
  await expect(list.options).toHaveCount(3);
  await expect(list.options.nth(0)).toContainText('Zoë, from far away');
  await expect(list.options.nth(1)).toContainText(`#${far.id}`);
  await expect(list.options.nth(2)).toContainText('Alice was here');
  // When (the card's words: a moment ago) and where (its outline's centre).
  await expect(list.options.nth(2)).toContainText(/now|seconds? ago|minutes? ago/);
  await expect(list.options.nth(2)).toContainText('x 980, y 710');
  await expect(list.options.nth(2).locator('time')).toHaveAttribute('datetime', alice.created_at);
  await expect(list.options.nth(0)).toHaveAttribute('aria-setsize', '3');
  await expect(list.options.nth(0)).toHaveAttribute('aria-posinset', '1');
  await expect(list.count).toHaveText('3 signatures');

  // Accents and case aside.
  await list.search.pressSequentially('zoe');
  await expect(list.options).toHaveCount(1);
  await expect(list.options.first()).toContainText('Zoë');
  await expect(list.count).toHaveText('1 signature');
  await list.search.fill('nobody');
  await expect(list.options).toHaveCount(0);
  await expect(list.count).toHaveText('No signatures');
  await list.search.fill(`#${far.id}`);
  await expect(list.options).toHaveCount(1);
  expect(zoe.id).toBeGreaterThan(far.id);
});

test('with the keyboard: arrows, Home and End move, Enter moves the view to it and opens its card; the focus comes back', async ({
  board,
  page,
}) => {
  const { alice, zoe } = await seedThree(board);
  await board.open();
  await openTool(page, TOOL.list);
  const list = listParts(page);
  // From the search, the down arrow goes into the list, on its first row.
  await list.search.press('ArrowDown');
  await expect(list.listbox).toBeFocused();
  expect(await activeOption(list.listbox)).toContain('Zoë');
  await page.keyboard.press('End');
  expect(await activeOption(list.listbox)).toContain('Alice');
  await page.keyboard.press('Home');
  expect(await activeOption(list.listbox)).toContain('Zoë');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await activeOption(list.listbox)).toContain('Alice');
  await expect(list.options.nth(2)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Enter');
  const card = cardOf(page, alice.id);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Alice was here');
  const [x, y] = await viewCentre(board);
  expect(Math.abs(x - 980)).toBeLessThan(1);
  expect(Math.abs(y - 710)).toBeLessThan(1);
  // The card has the focus, as when a signature is tapped; the list stays open on a desktop.
  await expect(card.getByRole('button', { name: 'Report' })).toBeFocused();
  await expect(list.panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(list.listbox).toBeFocused();

  // The next one, far away.
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(cardOf(page, zoe.id)).toBeVisible();
  const [zx, zy] = await viewCentre(board);
  expect(Math.abs(zx - 1580)).toBeLessThan(1);
  expect(Math.abs(zy - 2010)).toBeLessThan(1);
  // Escape in the list closes the list, not the card or a drawing.
  await list.listbox.focus();
  await page.keyboard.press('Escape');
  await expect(list.panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: TOOL.list, exact: true })).toBeFocused();
});

test('with the mouse: a click on a row moves the view to it and opens its card', async ({
  board,
  page,
}) => {
  const { far } = await seedThree(board);
  await board.open();
  await openTool(page, TOOL.list);
  const list = listParts(page);
  await list.options.filter({ hasText: `#${far.id}` }).click();
  await expect(cardOf(page, far.id)).toBeVisible();
  const [x, y] = await viewCentre(board);
  expect(Math.abs(x - 2480)).toBeLessThan(1);
  expect(Math.abs(y - 2610)).toBeLessThan(1);
});

test('nearest first: ordered by distance from the middle of the view, again once the view rests elsewhere', async ({
  board,
  page,
}) => {
  await seedThree(board);
  await board.open();
  await openTool(page, TOOL.list);
  const list = listParts(page);
  await list.order('Nearest first').check();
  // The view is at the wall's top-left corner: Alice, then Zoë, then the far one.
  await expect(list.options.nth(0)).toContainText('Alice');
  await expect(list.options.nth(1)).toContainText('Zoë');
  // Choosing the far one moves the view there: it becomes the nearest.
  await list.options.nth(2).click();
  await expect(list.options.nth(0)).toContainText('#');
  await expect(list.options.nth(1)).toContainText('Zoë');
});

test('a long list has only the rows in sight in the page', async ({ board, page }) => {
  // 300 signatures in a grid, with numbered captions (the server takes two saves at a time).
  const n = 300;
  for (let i = 0; i < n; i += 2) {
    await Promise.all(
      [i, i + 1].map((k) =>
        board.wall.seed(signatureAt(20 + (k % 16) * 195, 40 + Math.floor(k / 16) * 100, `n${k}`)),
      ),
    );
  }
  await board.open();
  await openTool(page, TOOL.list);
  const list = listParts(page);
  await expect(list.count).toHaveText(`${n} signatures`);
  const inPage = await list.options.count();
  expect(inPage).toBeGreaterThan(5);
  expect(inPage).toBeLessThan(30);
  await list.listbox.focus();
  await page.keyboard.press('End');
  // The oldest (two were seeded at a time: either of the first two).
  const oldest = (await board.wall.rows())[0]!.caption!;
  expect(await activeOption(list.listbox)).toBe(oldest);
  await expect(list.options.last()).toHaveAttribute('aria-posinset', String(n));
  expect(await list.options.count()).toBeLessThan(30);
  await page.keyboard.press('PageUp');
  const row = Number(
    await list.listbox.evaluate((el) =>
      document
        .getElementById(el.getAttribute('aria-activedescendant')!)!
        .getAttribute('aria-posinset'),
    ),
  );
  expect(row).toBeLessThan(n - 3);
  expect(row).toBeGreaterThan(n - 20);
});
