/**
 * The welcome card is in the built index.html (scripts/prerender-welcome.ts), styled by an
 * inline block the CSP allows by its hash, so it paints before any JavaScript; React then takes it
 * over. /export and /moderate never show it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const TRANSPARENT = 'rgba(0, 0, 0, 0)';

async function backgroundOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ shows the welcome card, styled by the inline block the CSP allows', async ({
    page,
    wall,
  }) => {
    await page.goto(`${wall.url}/`);
    await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
    await expect(page.getByText(/cooldown is not implemented/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign!' })).toBeVisible();
    // Until the app has loaded, a press on Sign! could do nothing: it is disabled meanwhile.
    await expect(page.getByRole('button', { name: 'Sign!' })).toBeDisabled();
    // A blocked or missing style would leave both transparent (and the page white).
    expect(await backgroundOf(page, '.welcome-card')).not.toBe(TRANSPARENT);
    expect(await backgroundOf(page, '.welcome-sign')).toBe('rgb(255, 211, 77)');
    expect(await backgroundOf(page, 'body')).toBe('rgb(51, 51, 51)');
  });

  for (const path of ['/export', '/moderate']) {
    test(`${path} shows no welcome card`, async ({ page, wall }) => {
      await page.goto(`${wall.url}${path}`);
      await expect(page.locator('#root')).toBeAttached();
      await expect(page.locator('#root > *')).toHaveCount(0);
      await expect(page.getByText('Hey! Sign my page!')).toHaveCount(0);
      // The same inline style applies here too: the page is the wall's colour, not white.
      expect(await backgroundOf(page, 'body')).toBe('rgb(51, 51, 51)');
    });
  }
});

test('React takes the card over: no error, no CSP violation, no layout shift, Sign! opens the board', async ({
  page,
  wall,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[]; __layoutShift: number };
    w.__violations = [];
    w.__layoutShift = 0;
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    // Chromium reports layout shifts; elsewhere there is nothing to observe.
    if (PerformanceObserver.supportedEntryTypes.includes('layout-shift')) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const shift = entry as unknown as { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) w.__layoutShift += shift.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }
  });
  await page.goto(`${wall.url}/`);
  await expect(page.getByRole('heading', { name: 'Hey! Sign my page!' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign!' }).click();
  await expect(page.locator('.konvajs-content')).toHaveCount(1);
  const { violations, layoutShift } = await page.evaluate(() => {
    const w = window as unknown as { __violations: string[]; __layoutShift: number };
    return { violations: w.__violations, layoutShift: w.__layoutShift };
  });
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  // Shifts right after 'Sign!' (the board replacing the card) follow input and are not counted;
  // React's first render must put every box exactly where the pre-rendered one was.
  expect(layoutShift).toBe(0);
});

// Nothing on the card's first paint waits for the app's scripts, and the page says so: Chromium
// fetches them at low priority on `/` (scripts/app-script-priority.ts). On /export the first paint
// is React's, so there they keep the default.
test("the app's scripts are fetched at low priority where the card paints without them", async ({
  page,
  wall,
}) => {
  const priorities = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (/^\/assets\/.*\.js$/.test(path)) priorities.set(path, request.initialPriority);
  });
  await cdp.send('Network.enable');
  const scriptsOf = async (path: string) => {
    priorities.clear();
    const response = await page.goto(`${wall.url}${path}`, { waitUntil: 'load' });
    // The entry and its modulepreloads, as the served HTML names them (the app adds its own
    // modulepreloads later, for the routes it loads).
    const named = Array.from(
      (await response!.text()).matchAll(
        /<(?:script|link) [^>]*(?:src|href)="(\/assets\/[^"]+\.js)"/g,
      ),
      (match) => match[1]!,
    );
    expect(named.length, path).toBeGreaterThan(1);
    return named.map((script) => priorities.get(script));
  };
  expect(new Set(await scriptsOf('/'))).toEqual(new Set(['Low']));
  expect(new Set(await scriptsOf('/export'))).toEqual(new Set(['High']));
});
