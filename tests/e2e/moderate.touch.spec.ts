/**
 * Issue 21, /moderate on a 390×844 phone with touch: sign in, tap a row, hide and delete it (with
 * the confirmation), and hide all since a chosen time. What visitors get is read through the
 * anonymous data API, as every board reads. Screenshots go to $MODERATE_SHOTS when it is set.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { SERVICE_ROLE_KEY } from './support/moderation.ts';
import { KEY_REFUSED, ModeratePage } from './support/moderate-page.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

const at = (x: number, y: number, caption: string | null = null) => ({
  strokes: [
    [
      [x, y],
      [x + 60, y - 40],
      [x + 140, y + 20],
    ],
  ],
  caption,
});

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.MODERATE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('on a phone: a refused key, then tap a row, hide it and delete it', async ({ page, wall }) => {
  const kept = await wall.seed(at(400, 300, 'Kept'));
  const target = await wall.seed(at(900, 600, 'Tap me'));
  const moderate = new ModeratePage(page, wall);
  await moderate.open('a-wrong-key-that-is-long-enough-to-look-real-000');
  await expect(page.getByRole('alert')).toHaveText(KEY_REFUSED);
  await shot(page, 'phone-refused');

  await moderate.signIn(SERVICE_ROLE_KEY);
  await moderate.row(moderate.newest, target.id).tap();
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${target.id}` }),
  ).toBeVisible();
  // The details come first on a phone: in view without scrolling.
  await expect(moderate.action('Hide')).toBeInViewport();
  await shot(page, 'phone-selected');

  await moderate.action('Hide').tap();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is hidden.`);
  expect(await moderate.visibleIds()).toEqual([kept.id]);

  await moderate.action('Delete').tap();
  await expect(moderate.dialog).toBeInViewport();
  await shot(page, 'phone-confirm-delete');
  await moderate.dialog.getByRole('button', { name: 'Delete' }).tap();
  await expect(moderate.status).toHaveText(`Signature #${target.id} deleted.`);
  await expect(moderate.row(moderate.newest, target.id)).toHaveCount(0);
  expect((await wall.rows()).map((r) => r.id)).toEqual([kept.id]);
});

test('on a phone: hide all since a chosen time', async ({ page, wall }) => {
  const before = await wall.seed(at(400, 300, 'Before'));
  // A datetime-local field holds whole seconds: the flood comes in a later second than the first
  // row (the server's clock is this machine's).
  const second = (iso: string | number) => Math.floor(new Date(iso).getTime() / 1000);
  while (second(Date.now()) <= second(before.created_at)) await page.waitForTimeout(100);
  const flood = await wall.seed(at(900, 300, 'Flood'));
  expect(second(flood.created_at)).toBeGreaterThan(second(before.created_at));
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY);
  await page.getByLabel('Hide all made in the last').selectOption({ label: 'since a time…' });
  // The flood's second, in the page's own zone, as the field shows a time.
  const local = await page.evaluate((iso) => {
    const d = new Date(Math.floor(Date.parse(iso) / 1000) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, flood.created_at);
  await page.getByLabel('Since', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Hide all since…' }).tap();
  await expect(moderate.dialog).toContainText('Hide 1 signature made since');
  await shot(page, 'phone-confirm-window');
  await moderate.dialog.getByRole('button', { name: 'Hide 1' }).tap();
  await expect(moderate.status).toHaveText('Hid 1 signature.');
  expect((await wall.rows()).map((r) => r.id)).toEqual([before.id]);
});
