/**
 * /moderate's reports (needs the reports migration and the RPC route): the Reported list,
 * most reported first with counts and reasons; a signature's reports with their notes; "Dismiss
 * reports"; unhiding a signature the community hid clears its reports and keeps it up against the
 * same reporters; and the notice when the hour's budget of hides by reports is spent.
 */
import { expect, test } from './support/fixtures.ts';
import { SERVICE_ROLE_KEY } from './support/moderation.ts';
import { ModeratePage, reportFrom, at } from './support/moderate-page.ts';

test.describe('with reports', () => {
  test.use({ serverEnv: { SERVICE_ROLE_KEY } });

  test('the Reported list puts the most reported first; its details show reasons and notes; Dismiss reports clears them', async ({
    page,
    wall,
  }) => {
    const once = await wall.seed(at(400, 300, 'Once'));
    const twice = await wall.seed(at(900, 300, 'Twice'));
    const quiet = await wall.seed(at(1400, 300, 'Quiet'));
    await reportFrom(wall, '127.0.0.21', once.id, 'spam');
    await reportFrom(wall, '127.0.0.21', twice.id, 'offensive', 'a rude word');
    await reportFrom(wall, '127.0.0.22', twice.id, 'personal_information');

    const moderate = new ModeratePage(page, wall);
    await moderate.open(SERVICE_ROLE_KEY);
    const reportedRows = moderate.reported.getByRole('listitem');
    await expect(reportedRows).toHaveCount(2);
    await expect(reportedRows.nth(0)).toContainText(`#${twice.id}`);
    await expect(reportedRows.nth(0)).toContainText('2 reports');
    await expect(reportedRows.nth(0)).toContainText('Personal information');
    await expect(reportedRows.nth(0)).toContainText('Offensive');
    await expect(reportedRows.nth(1)).toContainText(`#${once.id}`);
    await expect(reportedRows.nth(1)).toContainText('1 report');
    // The Newest list marks the counts too; the unreported one has none.
    await expect(moderate.row(moderate.newest, twice.id)).toContainText('2 reports');
    await expect(moderate.row(moderate.newest, quiet.id)).not.toContainText('report');

    await moderate.row(moderate.reported, twice.id).click();
    const reports = moderate.details.getByRole('region', { name: 'Reports' });
    await expect(reports.getByRole('heading')).toHaveText('2 reports');
    await expect(reports.getByRole('listitem')).toHaveCount(2);
    await expect(reports).toContainText('a rude word');
    await moderate.shot('desktop-reported');

    await moderate.action('Dismiss reports').click();
    await expect(moderate.status).toHaveText(`Dismissed 2 reports of signature #${twice.id}.`);
    await expect(reportedRows).toHaveCount(1);
    await expect(reports.getByRole('heading')).toHaveText('No reports');
    await expect(moderate.action('Dismiss reports')).toHaveCount(0);
    // Dismissing is not hiding: visitors still get it.
    expect(await moderate.visibleIds()).toEqual([once.id, twice.id, quiet.id]);
  });
});

test.describe('with community hiding', () => {
  test.use({ serverEnv: { SERVICE_ROLE_KEY, REPORTS_TO_HIDE: '2' } });

  test('a signature hidden by reports shows hidden with its count; Unhide brings it back for good: the same reporters no longer hide it', async ({
    page,
    wall,
  }) => {
    const target = await wall.seed(at(400, 300, 'Flagged'));
    // Two networks (127.0.23.0/24 and 127.0.24.0/24).
    await reportFrom(wall, '127.0.23.1', target.id, 'offensive');
    await reportFrom(wall, '127.0.24.1', target.id, 'offensive');
    expect((await wall.rows()).map((r) => r.id)).toEqual([]);

    const moderate = new ModeratePage(page, wall);
    await moderate.open(SERVICE_ROLE_KEY, `#id=${target.id}`);
    const row = moderate.row(moderate.reported, target.id);
    await expect(row).toContainText('hidden');
    await expect(row).toContainText('2 reports');
    await expect(moderate.details).toContainText('Offensive ');

    await moderate.action('Unhide').click();
    await expect(moderate.status).toHaveText(`Signature #${target.id} is on the wall again.`);
    await expect(moderate.reported).toContainText('No reports.');
    expect((await wall.rows()).map((r) => r.id)).toEqual([target.id]);

    // The same two report it again: listed, marked kept, and still on the wall.
    await reportFrom(wall, '127.0.23.1', target.id, 'offensive');
    await reportFrom(wall, '127.0.24.1', target.id, 'offensive');
    await page.reload();
    await expect(row).toContainText('2 reports');
    await expect(row).toContainText('kept');
    await expect(row).not.toContainText('hidden');
    expect((await wall.rows()).map((r) => r.id)).toEqual([target.id]);
  });
});

test.describe('with community hiding paused', () => {
  test.use({
    serverEnv: { SERVICE_ROLE_KEY, REPORTS_TO_HIDE: '1', REPORTS_HIDE_PER_HOUR: '1' },
  });

  test('past REPORTS_HIDE_PER_HOUR a reported signature stays up, waits for the owner, and the page says why', async ({
    page,
    wall,
  }) => {
    const first = await wall.seed(at(400, 300, 'First'));
    const second = await wall.seed(at(900, 300, 'Second'));
    await reportFrom(wall, '127.0.25.1', first.id, 'spam');
    await reportFrom(wall, '127.0.26.1', second.id, 'spam');
    // The hour's one hide went to the first; the second stays up.
    expect((await wall.rows()).map((r) => r.id)).toEqual([second.id]);

    const moderate = new ModeratePage(page, wall);
    await moderate.open(SERVICE_ROLE_KEY);
    await expect(page.getByRole('note')).toContainText(
      'Community hiding is paused: 1 signature hidden by reports in the last hour, the most REPORTS_HIDE_PER_HOUR allows (1). 1 reported signature waits for you.',
    );
    await expect(moderate.row(moderate.reported, second.id)).toContainText('waits for you');
    await expect(moderate.row(moderate.reported, first.id)).toContainText('hidden');
  });
});
