/**
 * The board on /moderate on a 390×844 phone: the board on top with every signature
 * (hidden dimmed, reported badged), a tap on one selects it, its details and every action are
 * reachable under the board while the board, and the selected signature on it, stay in view.
 * Screenshots go to $MODERATE_SHOTS when it is set.
 */
import { brightness, ModerateBoard } from './support/moderate-board.ts';
import { expect, test, WALL_GREY, type XY } from './support/board.ts';
import { SERVICE_ROLE_KEY, hideSignature } from './support/moderation.ts';
import { ModeratePage, reportFrom } from './support/moderate-page.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

const at = (x: number, y: number, caption: string | null = null) => ({
  strokes: [
    [
      [x, y],
      [x + 160, y + 40],
    ],
  ],
  caption,
});
const onStroke = (x: number, y: number): XY => [x + 80, y + 20];

test('on a phone: the board on top, a tap selects, every action reachable with the signature in view', async ({
  page,
  wall,
  board,
}) => {
  const shown = await wall.seed(at(1400, 1500, 'Shown'));
  const hidden = await wall.seed(at(1400, 1650, 'Hidden'));
  const reported = await wall.seed(at(1650, 1550, 'Reported'));
  for (let i = 0; i < 8; i++)
    await wall.seed(at(200 + 350 * (i % 4), 300 + 400 * Math.floor(i / 4)));
  await hideSignature(wall, hidden.id);
  await reportFrom(wall, '127.0.0.41', reported.id, 'spam');
  await reportFrom(wall, '127.0.0.42', reported.id, 'other', 'not a signature');

  const moderate = new ModeratePage(page, wall);
  const modBoard = new ModerateBoard(page);
  await moderate.open(SERVICE_ROLE_KEY);
  const marks = await modBoard.waitForBadges([reported.id]);
  expect(marks.badges[0]!.text).toBe('2');
  const [visible, dimmed] = await board.wallPixels([onStroke(1400, 1500), onStroke(1400, 1650)]);
  expect(brightness(visible!)).toBeGreaterThan(240);
  expect(brightness(dimmed!)).toBeGreaterThan(brightness(WALL_GREY) + 30);
  expect(brightness(dimmed!)).toBeLessThan(brightness(visible!) - 80);

  // The board takes the top of the screen, under the header.
  const region = await modBoard.region.boundingBox();
  expect(region!.width).toBeGreaterThan(360);
  expect(region!.height).toBeGreaterThan(250);
  await expect(modBoard.region).toBeInViewport({ ratio: 1 });

  // The whole wall is in view, small: pinch-free, a tap on the hidden one selects it.
  await page.touchscreen.tap(...(await modBoard.pageOf(onStroke(1400, 1650))));
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${hidden.id}` }),
  ).toBeVisible();
  await expect.poll(async () => (await modBoard.marks())?.selected?.id).toBe(hidden.id);
  await moderate.shot('phone-board-selected');

  // Every action is reachable under the board; the board and the selected signature stay put.
  for (const name of ['Unhide', 'Delete'] as const) {
    await moderate.action(name).scrollIntoViewIfNeeded();
    await expect(moderate.action(name)).toBeInViewport({ ratio: 1 });
  }
  await expect(modBoard.region).toBeInViewport({ ratio: 1 });
  const selected = await modBoard.pageOf(onStroke(1400, 1650));
  expect(selected[0]).toBeGreaterThan(region!.x);
  expect(selected[0]).toBeLessThan(region!.x + region!.width);
  expect(selected[1]).toBeGreaterThan(region!.y);
  expect(selected[1]).toBeLessThan(region!.y + region!.height);

  // Selected from the list below, the reported one comes to the middle of the board.
  await moderate.row(moderate.reported, reported.id).tap();
  await expect(moderate.action('Dismiss reports')).toBeVisible();
  await expect.poll(async () => (await modBoard.marks())?.selected?.id).toBe(reported.id);
  const centre = await modBoard.centre();
  expect(Math.hypot(centre[0] - (1650 + 80), centre[1] - (1550 + 20))).toBeLessThan(2);
  await moderate.action('Dismiss reports').scrollIntoViewIfNeeded();
  await expect(moderate.action('Dismiss reports')).toBeInViewport({ ratio: 1 });
  await moderate.shot('phone-board-reported');
  await moderate.action('Dismiss reports').tap();
  await expect(moderate.status).toHaveText(`Dismissed 2 reports of signature #${reported.id}.`);
  await modBoard.waitForBadges([]);
  // Dismissing is not hiding: visitors get the reported one, and still not the hidden one.
  const visitorsGet = await moderate.visibleIds();
  expect(visitorsGet).not.toContain(hidden.id);
  expect(visitorsGet).toEqual(expect.arrayContaining([shown.id, reported.id]));
});
