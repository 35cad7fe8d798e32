/**
 * /export on a phone (390×844 at DPR 3, touch): the PNG is still the wall's own 3200×3200 pixels
 * (pixel ratio 1, never devicePixelRatio, which would ask for a 9600² canvas), drawn in full.
 */
import { expect, test } from './support/fixtures.ts';
import {
  countDownloads,
  downloadedPng,
  expectSeededWall,
  exportTimings,
  seedWall,
} from './support/export-wall.ts';
import { installToastRecorder, readToastLog, toastsAt } from './support/toast-recorder.ts';

test.slow(true, 'a 3200×3200 PNG decode (see export.spec.ts)');

test('exports the whole wall at 3200×3200 on a DPR 3 phone, then returns to the welcome card', async ({
  page,
  wall,
}) => {
  await installToastRecorder(page);
  const seeded = await seedWall(wall);
  const downloads = countDownloads(page);
  const download = page.waitForEvent('download');
  await page.goto(`${wall.url}/export`);
  expect(await page.evaluate(() => devicePixelRatio)).toBe(3);

  const png = await downloadedPng(await download);
  expectSeededWall(png, seeded);

  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  await expect(page).toHaveURL(`${wall.url}/`);
  expect(toastsAt(await readToastLog(page), '/export')).toEqual([
    'Preparing export...',
    'Generating PNG...',
    'Export complete!',
  ]);
  expect(downloads()).toBe(1);
  test.info().annotations.push({
    type: 'export timing (ms)',
    description: JSON.stringify(await exportTimings(page)),
  });
});
