/**
 * Export: a new page visits /export; the time runs from the start of the navigation to the
 * page's `download` event (as seen by Playwright, so it includes the event's trip back). The JS
 * heap is sampled every 50 ms meanwhile for its peak; the probe counts wall-sized canvases
 * (3200² or more): how many were sized so and the most alive at once. The app's own
 * `signwall-export:<step>` performance measures are read back as a breakdown when present.
 */
import type { BrowserContext } from '@playwright/test';
import { withDeadline } from './deadline.ts';
import { sampleHeap } from './heap.ts';
import type { BenchWindow } from './instrument.ts';

/** How long a page's close may take before it is left to its context's. */
const CLOSE_WAIT_MS = 3_000;

export interface ExportResult {
  exportMs: number;
  peakHeap: number;
  bigCanvasesSized: number;
  bigCanvasesMaxLive: number;
  downloadName: string;
  /** The app's own measures (ms), e.g. build, draw, encode, total. */
  steps: Record<string, number>;
}

export async function measureExport(
  context: BrowserContext,
  baseUrl: string,
  /** Chromium's CPU slowdown for the export's page (1: none). */
  cpuSlowdown = 1,
  timeoutMs = 120_000,
): Promise<ExportResult> {
  const page = await context.newPage();
  // What the page said, for a visit that never downloads: its errors and its failed requests.
  const said: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') said.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => said.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) said.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => said.push(`failed ${new URL(r.url()).pathname}`));
  try {
    const cdp = await context.newCDPSession(page);
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const sampler = sampleHeap(cdp);
    const download = page.waitForEvent('download', { timeout: timeoutMs });
    download.catch(() => {});
    const started = performance.now();
    let exportMs: number;
    let downloadName: string;
    let peakHeap: number;
    try {
      await page.goto(`${baseUrl}/export`);
      // Without an /export route the SPA shows its welcome card: say so at once. An app that went
      // home after its export (the old app does, 1 s after it hands over the PNG) has the route,
      // and its download may still be on its way (a slowed phone's took longer than that second).
      const welcome = page
        .getByRole('button', { name: 'Sign!' })
        .waitFor({ timeout: timeoutMs })
        .then(() => {
          if (!/^\/export\/?$/i.test(new URL(page.url()).pathname)) return download;
          throw new Error('no /export route: the welcome card showed');
        });
      welcome.catch(() => {});
      const file = await Promise.race([download, welcome]).catch(async (e: unknown) => {
        const shown = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch(() => '');
        const toast = shown.replace(/\s+/g, ' ').trim().slice(0, 80);
        throw new Error(
          `${e instanceof Error ? e.message.split('\n')[0] : String(e)}; the page showed ` +
            `"${toast}"; it said: ${said.slice(-3).join(' | ') || 'nothing'}`,
        );
      });
      exportMs = performance.now() - started;
      downloadName = file.suggestedFilename();
    } finally {
      peakHeap = await sampler.stop();
    }
    // An app may leave the page soon after its download (the old app goes home after 1 s): what
    // the probe held is then gone, and only the time counts.
    const probe = await page
      .evaluate(() => {
        const w = window as unknown as BenchWindow;
        const steps: Record<string, number> = {};
        for (const m of performance.getEntriesByType('measure')) {
          if (!m.name.startsWith('signwall-export:')) continue;
          steps[m.name.slice(16)] = m.duration;
          // The export's workers paint before the page asks: their own painting time.
          const { paintMs } = ((m as PerformanceMeasure).detail ?? {}) as { paintMs?: number };
          if (typeof paintMs === 'number') steps['workers painting'] = paintMs;
        }
        return { canvases: w.__bench.bigCanvases, steps };
      })
      .catch(() => ({ canvases: { sized: NaN, maxLive: NaN }, steps: {} }));
    return {
      exportMs,
      peakHeap,
      bigCanvasesSized: probe.canvases.sized,
      bigCanvasesMaxLive: probe.canvases.maxLive,
      downloadName,
      steps: probe.steps,
    };
  } finally {
    // Closing a page as it leaves (the old app goes home 1 s after its download) can hang in
    // Chromium: past a few seconds the page is left to its context's close.
    await withDeadline(page.close(), CLOSE_WAIT_MS, () => new Error('close')).catch(
      () => undefined,
    );
  }
}
