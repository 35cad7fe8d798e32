/**
 * Screenshots of the board for docs/screenshots/ (not a test of behaviour). Its own Playwright
 * project, present only with SCREENSHOTS=1: `npx vite build && SCREENSHOTS=1 npx playwright test`.
 */
import type { Browser, Page } from '@playwright/test';
import { Board, expect, test, TOASTS } from './support/board.ts';
import type { WallServer } from './support/fixtures.ts';

type Pt = [number, number];

/** A loopy, hand-ish signature: a wave with loops along a baseline, in wall coordinates. */
function scrawl(x: number, y: number, width: number, loops: number, seed: number): Pt[][] {
  const main: Pt[] = [];
  const n = 120;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const a = t * loops * 2 * Math.PI;
    main.push([
      Math.round(x + t * width + Math.sin(a + seed) * 14),
      Math.round(y + Math.cos(a) * 18 * (1 - 0.5 * t) + Math.sin(t * 3 + seed) * 8),
    ]);
  }
  // An underline flourish.
  const under: Pt[] = [];
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    under.push([Math.round(x + 10 + t * width * 0.9), Math.round(y + 40 + Math.sin(t * 3) * 6)]);
  }
  return [main, under];
}

async function seedWall(wall: WallServer): Promise<void> {
  const signatures: Array<[Pt[][], string | null]> = [
    [scrawl(80, 180, 220, 5, 0.3), 'Ada L.'],
    [scrawl(420, 120, 180, 4, 1.1), 'was here :)'],
    [scrawl(760, 260, 260, 6, 2.0), null],
    [scrawl(160, 470, 200, 3, 0.7), 'hello from Lisbon'],
    [scrawl(60, 690, 160, 4, 2.4), 'Grace'],
    [scrawl(230, 330, 110, 3, 1.7), 'k.'],
    // Wrapped within its signature's width, cut with '…' after three lines.
    [
      scrawl(890, 370, 170, 3, 1.3),
      'Margaret H. says hello from the far side of the wall, with a caption much longer than her signature',
    ],
  ];
  for (const [strokes, caption] of signatures) await wall.seed({ strokes, caption });
}

async function phonePage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

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
