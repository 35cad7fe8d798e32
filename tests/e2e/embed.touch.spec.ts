/**
 * The embedded wall on a phone (support/embed.ts: a page of another site): a finger signs inside
 * the frame and the row is saved; in view mode a finger only ever pans.
 */
import { TOASTS } from './support/board.ts';
import { EmbedFrame, expect, hostPage, recordWallMessages, test } from './support/embed.ts';

test('a visitor signs inside the embed with a finger, and the row is saved', async ({
  board,
  page,
  host,
  wall,
}) => {
  await page.goto(
    host.page(
      '/post',
      hostPage(
        `<script src="${wall.url}/embed.js" data-height="520" data-x="600" data-y="600" async></script>`,
        recordWallMessages(wall.url),
      ),
    ),
  );
  const embed = new EmbedFrame(page, page.locator('iframe'));
  await embed.loaded();
  await embed.content.getByRole('button', { name: 'Sign', exact: true }).tap();
  await expect(embed.toast).toHaveText(TOASTS.drawingEnabled);
  const from = await embed.pageOf([520, 560]);
  await board.touchStroke(EmbedFrame.line(from, [from[0] + 120, from[1] + 40], 8));
  await embed.content.getByRole('textbox', { name: /Caption/ }).pressSequentially('Thumbs');
  await embed.content.getByRole('button', { name: 'Save' }).tap();
  await expect(embed.toast).toHaveText(TOASTS.saved);
  const rows = await wall.rows();
  expect(rows.map((r) => r.caption)).toEqual(['Thumbs']);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fromWall: unknown[] }).__fromWall))
    .toContainEqual({ signwall: { event: 'saved', id: rows[0]!.id } });
});

test('mode=view: a finger pans the embedded wall and never draws', async ({
  board,
  page,
  host,
  wall,
}) => {
  await page.goto(
    host.page(
      '/view',
      hostPage(
        `<script src="${wall.url}/embed.js" data-mode="view" data-height="520" data-x="1000" data-y="1000" async></script>`,
      ),
    ),
  );
  const embed = new EmbedFrame(page, page.locator('iframe'));
  await embed.loaded();
  await expect(embed.content.getByRole('button', { name: /^(Sign|Pan)$/ })).toHaveCount(0);
  const before = await embed.camera();
  const from = await embed.pageOf([1000, 1000]);
  await board.touchStroke(EmbedFrame.line(from, [from[0] - 100, from[1] - 80], 10));
  await expect.poll(async () => (await embed.camera()).x).toBeCloseTo(before.x - 100, 0);
  // A tap, a long press and a slow drag: nothing to caption, nothing saved.
  await board.touchStroke([from, from]);
  await board.touchStroke(EmbedFrame.line(from, [from[0] + 30, from[1] + 30], 30));
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toHaveCount(0);
  expect(await embed.toastsShown()).not.toContain(TOASTS.drawingEnabled);
  expect(await wall.rows()).toEqual([]);
});
