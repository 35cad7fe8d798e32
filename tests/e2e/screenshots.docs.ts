/**
 * Screenshots of the board for docs/screenshots/ (not a test of behaviour). Its own Playwright
 * project, present only with SCREENSHOTS=1: `npx vite build && SCREENSHOTS=1 npx playwright test`.
 */
import { Board, expect, test, TOASTS } from './support/board.ts';
import { phonePage, scrawl, seedWall } from './support/screenshot-wall.ts';

test('board screenshots, desktop and phone', async ({ page, wall, browser }) => {
  await seedWall(wall);

  const desktop = new Board(page, wall);
  await page.goto(wall.url);
  await page.screenshot({ path: 'docs/screenshots/welcome-desktop.png' });
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(desktop.toast).toHaveText(TOASTS.loaded);
  await desktop.drawMode();
  await desktop.drawStroke(scrawl(640, 560, 200, 4, 0.9)[0]!.map(([x, y]) => [x, y] as const));
  await desktop.captionInput.fill('my signature');
  await page.mouse.move(980, 620);
  await page.screenshot({ path: 'docs/screenshots/wall-desktop.png' });

  const phone = await phonePage(browser, wall.url);
  await phone.screenshot({ path: 'docs/screenshots/welcome-phone.png' });
  await phone.getByRole('button', { name: 'Sign!' }).tap();
  const mobile = new Board(phone, wall);
  await expect(mobile.toast).toHaveText(TOASTS.loaded);
  await phone.screenshot({ path: 'docs/screenshots/wall-phone.png' });
  // Zoomed out: the wall's edge, and the overview with the view's rectangle.
  for (let i = 0; i < 12; i++) await phone.getByRole('button', { name: 'Zoom out' }).tap();
  await expect(mobile.toast).toHaveCount(0);
  await phone.screenshot({ path: 'docs/screenshots/wall-zoomed-out-phone.png' });
  await phone.context().close();
});
