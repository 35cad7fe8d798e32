/**
 * WebKit smoke: in WebKitGTK's MiniBrowser, driven through WebKitWebDriver under Xvfb
 * with a small W3C WebDriver client (support/webdriver.ts), a visitor opens the board, draws a
 * stroke with the mouse, saves it with a caption and exports the wall. Each step is checked in the
 * page (toasts recorded as they appear, the stroke's pixels, the PNG the browser downloaded) and the
 * saved row in the real database. The rest of the suite checks the details in Chromium and Firefox.
 */
import { join } from 'node:path';
import { expect, test } from './support/fixtures.ts';
import { isBackground, readPng, WHITE as PNG_WHITE } from './support/png.ts';
import { startWebKitDriver, type WebKitDriver } from './support/webkit-driver.ts';
import { waitFor, WebDriverSession, type PointerAction } from './support/webdriver.ts';

const CAPTION = 'Signed in WebKit';
const WHITE = [255, 255, 255, 255];
const WALL_GREY = [51, 51, 51, 255];

interface SmokeWindow {
  __toasts: string[];
  Konva: {
    stages: Array<{
      x(): number;
      y(): number;
      scaleX(): number;
      toCanvas(config: object): HTMLCanvasElement;
    }>;
  };
}

/**
 * Records every toast's text as it is inserted. The app routes without reloading, so this lasts
 * from the welcome card to the export.
 */
function recordToasts(): void {
  const w = window as unknown as SmokeWindow;
  w.__toasts = [];
  // A toast is told once however often the page moves its element (a move is a removal and an
  // insertion): each element is counted once.
  const told = new WeakSet<Element>();
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      m.addedNodes.forEach((node) => {
        // A toast arrives alone, or inside a new screen (the export's, say).
        if (!(node instanceof HTMLElement)) return;
        const toasts = [node, ...Array.from(node.querySelectorAll('*'))].filter(
          (el) => el instanceof HTMLElement && el.dataset.testid === 'toast',
        );
        for (const toast of toasts) {
          if (told.has(toast)) continue;
          told.add(toast);
          w.__toasts.push(toast.textContent ?? '');
        }
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

test('WebKit: open the board, draw, save with a caption, export', async ({ wall }) => {
  // The browser's start (Xvfb, the driver, MiniBrowser) is not the app's time.
  test.setTimeout(120_000);
  let driver: WebKitDriver | undefined;
  let session: WebDriverSession | undefined;
  try {
    driver = await startWebKitDriver();
    session = await WebDriverSession.start(driver.url);
    const page = session;
    const toasts = () => page.execute(() => (window as unknown as SmokeWindow).__toasts);
    const toastShown = (text: string) =>
      waitFor(toasts, (shown) => shown.includes(text), { what: `the toast '${text}'` });

    await page.navigate(`${wall.url}/`);
    const viewport = await page.execute(() => [window.innerWidth, window.innerHeight]);
    const [width, height] = viewport as [number, number];
    // A stroke across the left half, clear of the controls and of the caption box (centred).
    const from = [Math.round(width * 0.15), Math.round(height * 0.6)] as const;
    const to = [Math.round(width * 0.35), Math.round(height * 0.7)] as const;
    const middle = [Math.round((from[0] + to[0]) / 2), Math.round((from[1] + to[1]) / 2)] as const;
    await page.execute(recordToasts);

    // Welcome card → Sign! → the board, its wall loaded. The card is in the HTML; its button is
    // enabled once the app has taken the page over.
    await waitFor(
      () => page.execute(() => document.querySelector('button.welcome-sign:enabled') !== null),
      (enabled) => enabled,
      { what: 'Sign! enabled' },
    );
    await page.click(await page.findElement('button.welcome-sign'));
    await toastShown('Signatures loaded!');
    const camera = await page.execute(() => {
      const stage = (window as unknown as SmokeWindow).Konva.stages[0]!;
      return { x: stage.x(), y: stage.y(), scale: stage.scaleX() };
    });
    // The board opens on the wall's origin at scale 1: screen and wall coordinates agree.
    expect(camera).toEqual({ x: 0, y: 0, scale: 1 });

    const pixelAt = (point: readonly [number, number]) =>
      page.execute(([x, y]) => {
        const stage = (window as unknown as SmokeWindow).Konva.stages[0]!;
        const canvas = document.createElement('canvas');
        canvas.width = 1;
        canvas.height = 1;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#333';
        ctx.fillRect(0, 0, 1, 1);
        ctx.drawImage(stage.toCanvas({ x, y, width: 1, height: 1, pixelRatio: 1 }), 0, 0);
        return [...ctx.getImageData(0, 0, 1, 1).data];
      }, point);

    // Drawing mode, then a stroke with the mouse: pressed at `from`, moved, released at `to`.
    const toggle = await page.findElement('button.board-toggle');
    await waitFor(
      () => page.execute((button) => (button as unknown as HTMLButtonElement).disabled, toggle),
      (disabled) => !disabled,
      { what: "'Sign' enabled" },
    );
    await page.click(toggle);
    await toastShown('Drawing enabled');
    expect(await pixelAt(middle), 'the wall before the stroke').toEqual(WALL_GREY);
    const moves: PointerAction[] = Array.from({ length: 11 }, (_, i) => ({
      type: 'pointerMove',
      x: Math.round(from[0] + ((to[0] - from[0]) * i) / 10),
      y: Math.round(from[1] + ((to[1] - from[1]) * i) / 10),
    }));
    await page.pointer([
      moves[0]!,
      { type: 'pointerDown', button: 0 },
      ...moves.slice(1),
      { type: 'pointerUp', button: 0 },
    ]);
    expect(await pixelAt(middle), 'the stroke is drawn white').toEqual(WHITE);

    // The caption box opened with the stroke: type a caption, Save, 'Signature saved!'.
    const caption = await page.findElement('form[aria-label="New signature"] input');
    await page.type(caption, CAPTION);
    await page.click(await page.findElement('button.caption-save'));
    await toastShown('Signature saved!');
    const rows = await wall.rows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.caption).toBe(CAPTION);
    // A straight stroke is saved as its two ends, in wall coordinates.
    expect(JSON.parse(rows[0]!.signature)).toEqual([[from, to]]);
    expect(await pixelAt(middle), 'the saved signature is drawn').toEqual(WHITE);

    // Download PNG → /export: 'Export complete!', and the browser saved the whole wall as
    // canvas-signatures.png, the new signature in it.
    await page.click(await page.findElement('a[aria-label="Download PNG"]'));
    await toastShown('Export complete!');
    const png = await waitFor(
      () => readPng(join(driver!.downloads, 'canvas-signatures.png')).catch(() => null),
      (decoded) => decoded !== null,
      { what: 'canvas-signatures.png, downloaded whole' },
    );
    expect([png!.width, png!.height]).toEqual([3200, 3200]);
    expect(png!.pixel(...middle)).toEqual(PNG_WHITE);
    expect(isBackground(png!.pixel(3000, 3000))).toBe(true);
    expect(await toasts()).toEqual([
      'Signatures loaded!',
      'Drawing enabled',
      'Saving...',
      'Signature saved!',
      'Preparing export...',
      'Generating PNG...',
      'Export complete!',
    ]);
  } catch (error) {
    // What WebKit saw, for the report: a screenshot, and what the driver and browser printed.
    if (session) {
      const shot = await session.screenshot().catch(() => null);
      if (shot)
        await test.info().attach('webkit-screenshot', { body: shot, contentType: 'image/png' });
    }
    if (driver) await test.info().attach('webkit-output', { body: driver.output() });
    throw error;
  } finally {
    await session?.delete().catch(() => {});
    await driver?.stop();
  }
});
