/**
 * /moderate on a 390×844 phone with touch: sign in, tap a row, hide and delete it (with
 * the confirmation), and hide all since a chosen time. What visitors get is read through the
 * anonymous data API, as every board reads. Screenshots go to $MODERATE_SHOTS when it is set.
 */
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

test('on a phone: a refused key, then tap a row, hide it and delete it', async ({ page, wall }) => {
  // The one to tap is the oldest: at the foot of a list longer than the screen.
  const target = await wall.seed(at(900, 600, 'Tap me'));
  const kept = await wall.seed(at(400, 300, 'Kept'));
  const others = [];
  for (let i = 0; i < 10; i++)
    others.push(await wall.seed(at(300 + 250 * (i % 5), 1200 + 300 * Math.floor(i / 5))));
  const moderate = new ModeratePage(page, wall);
  await moderate.open('a-wrong-key-that-is-long-enough-to-look-real-000');
  await expect(page.getByRole('alert')).toHaveText(KEY_REFUSED);
  await moderate.shot('phone-refused');

  await moderate.signIn(SERVICE_ROLE_KEY);
  await expect(moderate.newest.getByRole('listitem')).toHaveCount(12);
  await expect(moderate.row(moderate.newest, target.id)).not.toBeInViewport();
  await moderate.row(moderate.newest, target.id).tap();
  await expect(
    moderate.details.getByRole('heading', { name: `Signature #${target.id}` }),
  ).toBeVisible();
  // The details (above the lists on a phone) come into view.
  await expect(moderate.action('Hide')).toBeInViewport();
  await moderate.shot('phone-selected');

  await moderate.action('Hide').tap();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is hidden.`);
  const othersIds = others.map((o) => o.id);
  expect(await moderate.visibleIds()).toEqual([kept.id, ...othersIds]);

  await moderate.action('Delete').tap();
  await expect(moderate.dialog).toBeInViewport();
  await moderate.shot('phone-confirm-delete');
  await moderate.dialog.getByRole('button', { name: 'Delete' }).tap();
  await expect(moderate.status).toHaveText(`Signature #${target.id} deleted.`);
  await expect(moderate.row(moderate.newest, target.id)).toHaveCount(0);
  expect(await moderate.visibleIds()).toEqual([kept.id, ...othersIds]);
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
  await page.getByLabel('Window', { exact: true }).selectOption({ label: 'Since a time…' });
  // The flood's second, in the page's own zone, as the field shows a time.
  const local = await page.evaluate((iso) => {
    const d = new Date(Math.floor(Date.parse(iso) / 1000) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, flood.created_at);
  await page.getByLabel('Since', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Hide all since…' }).tap();
  await expect(moderate.dialog).toContainText('Hide 1 signature made since');
  await moderate.shot('phone-confirm-window');
  await moderate.dialog.getByRole('button', { name: 'Hide 1' }).tap();
  await expect(moderate.status).toHaveText('Hid 1 signature.');
  expect((await wall.rows()).map((r) => r.id)).toEqual([before.id]);
});
