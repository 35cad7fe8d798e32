/**
 * The load on a phone-like network: Chromium's network emulation (CDP
 * Network.emulateNetworkConditions, 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency), cold cache.
 * From the navigation (times are the page's own performance.now(), which starts at it), 'Sign!'
 * clicked (or tapped) as soon as it shows:
 * - view drawn: the first `signwall:view-drawn` mark after `signwall:view-loaded` (the board marks
 *   a frame where every tile in view is painted with the signatures it has);
 * - wall loaded: the 'Signatures loaded!' toast in the DOM (checked every frame);
 * - the bytes of the wall's reads (every GET of /rest/v1/signatures until then): on the wire
 *   (gzip, headers included: Playwright's request sizes, which see the wall worker's reads too)
 *   and decoded (the JSON), and how many reads.
 */
import type { Browser } from '@playwright/test';
import { installProbe, NAME_SHIM } from './instrument.ts';
import { LOAD_ERROR_TOAST, VIEW_DRAWN_MARK } from './load.ts';
import { CPU_SLOWDOWN, isTouch, VIEWPORTS, type ViewportName } from './session.ts';

export const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
export const LOADED_TOAST = 'Signatures loaded!';
/** The app marks it when the first screen's signatures are in (src/data/wall-query.ts). */
export const VIEW_LOADED_MARK = 'signwall:view-loaded';

export interface ThrottledLoadResult {
  /** Navigation → the initial view's signatures drawn. */
  viewDrawnMs: number;
  /** Navigation → 'Signatures loaded!' (the whole wall in). */
  wallLoadedMs: number;
  /** Signatures in the initial view (the view-loaded mark's detail), -1 if the app did not say. */
  viewSignatures: number;
  wireBytes: number;
  jsonBytes: number;
  reads: number;
}

/**
 * In the page: resolves with the time of the app's first view-drawn mark after its view-loaded
 * mark (the board's tiles show the first screen's signatures), or rejects after `timeoutMs`.
 */
function waitForViewDrawn(args: {
  readyMark: string;
  markName: string;
  failed: string;
  timeoutMs: number;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const tick = () => {
      const ready = performance.getEntriesByName(args.readyMark, 'mark')[0];
      const drawn =
        ready &&
        performance
          .getEntriesByName(args.markName, 'mark')
          .find((m) => m.startTime >= ready.startTime);
      if (drawn) return resolve(drawn.startTime);
      const toast = document.querySelector('[data-testid="toast"]')?.textContent?.trim();
      if (toast === args.failed) return reject(new Error(`the app said: ${toast}`));
      if (performance.now() > args.timeoutMs) {
        return reject(new Error(`no ${args.markName} mark after ${args.readyMark}: ${!!ready}`));
      }
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/** In the page: resolves with performance.now() when the toast says the wall is in. */
function waitForToast(args: {
  loaded: string;
  failed: string;
  timeoutMs: number;
}): Promise<number> {
  return new Promise((resolve, reject) => {
    const tick = () => {
      const toast = document.querySelector('[data-testid="toast"]')?.textContent?.trim();
      if (toast === args.loaded) return resolve(performance.now());
      if (toast === args.failed) return reject(new Error(`the app said: ${toast}`));
      if (performance.now() > args.timeoutMs) return reject(new Error('the wall never loaded'));
      requestAnimationFrame(tick);
    };
    tick();
  });
}

export async function measureThrottledLoad(
  browser: Browser,
  viewport: ViewportName,
  baseUrl: string,
  { timeoutMs = 120_000 } = {},
): Promise<ThrottledLoadResult> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  try {
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const cpuSlowdown = CPU_SLOWDOWN[viewport];
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);

    // Playwright's request events, not the page's CDP session: most of the wall is read
    // by a worker (src/data/wall-worker.ts), whose requests the page's Network domain never sees.
    const reads: Array<Promise<{ wire: number; json: number }>> = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      // The load's reads; live polls (created_at=gte.…) and removal checks (select=id) are not.
      if (
        request.method() !== 'GET' ||
        !url.pathname.startsWith('/rest/v1/signatures') ||
        url.searchParams.has('created_at') ||
        url.searchParams.get('select') === 'id'
      ) {
        return;
      }
      reads.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          json: (await response?.body().catch(() => null))?.length ?? 0,
        })),
      );
    });

    await page.goto(baseUrl, { waitUntil: 'commit' });
    const drawn = page.evaluate(waitForViewDrawn, {
      readyMark: VIEW_LOADED_MARK,
      markName: VIEW_DRAWN_MARK,
      failed: LOAD_ERROR_TOAST,
      timeoutMs,
    });
    const loaded = page.evaluate(waitForToast, {
      loaded: LOADED_TOAST,
      failed: LOAD_ERROR_TOAST,
      timeoutMs,
    });
    // Keep the rejections handled while the click runs; both are awaited below.
    drawn.catch(() => {});
    loaded.catch(() => {});
    const sign = page.getByRole('button', { name: 'Sign!' });
    await sign.waitFor({ state: 'visible', timeout: timeoutMs });
    if (isTouch(viewport)) await sign.tap();
    else await sign.click();
    const viewDrawnMs = await drawn;
    const wallLoadedMs = await loaded;
    const viewSignatures = await page.evaluate((name) => {
      const mark = performance.getEntriesByName(name, 'mark')[0] as PerformanceMark | undefined;
      const detail = mark?.detail as { signatures?: number } | undefined;
      return detail?.signatures ?? -1;
    }, VIEW_LOADED_MARK);
    const all = await Promise.all(reads);
    return {
      viewDrawnMs,
      wallLoadedMs,
      viewSignatures,
      wireBytes: all.reduce((sum, r) => sum + r.wire, 0),
      jsonBytes: all.reduce((sum, r) => sum + r.json, 0),
      reads: all.length,
    };
  } finally {
    await context.close();
  }
}
