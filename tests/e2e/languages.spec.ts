/**
 * Every text in the visitor's language: `?lang=` first, then the welcome card's 'Language' picker
 * (remembered in a cookie the server reads), then the browser's languages; the server sends the
 * card already in that language (no English card first), `<html lang dir>` follow, and the app
 * agrees. Right-to-left languages turn the page, and a Hebrew caption is painted right to left.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { LOCALES } from '../../src/domain/locales.ts';
import { expect, test } from './support/board.ts';
import { LTR_CAPTION, readingOrder, RTL_CAPTION } from '../support/caption-reading-order.ts';

const HEADINGS = {
  en: 'Hey! Sign my page!',
  de: 'Hallo! Unterschreib auf meiner Seite!',
  ja: 'やあ！わたしのページにサインしてね！',
  ar: 'مرحبًا! وقّع على صفحتي!',
  fr: 'Salut ! Signe ma page !',
} as const;
const SIGN = { en: 'Sign!', de: 'Unterschreiben!', ja: 'サインする！', ar: 'وقّع!' } as const;

/** The `<html>` element's language and direction. */
async function htmlLangDir(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** Every text the page's <h1> has shown since the document began, in order. */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __headings: string[] }).__headings = seen;
    const note = () => {
      const text = document.querySelector('h1')?.textContent ?? null;
      if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const headingsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets the German card from the server and never sees an English one', async ({
    page,
    wall,
  }) => {
    await recordHeadings(page);
    const response = await page.goto(wall.url);
    const html = await response!.text();
    expect(html).toContain(`<h1 id="welcome-heading">${HEADINGS.de}</h1>`);
    expect(html).toMatch(/<html lang="de" dir="ltr" data-server-locale="de">/);
    expect(response!.headers()['vary']).toMatch(/Accept-Language/);
    // React has taken the card over: its button works.
    await expect(page.getByRole('button', { name: SIGN.de })).toBeEnabled();
    expect(await htmlLangDir(page)).toEqual({ lang: 'de', dir: 'ltr' });
    expect(await headingsSeen(page)).toEqual([HEADINGS.de]);
  });

  test('where the server did not choose (a static host), the app switches to German', async ({
    page,
    wall,
  }) => {
    // The English page as a static host serves it: no choice of the server's in it.
    const english = await (await fetch(`${wall.url}/?lang=en`)).text();
    const asBuilt = english.replace(/<html[^>]*>/, '<html lang="en" dir="ltr">');
    await page.route(`${wall.url}/`, (route) =>
      route.fulfill({ body: asBuilt, contentType: 'text/html' }),
    );
    await page.goto(wall.url);
    await expect(page.getByRole('heading', { name: HEADINGS.de })).toBeVisible();
    await expect(page.getByRole('button', { name: SIGN.de })).toBeEnabled();
    expect(await htmlLangDir(page)).toEqual({ lang: 'de', dir: 'ltr' });
  });

  test('?lang= wins over the remembered choice, which wins over Accept-Language', async ({
    page,
    wall,
  }) => {
    await page.context().addCookies([{ name: 'signwall-lang', value: 'ja', url: wall.url }]);
    await page.goto(wall.url);
    await expect(page.getByRole('heading', { name: HEADINGS.ja })).toBeVisible();
    await expect(page.getByRole('button', { name: SIGN.ja })).toBeEnabled();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ja', dir: 'ltr' });

    await page.goto(`${wall.url}/?lang=ar`);
    await expect(page.getByRole('heading', { name: HEADINGS.ar })).toBeVisible();
    await expect(page.getByRole('button', { name: SIGN.ar })).toBeEnabled();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    await page.context().clearCookies();
    await page.goto(wall.url);
    await expect(page.getByRole('heading', { name: HEADINGS.de })).toBeVisible();
    expect(await htmlLangDir(page)).toEqual({ lang: 'de', dir: 'ltr' });
  });

  test('the board, its toasts and a card speak German, numbers and dates too', async ({
    board,
    page,
    wall,
  }) => {
    const row = await wall.seed({
      strokes: [
        [
          [300, 300],
          [500, 320],
        ],
      ],
      caption: 'Grüße',
    });
    await page.goto(wall.url);
    await page.getByRole('button', { name: SIGN.de }).click();
    await expect.poll(() => board.toastsShown()).toContain('Unterschriften geladen!');
    await expect(page.getByRole('application', { name: 'Wand' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Signieren', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Vergrößern' }).click();
    await page.getByRole('button', { name: 'Verkleinern' }).click();
    // The signature's card: its signed time as German says it.
    await page.mouse.click(400, 310);
    const card = page.getByRole('dialog', { name: `Unterschrift #${row.id}` });
    await expect(card).toBeVisible();
    const expected = await page.evaluate(
      (createdAt) =>
        new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
          Date.parse(createdAt),
        ),
      row.created_at,
    );
    await expect(card.getByText(expected)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Melden' })).toBeVisible();
  });
});

test.describe('the picker', () => {
  test('switches the page at once and is remembered: the server sends that language next time', async ({
    page,
    wall,
  }) => {
    await page.goto(wall.url);
    await expect(page.getByRole('button', { name: SIGN.en })).toBeEnabled();
    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByRole('heading', { name: HEADINGS.de })).toBeVisible();
    expect(await htmlLangDir(page)).toEqual({ lang: 'de', dir: 'ltr' });
    const cookies = await page.context().cookies(wall.url);
    expect(cookies.find((c) => c.name === 'signwall-lang')?.value).toBe('de');

    const response = await page.reload();
    expect(await response!.text()).toContain(HEADINGS.de);
    await expect(page.getByLabel('Sprache')).toHaveValue('de');

    // Chosen in Arabic: the page turns right to left.
    await page.getByLabel('Sprache').selectOption('ar');
    await expect(page.getByRole('heading', { name: HEADINGS.ar })).toBeVisible();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  test('an address naming a language follows the choice, so a reload keeps it', async ({
    page,
    wall,
  }) => {
    await page.goto(`${wall.url}/?lang=fr`);
    await expect(page.getByRole('heading', { name: HEADINGS.fr })).toBeVisible();
    await expect(page.getByLabel('Langue')).toHaveValue('fr');
    await page.getByLabel('Langue').selectOption('en');
    await expect(page.getByRole('heading', { name: HEADINGS.en })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { name: HEADINGS.en })).toBeVisible();
  });
});

test.describe('an Arabic visitor', () => {
  test.use({ locale: 'ar-EG' });

  test('gets a right-to-left board, and a Hebrew caption painted right to left beside a Latin one', async ({
    board,
    page,
    wall,
  }) => {
    const strokes = (y: number) => [
      [
        [300, y],
        [500, y],
      ],
    ];
    await wall.seed({ strokes: strokes(300), caption: RTL_CAPTION });
    await wall.seed({ strokes: strokes(420), caption: LTR_CAPTION });
    await page.goto(wall.url);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('button', { name: SIGN.ar }).click();
    await expect.poll(() => board.toastsShown()).toContain('تم تحميل التوقيعات!');
    await expect(page.getByRole('button', { name: 'وقّع', exact: true })).toBeVisible();

    // Each caption's box under its outline (x 290 to 510), read from the board's own tiles.
    const order = async (y: number) => {
      const box = { x: 290, y: y + 10, width: 220, height: 22 };
      const png = await board.wallImage(box);
      const isInk = (x: number, yy: number) => {
        const p = png.pixel(x - box.x, yy - box.y);
        return p.r - p.b > 40;
      };
      return readingOrder(box, isInk);
    };
    await expect.poll(() => order(300)).toBe('rtl');
    await expect.poll(() => order(420)).toBe('ltr');
  });
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('in every language the top controls fit beside the readout, in both modes', async ({
    board,
    page,
    wall,
  }) => {
    test.slow(true, 'the board opened once per language');
    const overlaps: string[] = [];
    for (const { code } of LOCALES) {
      const t = catalog(code);
      await page.goto(`${wall.url}/?lang=${code}`);
      await page.getByRole('button', { name: t['welcome.sign'] }).click();
      const toggle = page.getByRole('button', { name: t['board.mode.sign'], exact: true });
      await expect(toggle).toBeEnabled();
      for (const label of ['board.mode.sign', 'board.mode.pan'] as const) {
        const boxes = await Promise.all(
          [board.readout, page.locator('.board-back'), page.locator('.board-toggle')].map(
            async (control) => (await control.boundingBox())!,
          ),
        );
        const [readout, back, mode] = boxes as [Box, Box, Box];
        if (meet(readout, mode) || meet(readout, back) || mode.x < 0 || mode.x + mode.width > 390) {
          overlaps.push(`${code} '${t[label]}'`);
        }
        if (label === 'board.mode.sign') {
          await toggle.click();
          await expect(
            page.getByRole('button', { name: t['board.mode.pan'], exact: true }),
          ).toBeVisible();
        }
      }
    }
    expect(overlaps).toEqual([]);
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const meet = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function catalog(locale: string): Record<string, string> {
  return JSON.parse(
    readFileSync(new URL(`../../src/ui/i18n/catalogs/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
}
