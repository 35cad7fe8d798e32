/**
 * /moderate's reports on a 390×844 phone with touch (needs the reports migration and
 * the RPC route): tap a reported row, read its reports, dismiss them.
 */
import { expect, test } from './support/fixtures.ts';
import { SERVICE_ROLE_KEY } from './support/moderation.ts';
import { ModeratePage, reportFrom } from './support/moderate-page.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

test('on a phone: tap a reported row, read its reports, dismiss them', async ({ page, wall }) => {
  const target = await wall.seed({
    strokes: [
      [
        [400, 300],
        [520, 330],
      ],
    ],
    caption: 'Reported',
  });
  await reportFrom(wall, '127.0.0.25', target.id, 'spam', 'buy now');
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY);
  await moderate.row(moderate.reported, target.id).tap();
  const reports = moderate.details.getByRole('region', { name: 'Reports' });
  await expect(reports).toContainText('Spam');
  await expect(reports).toContainText('buy now');
  await expect(moderate.action('Dismiss reports')).toBeInViewport();
  await moderate.shot('phone-reported');
  await moderate.action('Dismiss reports').tap();
  await expect(moderate.status).toHaveText(`Dismissed 1 report of signature #${target.id}.`);
  await expect(moderate.reported).toContainText('No reports.');
  expect((await wall.rows()).map((r) => r.id)).toEqual([target.id]);
});
