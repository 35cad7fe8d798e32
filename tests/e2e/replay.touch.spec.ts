/**
 * The replay on a phone: "Replay" behind "More tools", its bar within the screen with controls of
 * 44 px or more, played, paused and closed with taps.
 */
import { expect, test, WHITE } from './support/board.ts';
import { tapTool } from './support/navigate.ts';

test('a phone replays the wall from "More tools"; its bar fits the screen and answers taps', async ({
  board,
  page,
  wall,
}) => {
  await wall.seed({
    strokes: [
      [
        [100, 300],
        [200, 300],
      ],
    ],
  });
  await wall.seed({
    strokes: [
      [
        [100, 500],
        [200, 500],
      ],
    ],
  });
  await board.open();
  await tapTool(page, 'Replay');
  const bar = page.getByRole('group', { name: 'Replay' });
  await bar.getByRole('button', { name: 'Pause replay' }).tap();
  const box = (await bar.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  for (const control of await bar.getByRole('button').all()) {
    const size = (await control.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
  }
  await bar.getByRole('button', { name: 'Play replay' }).tap();
  await bar.getByRole('button', { name: 'Close replay' }).tap();
  await expect(bar).toBeHidden();
  await expect
    .poll(() =>
      board.pixels([
        [150, 300],
        [150, 500],
      ]),
    )
    .toEqual([WHITE, WHITE]);
});
