/**
 * The embed in the host page's chosen language: `data-lang` on the snippet, `lang` on
 * `<sign-wall>` (which reloads the frame in a new one); without either, the visitor's browser
 * chooses, as on the wall's own page.
 */
import { EmbedFrame, expect, hostPage, recordWallMessages, test } from './support/embed.ts';

const frameLangDir = (embed: EmbedFrame) =>
  embed.content.locator('html').evaluate((html: HTMLElement) => `${html.lang} ${html.dir}`);

test('data-lang="ar" opens the frame in Arabic, right to left', async ({ page, host, wall }) => {
  const url = host.page(
    '/post',
    hostPage(
      `<script src="${wall.url}/embed.js" data-height="480" data-lang="ar" async></script>`,
      recordWallMessages(wall.url),
    ),
  );
  await page.goto(url);
  const embed = new EmbedFrame(page, page.locator('iframe[src*="/embed"]'));
  await expect(embed.element).toHaveAttribute('src', /[?&]lang=ar(&|$)/);
  await expect(embed.content.getByRole('button', { name: 'وقّع', exact: true })).toBeVisible();
  expect(await frameLangDir(embed)).toBe('ar rtl');
});

test('<sign-wall lang> names the language, and a new lang reloads the frame in it', async ({
  page,
  host,
  wall,
}) => {
  const url = host.page(
    '/post',
    hostPage(
      `<sign-wall src="${wall.url}" height="480" lang="de"></sign-wall>
       <script src="${wall.url}/embed.js" async></script>`,
      recordWallMessages(wall.url),
    ),
  );
  await page.goto(url);
  const embed = new EmbedFrame(page, page.locator('iframe[src*="/embed"]'));
  await expect(embed.content.getByRole('button', { name: 'Signieren', exact: true })).toBeVisible();
  expect(await frameLangDir(embed)).toBe('de ltr');

  await page.locator('sign-wall').evaluate((el) => el.setAttribute('lang', 'ja'));
  await expect(embed.content.getByRole('button', { name: 'サイン', exact: true })).toBeVisible();
  expect(await frameLangDir(embed)).toBe('ja ltr');
  await expect(page.locator('sign-wall iframe')).toHaveCount(1);
});
