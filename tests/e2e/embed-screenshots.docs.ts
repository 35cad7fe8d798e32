/**
 * Screenshots of the wall embedded in a plain page of another site, for docs/screenshots/
 * (embed-desktop.png, embed-phone.png; not a test of behaviour): `npx vite build &&
 * SCREENSHOTS=1 npx playwright test embed-screenshots`. A 320×400 frame goes to
 * test-results/embed-320x400.png, to look at how the controls fit.
 */
import type { Browser, Page } from '@playwright/test';
import { EmbedFrame, expect, hostPage, test } from './support/embed.ts';
import type { WallServer } from './support/fixtures.ts';

type Pt = [number, number];

/** A loopy, hand-ish signature along a baseline, in wall coordinates. */
function scrawl(x: number, y: number, width: number, loops: number, seed: number): Pt[][] {
  const main: Pt[] = [];
  for (let i = 0; i <= 120; i++) {
    const t = i / 120;
    const a = t * loops * 2 * Math.PI;
    main.push([
      Math.round(x + t * width + Math.sin(a + seed) * 14),
      Math.round(y + Math.cos(a) * 18 * (1 - 0.5 * t) + Math.sin(t * 3 + seed) * 8),
    ]);
  }
  return [main];
}

async function seedWall(wall: WallServer): Promise<void> {
  const signatures: Array<[Pt[][], string | null]> = [
    [scrawl(1250, 1380, 220, 5, 0.3), 'Ada L.'],
    [scrawl(1590, 1330, 180, 4, 1.1), 'was here :)'],
    [scrawl(1850, 1470, 220, 6, 2.0), null],
    [scrawl(1330, 1640, 200, 3, 0.7), 'hello from Lisbon'],
    [scrawl(1660, 1610, 160, 4, 2.4), 'Grace'],
    [scrawl(1920, 1730, 150, 3, 1.3), 'congrats on the launch!'],
  ];
  for (const [strokes, caption] of signatures) await wall.seed({ strokes, caption });
}

const BLOG = (snippet: string) =>
  hostPage(
    `<p>I finally shipped the thing. If you read this far, leave your mark on the wall: draw with
    the mouse or a finger after pressing <b>Sign</b>.</p>${snippet}
    <p>It is a shared wall: everyone who passes by sees every signature.</p>`,
  );

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

test('the wall embedded in a plain page, desktop and phone', async ({
  board: _board,
  page,
  browser,
  host,
  wall,
}) => {
  await seedWall(wall);
  const snippet = `<script src="${wall.url}/embed.js" data-height="480" data-x="1600" data-y="1560" data-zoom="1" async></script>`;
  const url = host.page('/post', BLOG(snippet));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  const desktop = new EmbedFrame(page, page.locator('iframe'));
  await desktop.loaded();
  await expect.poll(() => desktop.toastsShown()).toContain('Signatures loaded!');
  await page.evaluate(() => window.scrollTo(0, 60));
  await page.waitForTimeout(2500);
  await page.screenshot({ path: 'docs/screenshots/embed-desktop.png' });

  const phone = await phonePage(browser, url);
  const mobile = new EmbedFrame(phone, phone.locator('iframe'));
  await mobile.element.scrollIntoViewIfNeeded();
  await expect(mobile.content.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await phone.waitForTimeout(2500);
  await phone.evaluate(() => window.scrollTo(0, 150));
  await phone.screenshot({ path: 'docs/screenshots/embed-phone.png' });

  const small = host.page(
    '/small',
    hostPage(`<div style="width:320px">${snippet.replace('480', '400')}</div>`),
  );
  await page.goto(small);
  const frame = new EmbedFrame(page, page.locator('iframe'));
  await expect(frame.content.getByRole('button', { name: 'Sign', exact: true })).toBeEnabled();
  await page.waitForTimeout(2500);
  await frame.element.screenshot({ path: 'test-results/embed-320x400.png' });
});
