/**
 * The owner's /moderate page on a desktop: the moderator key (refused, kept in the tab's
 * sessionStorage only, sent only to the data API), the lists with hidden signatures, and what each
 * action changes for visitors (read through the anonymous data API, as every board reads).
 */
import type { Route } from '@playwright/test';
import { ANON_KEY, expect, test } from './support/fixtures.ts';
import { SERVICE_ROLE_KEY, hideSignature } from './support/moderation.ts';
import { KEY_REFUSED, ModeratePage, at } from './support/moderate-page.ts';

test.use({ serverEnv: { SERVICE_ROLE_KEY } });

test('a wrong key is refused and forgotten; the right one stays in this tab only, and goes only to the data API', async ({
  page,
  wall,
}) => {
  const moderate = new ModeratePage(page, wall);
  const keyedRequests: string[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    if (Object.values(headers).some((v) => v.includes(SERVICE_ROLE_KEY))) {
      keyedRequests.push(request.url());
    }
  });
  await wall.seed(at(400, 300, 'Hello'));

  await moderate.open('not-the-key-but-long-enough-to-look-like-one-0000');
  await expect(page.getByRole('alert')).toHaveText(KEY_REFUSED);
  await expect(moderate.keyField).toBeVisible();
  // A password field the browser neither fills in nor offers to save.
  await expect(moderate.keyField).toHaveAttribute('type', 'password');
  await expect(moderate.keyField).toHaveAttribute('autocomplete', 'off');
  expect(await moderate.sessionKey()).toBeNull();

  // The public key reads the wall as any visitor does: the page refuses it itself.
  await moderate.signIn(ANON_KEY);
  await expect(page.getByRole('alert')).toHaveText(
    'That is the public key, which every visitor has: enter the moderator key.',
  );
  expect(await moderate.sessionKey()).toBeNull();

  await moderate.signIn(SERVICE_ROLE_KEY);
  await expect(moderate.row(moderate.newest, (await wall.rows())[0]!.id)).toBeVisible();
  expect(await moderate.sessionKey()).toBe(SERVICE_ROLE_KEY);
  expect(await moderate.localStorageText()).not.toContain(SERVICE_ROLE_KEY);
  expect(page.url()).not.toContain(SERVICE_ROLE_KEY);
  expect(keyedRequests.length).toBeGreaterThan(0);
  for (const url of keyedRequests) expect(new URL(url).pathname).toMatch(/^\/rest\/v1\//);
  // A reload in the same tab keeps the key; signing out forgets it.
  await page.reload();
  await expect(moderate.newest).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(moderate.keyField).toBeVisible();
  expect(await moderate.sessionKey()).toBeNull();
});

test('nothing of the wall shows, not for a moment, until the key is checked; a wrong one never sees it', async ({
  page,
  wall,
}) => {
  await wall.seed(at(400, 300, 'Hello'));
  // Records anything of the moderation view that is ever in the page, however briefly.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { moderationSeen: string[] }).moderationSeen = seen;
    const look = () => {
      for (const selector of ['.moderate-view', '.moderate-board', '.moderate-lists']) {
        if (document.querySelector(selector) && !seen.includes(selector)) seen.push(selector);
      }
      for (const heading of Array.from(document.querySelectorAll('h2'))) {
        const text = heading.textContent ?? '';
        if (/^(Reported|Newest)$/.test(text) && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { moderationSeen: string[] }).moderationSeen);
  // Every request to the data API waits here until the test lets it go.
  const held: { url: string; route: Route }[] = [];
  await page.route('**/rest/v1/**', (route) => {
    held.push({ url: route.request().url(), route });
  });

  const moderate = new ModeratePage(page, wall);
  await moderate.open('not-the-key-but-long-enough-to-look-like-one-0000');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Meanwhile nothing of the board or the lists is in the page, nor was it asked for.
  expect(await seen()).toEqual([]);
  await expect(page.locator('.moderate-board, .moderate-lists, .moderate-view')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Checking the key…');
  expect(held.map(({ url }) => new URL(url).pathname)).toEqual([
    '/rest/v1/rpc/community_hiding_status',
  ]);

  for (const { route } of held) await route.continue();
  await page.unroute('**/rest/v1/**');
  await expect(page.getByRole('alert')).toHaveText(KEY_REFUSED);
  expect(await seen()).toEqual([]);

  // The right key: checked, then the view.
  await moderate.signIn(SERVICE_ROLE_KEY);
  await expect(moderate.newest).toBeVisible();
  expect(await seen()).toEqual(expect.arrayContaining(['.moderate-view', 'Reported', 'Newest']));
});

test('the Newest list shows hidden signatures too, marked, newest first', async ({
  page,
  wall,
}) => {
  await wall.seed(at(400, 300, 'Older'));
  const hidden = await wall.seed(at(900, 300, 'Hidden one'));
  await hideSignature(wall, hidden.id);
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY);
  const rows = moderate.newest.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`#${hidden.id}`);
  await expect(rows.nth(0)).toContainText('Hidden one');
  await expect(rows.nth(0)).toContainText('hidden');
  await expect(rows.nth(1)).toContainText('Older');
  await expect(rows.nth(1)).not.toContainText('hidden');
});

test('hide, unhide and delete (after confirming) change what visitors get at once', async ({
  page,
  wall,
}) => {
  const kept = await wall.seed(at(400, 300, 'Kept'));
  const target = await wall.seed(at(900, 600, 'Target'));
  const moderate = new ModeratePage(page, wall);
  // The webhook's link selects the signature.
  await moderate.open(SERVICE_ROLE_KEY, `#id=${target.id}`);
  const details = moderate.details;
  await expect(details.getByRole('heading', { name: `Signature #${target.id}` })).toBeVisible();
  await expect(details).toContainText('Target');
  await expect(details).toContainText('1 stroke, 2 points');
  await expect(details.getByRole('img')).toBeVisible();
  await moderate.shot('desktop-selected');

  await moderate.action('Hide').click();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is hidden.`);
  expect(await moderate.visibleIds()).toEqual([kept.id]);
  await expect(moderate.row(moderate.newest, target.id)).toContainText('hidden');

  await moderate.action('Unhide').click();
  await expect(moderate.status).toHaveText(`Signature #${target.id} is on the wall again.`);
  expect(await moderate.visibleIds()).toEqual([kept.id, target.id]);
  await expect(moderate.row(moderate.newest, target.id)).not.toContainText('hidden');

  // Delete asks first; Cancel keeps it.
  await moderate.action('Delete').click();
  await expect(moderate.dialog).toContainText(`Delete signature #${target.id} for good?`);
  await moderate.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(moderate.dialog).toBeHidden();
  expect(await moderate.visibleIds()).toEqual([kept.id, target.id]);

  await moderate.action('Delete').click();
  await moderate.dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(moderate.status).toHaveText(`Signature #${target.id} deleted.`);
  await expect(moderate.row(moderate.newest, target.id)).toHaveCount(0);
  expect(await moderate.visibleIds()).toEqual([kept.id]);
  expect(page.url()).not.toContain('#id=');
});

test('an unhide refused because the spot was taken says by which signature', async ({
  page,
  wall,
}) => {
  const first = await wall.seed(at(400, 300, 'First'));
  await hideSignature(wall, first.id);
  // Its spot is free while it is hidden: another signature takes it.
  const taker = await wall.seed(at(410, 310, 'Taker'));
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY);
  await moderate.select(first.id);
  await moderate.action('Unhide').click();
  await expect(moderate.status).toHaveText(
    `Signature #${first.id} stays hidden: its spot is taken by signature #${taker.id}. Hide or delete that one first.`,
  );
  expect(await moderate.visibleIds()).toEqual([taker.id]);
  await expect(moderate.action('Unhide')).toBeVisible();
});

test('hide all since 10 minutes hides what was made in that window only, after confirming its count', async ({
  page,
  wall,
}) => {
  const before = await wall.seed(at(400, 300, 'Before'));
  // The two rows' times must differ for a window to part them.
  let flood = await wall.seed(at(900, 300, 'Flood 1'));
  while (flood.created_at === before.created_at) flood = await wall.seed(at(900, 300));
  const flood2 = await wall.seed(at(1400, 300, 'Flood 2'));
  const moderate = new ModeratePage(page, wall);
  await moderate.open(SERVICE_ROLE_KEY);
  await expect(moderate.newest.getByRole('listitem')).toHaveCount(3);

  // The page's "now" is 10 minutes after a moment between the first row and the flood.
  const between = (Date.parse(before.created_at) + Date.parse(flood.created_at)) / 2;
  await page.clock.setFixedTime(between + 10 * 60_000);
  await page.getByLabel('Window', { exact: true }).selectOption({ label: 'Last 10 minutes' });
  await page.getByRole('button', { name: 'Hide all since…' }).click();
  await expect(moderate.dialog).toContainText('Hide 2 signatures made since');
  await moderate.shot('desktop-confirm-window');
  await moderate.dialog.getByRole('button', { name: 'Hide 2' }).click();
  await expect(moderate.status).toHaveText('Hid 2 signatures.');
  expect(await moderate.visibleIds()).toEqual([before.id]);
  await expect(moderate.row(moderate.newest, flood.id)).toContainText('hidden');
  await expect(moderate.row(moderate.newest, flood2.id)).toContainText('hidden');
  await expect(moderate.row(moderate.newest, before.id)).not.toContainText('hidden');

  // Nothing visible is left in that window: it says so instead of asking.
  await page.getByRole('button', { name: 'Hide all since…' }).click();
  await expect(moderate.status).toContainText('No visible signature was made since');
  await expect(moderate.dialog).toBeHidden();
});
