/**
 * The board on /moderate (desktop): every signature drawn, hidden ones dimmed (read from
 * the pixels: fainter than a visible stroke, brighter than the wall), reported ones badged with
 * their count; a click on a signature selects it; `#id=<n>` and a row select and centre it; Hide
 * and Unhide from the details dim and undim it at once. The visitor's board never shows a hidden
 * one. Screenshots go to $MODERATE_SHOTS when it is set.
 */
import { Board, expect, test, WALL_GREY, type XY } from './support/board.ts';
import { SERVICE_ROLE_KEY, hideSignature } from './support/moderation.ts';
import { at, ModeratePage, reportFrom } from './support/moderate-page.ts';
import { brightness, ModerateBoard } from './support/moderate-board.ts';
import { expectNoAxeViolations } from './support/navigate.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

/** A point on the middle of at(x, y)'s stroke. */
const onStroke = (x: number, y: number): XY => [x + 60, y + 15];

test('hidden signatures are drawn dimmed, reported ones carry their count, a click selects', async ({
  page,
  wall,
  board,
}) => {
  const shown = await wall.seed(at(400, 300, 'Shown'));
  const hidden = await wall.seed(at(900, 300, 'Hidden'));
  const reported = await wall.seed(at(1400, 300, 'Reported twice'));
  await hideSignature(wall, hidden.id);
  await reportFrom(wall, '127.0.0.31', reported.id, 'spam');
  await reportFrom(wall, '127.0.0.32', reported.id, 'offensive');

  const moderate = new ModeratePage(page, wall);
  const modBoard = new ModerateBoard(page);
  await moderate.open(SERVICE_ROLE_KEY);
  const marks = await modBoard.waitForBadges([reported.id]);
  expect(marks.badges[0]!.text).toBe('2');
  // Every signature is painted, the hidden one too.
  await expect
    .poll(async () => (await board.tileState()).idsInView.sort((a, b) => a - b))
    .toEqual([shown.id, hidden.id, reported.id]);

  const [visible, dimmed, wallGrey] = await board.wallPixels([
    onStroke(400, 300),
    onStroke(900, 300),
    [650, 250],
  ]);
  console.log(`stroke brightness: visible ${brightness(visible!)}, dimmed ${brightness(dimmed!)}`);
  expect(wallGrey).toEqual(WALL_GREY);
  expect(brightness(visible!)).toBeGreaterThan(240);
  // Dimmed, not absent: well above the wall's grey, well under a visible stroke.
  expect(brightness(dimmed!)).toBeGreaterThan(brightness(WALL_GREY) + 30);
  expect(brightness(dimmed!)).toBeLessThan(brightness(visible!) - 80);
  // The badge sits on the reported signature's top-right corner, red (beside its white digit).
  const badge = marks.badges[0]!.outline;
  const [red] = await board.wallPixels([[badge.x + badge.width - 8, badge.y]]);
  expect(red![0]).toBeGreaterThan(200);
  expect(red![1]).toBeLessThan(110);

  // A click on a signature selects it as a row does: details, outline, address.
  await page.mouse.click(...(await modBoard.pageOf(onStroke(900, 300))));
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${hidden.id}` }),
  ).toBeVisible();
  await expect(moderate.details).toContainText('hidden');
  await expect.poll(async () => (await modBoard.marks())?.selected?.id).toBe(hidden.id);
  expect(new URL(page.url()).hash).toBe(`#id=${hidden.id}`);
  await expect(moderate.row(moderate.newest, hidden.id)).toHaveAttribute('aria-current', 'true');
  await moderate.shot('desktop-board');

  // A drag that starts on a signature pans the board, and selects nothing. (Zoomed in around it
  // first: the whole wall in view leaves nothing to pan to.)
  await page.mouse.move(...(await modBoard.pageOf(onStroke(400, 300))));
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -200);
  await expect.poll(async () => (await modBoard.scale()) > 0.5).toBe(true);
  const before = await modBoard.centre();
  const from = await modBoard.pageOf(onStroke(400, 300));
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(from[0] + 80, from[1] + 40, { steps: 8 });
  await page.mouse.up();
  expect(await modBoard.centre()).not.toEqual(before);
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${hidden.id}` }),
  ).toBeVisible();

  // What visitors get is unchanged: their board shows no hidden signature.
  const visitor = await page.context().newPage();
  await Board.recordToasts(visitor);
  const visitorBoard = new Board(visitor, wall);
  // Zoomed out around the three: the hidden one's spot is in view.
  await visitorBoard.open('/#x=900&y=400&zoom=0.5');
  expect((await visitorBoard.drawnTileState()).idsInView.sort((a, b) => a - b)).toEqual([
    shown.id,
    reported.id,
  ]);
  await visitor.close();
});

test('#id=<n> selects and centres a signature; a row does too; a tap on the board does not jump', async ({
  page,
  wall,
}) => {
  await wall.seed(at(400, 300, 'Near the corner'));
  const far = await wall.seed(at(2700, 2800, 'Far away'));
  const middle = await wall.seed(at(1500, 1500, 'Middle'));
  const moderate = new ModeratePage(page, wall);
  const modBoard = new ModerateBoard(page);
  await moderate.open(SERVICE_ROLE_KEY, `#id=${far.id}`);
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${far.id}` }),
  ).toBeVisible();
  const centreOf = (x: number, y: number): XY => [x + 60, y + 15];
  const near = (a: XY, b: XY) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 2;
  await expect.poll(async () => near(await modBoard.centre(), centreOf(2700, 2800))).toBe(true);
  await expect.poll(async () => (await modBoard.marks())?.selected?.id).toBe(far.id);

  await moderate.select(middle.id);
  await expect.poll(async () => near(await modBoard.centre(), centreOf(1500, 1500))).toBe(true);

  // Moved off-centre, a click on the selected one's neighbour selects without moving the view.
  const second = await wall.seed(at(1700, 1520, 'Neighbour'));
  await page.getByRole('button', { name: 'Whole wall' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  // The new one comes with the next read of the wall (an action or the 30 s refresh): Hide and
  // Unhide the middle one refetches everything.
  await moderate.action('Hide').click();
  await expect(moderate.status).toHaveText(`Signature #${middle.id} is hidden.`);
  await moderate.action('Unhide').click();
  await expect(moderate.status).toHaveText(`Signature #${middle.id} is on the wall again.`);
  await expect.poll(async () => (await modBoard.marks()) !== null).toBe(true);
  const view = await modBoard.centre();
  await page.mouse.click(...(await modBoard.pageOf(centreOf(1700, 1520))));
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${second.id}` }),
  ).toBeVisible();
  expect(await modBoard.centre()).toEqual(view);
});

test('Hide and Unhide from the details dim and undim the signature on the board', async ({
  page,
  wall,
  board,
}) => {
  const target = await wall.seed(at(600, 500, 'Target'));
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY, `#id=${target.id}`);
  await expect(moderate.action('Hide')).toBeVisible();
  const stroke = () => board.wallPixels([onStroke(600, 500)]).then(([p]) => brightness(p!));
  await expect.poll(stroke).toBeGreaterThan(240);

  await moderate.action('Hide').click();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is hidden.`);
  await expect.poll(stroke).toBeLessThan(170);
  expect(await stroke()).toBeGreaterThan(brightness(WALL_GREY) + 30);

  await moderate.action('Unhide').click();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is on the wall again.`);
  await expect.poll(stroke).toBeGreaterThan(240);
});

test('keyboard: Enter on the focused board selects the signature in its middle; axe finds nothing', async ({
  page,
  wall,
}) => {
  const target = await wall.seed(at(1540, 1585, 'In the middle'));
  const reported = await wall.seed(at(900, 900, 'Reported'));
  await reportFrom(wall, '127.0.0.51', reported.id, 'other');
  const moderate = new ModeratePage(page, wall);
  const modBoard = new ModerateBoard(page);
  await moderate.open(SERVICE_ROLE_KEY);
  await modBoard.waitForBadges([reported.id]);
  await modBoard.region.getByRole('application', { name: 'Wall' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${target.id}` }),
  ).toBeVisible();
  await test.step('axe', () => expectNoAxeViolations(page));
});
