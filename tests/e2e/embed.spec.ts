/**
 * The wall on someone else's page: the snippet embed.js and `<sign-wall>` on a page of another
 * site (support/embed.ts), signing inside the frame, view mode, setConfig, the saved message,
 * who may frame the wall, and what storage gives a third-party frame.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { Board, TOASTS } from './support/board.ts';
import { expectNoAxeViolations } from './support/navigate.ts';
import {
  EmbedFrame,
  expect,
  hostPage,
  recordWallMessages,
  test,
  type HostSite,
} from './support/embed.ts';
import type { WallServer } from './support/fixtures.ts';

const snippet = (wall: WallServer, data: string) =>
  `<script src="${wall.url}/embed.js" ${data} async></script>`;

/** The host page with the snippet, opened; the frame it placed. */
async function openSnippet(
  page: Page,
  host: HostSite,
  wall: WallServer,
  data: string,
): Promise<EmbedFrame> {
  const url = host.page('/post', hostPage(snippet(wall, data), recordWallMessages(wall.url)));
  await page.goto(url);
  const embed = new EmbedFrame(page, page.locator('iframe[src*="/embed"]'));
  await expect(embed.element).toHaveCount(1);
  return embed;
}

test('the snippet places a lazy, titled, full-width frame where it stands, and a visitor signs in it with the mouse; the host hears the save', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  const embed = await openSnippet(
    page,
    host,
    wall,
    'data-height="480" data-x="700" data-y="500" data-zoom="1"',
  );
  // Where the script stands: right after it, in the page's flow.
  await expect(page.locator('script[src$="/embed.js"] + iframe')).toHaveCount(1);
  await expect(embed.element).toHaveAttribute('loading', 'lazy');
  await expect(embed.element).toHaveAttribute('title', /signwall/);
  const box = await embed.box();
  const container = (await page.locator('body').evaluate((b) => b.clientWidth - 32)) as number;
  expect(box.width).toBeCloseTo(container, 0);
  expect(box.height).toBe(480);

  // No welcome card: the board, on the view the snippet named.
  await embed.loaded();
  await expect(embed.content.getByRole('button', { name: 'Sign!' })).toHaveCount(0);
  expect(await embed.centre()).toEqual([700, 500]);

  await embed.content.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(embed.toast).toHaveText(TOASTS.drawingEnabled);
  const from = await embed.pageOf([600, 450]);
  await embed.mouseStroke(EmbedFrame.line(from, [from[0] + 120, from[1] + 40], 8));
  await embed.content.getByRole('textbox', { name: /Caption/ }).pressSequentially('From a blog');
  await embed.content.getByRole('button', { name: 'Save' }).click();
  await expect(embed.toast).toHaveText(TOASTS.saved);

  const rows = await wall.rows();
  expect(rows.map((r) => r.caption)).toEqual(['From a blog']);
  const id = rows[0]!.id;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fromWall: unknown[] }).__fromWall))
    .toContainEqual({ signwall: { event: 'saved', id } });
  expect(
    await page.evaluate(() => (window as unknown as { __savedEvents: unknown[] }).__savedEvents),
  ).toEqual([{ id }]);
});

test('<sign-wall> places the frame; a changed attribute and a setConfig message move the view without a reload', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  const url = host.page(
    '/markup',
    hostPage(
      `<sign-wall src="${wall.url}" height="400" x="800" y="600" zoom="1"></sign-wall>
       <script src="${wall.url}/embed.js" async></script>`,
      recordWallMessages(wall.url),
    ),
  );
  await page.goto(url);
  const embed = new EmbedFrame(page, page.locator('sign-wall iframe'));
  await expect(embed.element).toHaveCount(1);
  // The bare script placed nothing of its own.
  await expect(page.locator('iframe')).toHaveCount(1);
  expect((await embed.box()).height).toBe(400);
  await embed.loaded();
  expect(await embed.centre()).toEqual([800, 600]);
  const frame = await embed.frame();
  await frame.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

  await page.locator('sign-wall').evaluate((el) => {
    el.setAttribute('x', '2000');
    el.setAttribute('y', '1500');
    el.setAttribute('zoom', '2');
  });
  await expect.poll(() => embed.centre()).toEqual([2000, 1500]);
  expect((await embed.camera()).scale).toBe(2);

  // The host page's own message, to the wall's origin.
  await page.evaluate((wallOrigin) => {
    document
      .querySelector('iframe')!
      .contentWindow!.postMessage({ signwall: { setConfig: { zoom: 'fit' } } }, wallOrigin);
  }, wall.url);
  await expect.poll(async () => (await embed.camera()).scale).toBe(400 / 3200);

  // A message from anyone but the parent page is not obeyed: a window the host opened.
  expect(await frame.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  await page.locator('sign-wall').evaluate((el) => el.setAttribute('height', '300'));
  expect((await embed.box()).height).toBe(300);
});

test('mode=view never draws: no Sign toggle, the mouse pans, keys draw nothing; setConfig switches the mode', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  const embed = await openSnippet(
    page,
    host,
    wall,
    'data-mode="view" data-height="400" data-x="1000" data-y="1000" data-zoom="1"',
  );
  await embed.loaded();
  await expect(embed.content.getByRole('button', { name: /^(Sign|Pan)$/ })).toHaveCount(0);
  // Nor 'Type your name', folded or not (the list of signatures stays: it only reads the wall).
  const tool = (name: string) =>
    embed.content.getByRole('button', { name, exact: true, includeHidden: true });
  await expect(tool('Type your name')).toHaveCount(0);
  await expect(tool('List of signatures')).toHaveCount(1);
  const before = await embed.camera();
  const from = await embed.pageOf([1000, 1000]);
  await embed.mouseStroke(EmbedFrame.line(from, [from[0] - 150, from[1] - 60], 10));
  const after = await embed.camera();
  expect(after.x).toBeCloseTo(before.x - 150, 0);
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toHaveCount(0);
  // Keys: Enter, Escape, Ctrl+Z, the arrows on the focused wall: none of them starts a stroke.
  await embed.content.locator('.board-stage').focus();
  for (const key of ['Enter', 'Escape', 'Control+z', 'ArrowLeft', 's', 'd', 'Space']) {
    await page.keyboard.press(key);
  }
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toHaveCount(0);
  expect(await embed.toastsShown()).not.toContain(TOASTS.drawingEnabled);

  // The host switches the frame to signing, then back to viewing while a stroke is pending.
  const post = (config: object) =>
    page.evaluate(
      ([c, origin]) =>
        document
          .querySelector('iframe')!
          .contentWindow!.postMessage({ signwall: { setConfig: c } }, origin as string),
      [config, wall.url] as const,
    );
  await post({ mode: 'sign' });
  await embed.content.getByRole('button', { name: 'Sign', exact: true }).click();
  const start = await embed.pageOf([900, 900]);
  await embed.mouseStroke(EmbedFrame.line(start, [start[0] + 80, start[1] + 30], 6));
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toBeVisible();
  await post({ mode: 'view' });
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toHaveCount(0);
  await expect(embed.content.getByRole('button', { name: /^(Sign|Pan)$/ })).toHaveCount(0);
  await embed.mouseStroke(EmbedFrame.line(start, [start[0] + 80, start[1] + 30], 6));
  await expect(embed.content.getByRole('form', { name: 'New signature' })).toHaveCount(0);
  expect(await wall.rows()).toEqual([]);
});

test('"Remove my signature" works inside the embed where the browser refuses the frame any storage (this Chromium\'s default), and with the storage forbidden outright', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  // This Chromium blocks third-party storage by default: the frame's own store is in memory.
  for (const storage of ['third-party', 'blocked'] as const) {
    if (storage === 'blocked') {
      // A browser that refuses the frame any storage (a privacy setting): access throws.
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
    }
    const x = storage === 'blocked' ? 1400 : 800;
    const embed = await openSnippet(
      page,
      host,
      wall,
      `data-height="480" data-x="${x}" data-y="600"`,
    );
    await embed.loaded();
    await embed.content.getByRole('button', { name: 'Sign', exact: true }).click();
    const from = await embed.pageOf([x - 60, 600]);
    await embed.mouseStroke(EmbedFrame.line(from, [from[0] + 120, from[1] + 30], 8));
    await embed.content.getByRole('textbox', { name: /Caption/ }).pressSequentially(storage);
    await embed.content.getByRole('button', { name: 'Save' }).click();
    await expect(embed.toast).toHaveText(TOASTS.saved);
    const mine = (await wall.rows()).find((r) => r.caption === storage)!;
    await embed.content.getByRole('button', { name: 'Pan', exact: true }).click();
    await page.mouse.click(from[0] + 60, from[1] + 15);
    const card = embed.content.getByRole('dialog', { name: `Signature #${mine.id}` });
    await card.getByRole('button', { name: 'Remove my signature' }).click();
    await card.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => embed.toastsShown()).toContain('Signature removed.');
    expect((await wall.rows()).map((r) => r.caption)).not.toContain(storage);
  }
});

test('the embed fits a 320×400 frame: every control inside it, none over another; its link opens the full wall at the same view', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  const url = host.page(
    '/small',
    hostPage(
      `<div style="width:320px">${snippet(wall, 'data-height="400" data-x="1200" data-y="900" data-zoom="1.5"')}</div>`,
    ),
  );
  await page.goto(url);
  const embed = new EmbedFrame(page, page.locator('iframe'));
  await embed.loaded();
  const frameBox = await embed.box();
  expect([frameBox.width, frameBox.height]).toEqual([320, 400]);
  const controls = embed.content.locator(
    'button:visible, a.board-button:visible, [data-testid="pointer-readout"], .board-overview-map:visible',
  );
  const boxes = [];
  for (const control of await controls.all()) boxes.push((await control.boundingBox())!);
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  for (const b of boxes) {
    expect(b.x).toBeGreaterThanOrEqual(frameBox.x);
    expect(b.y).toBeGreaterThanOrEqual(frameBox.y);
    expect(b.x + b.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(b.y + b.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `controls ${i} and ${j} overlap`).toBe(false);
    }
  }
  const open = embed.content.getByRole('link', { name: 'Open the full wall in a new tab' });
  await expect(open).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`${wall.url}/?x=1200&y=900&zoom=1.5`);
  await tab.close();
});

test('embed.js is one small file of no dependencies: at most 3 KB gzip', async ({ wall }) => {
  const res = await fetch(`${wall.url}/embed.js`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/javascript/);
  const text = await res.text();
  expect(gzipSync(text).length).toBeLessThanOrEqual(3 * 1024);
  expect(text).not.toMatch(/\bimport\b|\brequire\(/);
});

test.describe('who may frame the wall', () => {
  test.use({ serverEnv: { EMBED_ORIGINS: 'https://blog.example' } });

  test('an origin not in EMBED_ORIGINS is refused: the header says so and the browser shows no wall', async ({
    board: _board,
    page,
    host,
    wall,
  }) => {
    for (const path of ['/embed', '/', '/export']) {
      const res = await fetch(`${wall.url}${path}`);
      expect(res.headers.get('content-security-policy')).toContain(
        "frame-ancestors 'self' https://blog.example",
      );
    }
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(host.page('/post', hostPage(snippet(wall, 'data-height="400"'))));
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(frame).toBeDefined();
    // The frame holds the browser's error page, never the board.
    await expect.poll(() => frame!.url()).not.toContain('/embed');
    await expect(page.frameLocator('iframe').locator('.board')).toHaveCount(0);
  });
});

test('/moderate refuses to be framed by any site, whatever EMBED_ORIGINS says', async ({
  board: _board,
  page,
  host,
  wall,
}) => {
  const res = await fetch(`${wall.url}/moderate`);
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  // The wall itself may be framed here (no EMBED_ORIGINS): its page says nothing of ancestors.
  expect((await fetch(`${wall.url}/embed`)).headers.get('content-security-policy')).not.toContain(
    'frame-ancestors',
  );
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) refused.push(m.text());
  });
  await page.goto(
    host.page(
      '/trap',
      hostPage(`<iframe src="${wall.url}/moderate" width="600" height="400"></iframe>`),
    ),
  );
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await expect(page.frameLocator('iframe').getByRole('heading')).toHaveCount(0);
});

test('where the browser gives the frame storage of its own (partitioned by the host site), the secret and the last visit last across visits of that embed, and not on the full page', async ({
  playwright,
  host,
  wall,
}) => {
  // A browser of its own (its start counts) and two visits.
  test.setTimeout(60_000);
  // Third-party cookies (and so storage) allowed, as in browsers that partition rather than block.
  const launch = test.info().project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--disable-features=TrackingProtection3pcd'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await Board.recordToasts(page);
    const embed = await openSnippet(
      page,
      host,
      wall,
      'data-height="480" data-x="800" data-y="600"',
    );
    await embed.loaded();
    expect(await (await embed.frame()).evaluate(() => localStorage.length >= 0)).toBe(true);
    await embed.content.getByRole('button', { name: 'Sign', exact: true }).click();
    const from = await embed.pageOf([740, 600]);
    await embed.mouseStroke(EmbedFrame.line(from, [from[0] + 120, from[1] + 30], 8));
    await embed.content.getByRole('button', { name: 'Save' }).click();
    await expect(embed.toast).toHaveText(TOASTS.saved);
    const [mine] = await wall.rows();

    // The visitor leaves; someone signs elsewhere; the visitor comes back to the same post.
    const post = page.url();
    await page.goto('about:blank');
    await wall.seed({
      strokes: [
        [
          [1500, 1500],
          [1600, 1540],
        ],
      ],
      caption: 'Later',
    });
    await page.goto(post);
    const again = new EmbedFrame(page, page.locator('iframe[src*="/embed"]'));
    // Shown for 8 s once the wall is in.
    await expect(
      again.content
        .getByRole('status')
        .filter({ hasText: '1 new signature since your last visit' }),
    ).toBeVisible({ timeout: 15_000 });
    await again.loaded();
    await page.mouse.click(from[0] + 60, from[1] + 15);
    const card = again.content.getByRole('dialog', { name: `Signature #${mine!.id}` });
    await card.getByRole('button', { name: 'Remove my signature' }).click();
    await card.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => again.toastsShown()).toContain('Signature removed.');

    // The wall's own page is another partition: it never saw this visitor.
    const full = await browser.newPage();
    await full.goto(`${wall.url}/`);
    expect(await full.evaluate(() => localStorage.getItem('signwall.newest-seen'))).toBeNull();
  } finally {
    await browser.close();
  }
});

test('axe: the embed in both modes, with its full-wall link', async ({ board, page, wall }) => {
  for (const mode of ['sign', 'view']) {
    await page.goto(`${wall.url}/embed?mode=${mode}`);
    await expect.poll(() => board.toastsShown()).toContain(TOASTS.loaded);
    await expect(page.getByRole('link', { name: 'Open the full wall in a new tab' })).toBeVisible();
    await test.step(mode, () => expectNoAxeViolations(page));
  }
});
