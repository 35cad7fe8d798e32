/**
 * The first contentful paint of `/` on a phone-like load, for one or more builds.
 *
 *   node bench/first-paint.ts [distDir ...]     (default: dist; e.g. an older build beside it)
 *
 * Each build is served by the real server (empty wall) and loaded cold in headless Chromium with
 * the network at 150 ms latency, 1.6 Mbit/s down (bench/browser/throttled-load.ts's THROTTLE) and
 * the CPU slowed 4× (Emulation.setCPUThrottlingRate). Prints the median and every run of
 * `first-contentful-paint` (BENCH_RUNS, 5), and the load average. It reports; it asserts nothing.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchBrowser } from './browser/session.ts';
import { THROTTLE } from './browser/throttled-load.ts';
import { startServer } from './server.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
const CPU_SLOWDOWN = 4;

/** One cold load of `url`: milliseconds from navigation to the first contentful paint. */
async function firstContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    return page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    );
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const dists = process.argv.slice(2).length ? process.argv.slice(2) : ['dist'];
const browser = await launchBrowser();
try {
  for (const dist of dists) {
    const server = await startServer(resolve(dist));
    try {
      await firstContentfulPaint(browser, `${server.url}/`); // warms the server, not the page
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await firstContentfulPaint(browser, `${server.url}/`));
      }
      const all = runs.map((ms) => ms.toFixed(0)).join(', ');
      console.log(`${dist}: FCP median ${median(runs).toFixed(0)} ms (runs: ${all})`);
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
}
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
