/**
 * The welcome card and the board in German, Japanese and Arabic, on a desktop (1280×800) and a
 * phone (390×844), for docs/screenshots/ (not a test of behaviour): `npx vite build &&
 * SCREENSHOTS=1 npx playwright test language-screenshots`. Each browser is set to the language,
 * as a visitor's is; the caption box is open on the desktop board, to show its buttons' words.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { Board, expect, test } from './support/board.ts';
import { phonePage, scrawl, seedWall } from './support/screenshot-wall.ts';

const LANGUAGES = [
  { locale: 'de', browser: 'de-DE', caption: 'Grüße aus Berlin' },
  { locale: 'ja', browser: 'ja-JP', caption: '東京からこんにちは' },
  { locale: 'ar', browser: 'ar-EG', caption: 'تحية من القاهرة' },
] as const;

function words(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../src/ui/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
}

async function openBoard(page: Page, t: Record<string, string>, tap: boolean): Promise<void> {
  const sign = page.getByRole('button', { name: t['welcome.sign'] });
  await expect(sign).toBeEnabled();
  if (tap) await sign.tap();
  else await sign.click();
  await expect(page.getByTestId('toast')).toHaveText(t['toast.loaded']!);
}

test('the card and the board in German, Japanese and Arabic, desktop and phone', async ({
  browser,
  wall,
}) => {
  test.setTimeout(120_000);
  await seedWall(wall);
  // Captions that read right to left, painted so.
  await wall.seed({ strokes: scrawl(520, 620, 170, 3, 0.5), caption: 'שלום מתל אביב' });
  await wall.seed({ strokes: scrawl(1040, 120, 160, 3, 1.9), caption: 'سلام از تهران' });

  for (const { locale, browser: browserLocale, caption } of LANGUAGES) {
    const t = words(locale);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: browserLocale,
    });
    const page = await context.newPage();
    await page.goto(wall.url);
    await expect(page.getByRole('button', { name: t['welcome.sign'] })).toBeEnabled();
    await page.screenshot({ path: `docs/screenshots/welcome-${locale}-desktop.png` });
    await openBoard(page, t, false);
    const board = new Board(page, wall);
    await page.getByRole('button', { name: t['board.mode.sign'], exact: true }).click();
    await expect(board.toast).toHaveText(t['toast.drawingEnabled']!);
    await board.drawStroke(scrawl(640, 420, 200, 4, 0.9)[0]!.map(([x, y]) => [x, y] as const));
    await page.getByRole('textbox', { name: new RegExp(t['caption.label']!) }).fill(caption);
    await page.mouse.move(980, 620);
    await page.screenshot({ path: `docs/screenshots/board-${locale}-desktop.png` });
    await context.close();

    const phone = await phonePage(browser, wall.url, browserLocale);
    await expect(phone.getByRole('button', { name: t['welcome.sign'] })).toBeEnabled();
    await phone.screenshot({ path: `docs/screenshots/welcome-${locale}-phone.png` });
    await openBoard(phone, t, true);
    await phone.screenshot({ path: `docs/screenshots/board-${locale}-phone.png` });
    await phone.context().close();
  }
});
