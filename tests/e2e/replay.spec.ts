/**
 * "Replay the wall": from an empty wall the signatures appear in signing order, with
 * pause and a scrubber; the replay ends on today's wall, reads nothing from the server, and
 * `#replay` in a link opens it. "Download timelapse" saves it as a video.
 */
import { expect, test, WALL_GREY, WHITE } from './support/board.ts';
import { wallReadOf } from './support/wall-load.ts';

const FIRST = {
  strokes: [
    [
      [200, 200],
      [300, 200],
    ],
  ],
};
const SECOND = {
  strokes: [
    [
      [200, 400],
      [300, 400],
    ],
  ],
};
const THIRD = {
  strokes: [
    [
      [500, 300],
      [600, 300],
    ],
  ],
};
const ON_FIRST = [250, 200] as const;
const ON_SECOND = [250, 400] as const;
const ON_THIRD = [550, 300] as const;

test("Replay shows the wall as it grew, in signing order, with pause and a scrubber, and ends on today's wall", async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [FIRST, SECOND, THIRD]) await wall.seed(signature);
  await board.open();
  const reads: string[] = [];
  page.on('request', (request) => {
    const kind = wallReadOf(request);
    if (kind) reads.push(kind);
  });

  await page.getByRole('button', { name: 'Replay' }).click();
  const bar = page.getByRole('group', { name: 'Replay' });
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Pause replay' }).click();
  // Drawing waits until the replay is over: the board shows only part of the wall.
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeDisabled();

  const scrubber = bar.getByRole('slider', { name: 'Replay position' });
  await scrubber.fill('0');
  await expect
    .poll(() => board.pixels([ON_FIRST, ON_SECOND, ON_THIRD]))
    .toEqual([WALL_GREY, WALL_GREY, WALL_GREY]);
  await scrubber.fill('1');
  await expect
    .poll(() => board.pixels([ON_FIRST, ON_SECOND, ON_THIRD]))
    .toEqual([WHITE, WALL_GREY, WALL_GREY]);
  await expect(bar).toContainText('1 / 3');
  await scrubber.fill('2');
  await expect
    .poll(() => board.pixels([ON_FIRST, ON_SECOND, ON_THIRD]))
    .toEqual([WHITE, WHITE, WALL_GREY]);

  // Played on from two thirds, it ends (a third of 20 s later) on today's wall, bar gone.
  await bar.getByRole('button', { name: 'Play replay' }).click();
  await expect(bar).toBeHidden({ timeout: 15_000 });
  expect(await board.pixels([ON_FIRST, ON_SECOND, ON_THIRD])).toEqual([WHITE, WHITE, WHITE]);
  await expect(page.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  // It used the wall already loaded.
  expect(reads).toEqual([]);
});

test("#replay in a link opens the board playing the replay; Close shows today's wall", async ({
  board,
  page,
  wall,
}) => {
  for (const signature of [FIRST, SECOND]) await wall.seed(signature);
  await page.goto(`${wall.url}/#replay`);
  await page.getByRole('button', { name: 'Sign!' }).click();
  const bar = page.getByRole('group', { name: 'Replay' });
  await expect(bar.getByRole('button', { name: 'Pause replay' })).toBeVisible();
  await bar.getByRole('button', { name: 'Close replay' }).click();
  await expect(bar).toBeHidden();
  await expect.poll(() => board.pixels([ON_FIRST, ON_SECOND])).toEqual([WHITE, WHITE]);
});

test('Download timelapse saves the replay as a video file', async ({ board, page, wall }) => {
  for (const signature of [FIRST, SECOND, THIRD]) await wall.seed(signature);
  await board.open();
  await page.getByRole('button', { name: 'Replay' }).click();
  const bar = page.getByRole('group', { name: 'Replay' });
  await bar.getByRole('button', { name: 'Pause replay' }).click();
  const downloading = page.waitForEvent('download', { timeout: 20_000 });
  await bar.getByRole('button', { name: 'Download timelapse' }).click();
  await expect.poll(() => board.toastsShown()).toContain('Recording the timelapse...');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^signwall-timelapse\.(webm|mp4)$/);
  const path = await download.path();
  const { statSync } = await import('node:fs');
  expect(statSync(path).size).toBeGreaterThan(1000);
  await expect.poll(() => board.toastsShown()).toContain('Timelapse downloaded!');
});
