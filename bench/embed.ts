/**
 * `npm run bench -- embed`: the embed's first screen on a desktop and on the phone slowed 4×
 * (bench/browser/session.ts's viewports; BENCH_VIEWPORTS picks among them). A plain page of
 * another site (127.0.0.2) holds the one-line snippet; the wall (127.0.0.1) has BENCH_EMBED_N
 * signatures (2,000), saved as the app saves them. Per run, a fresh context (cold cache): the page is opened (the visitor's click on a link to it), and the
 * time until the frame's board has drawn its view (`signwall:view-drawn`) is measured from that
 * click, with the bytes the frame loaded (JS, CSS, the page, the data) until then. Medians of
 * BENCH_RUNS. Needs a build (`npm run build`). It prints; it never asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { spawnServer } from '../tests/support/server-process.ts';
import {
  CPU_SLOWDOWN,
  launchBrowser,
  VIEWPORTS,
  viewportsFrom,
  type ViewportName,
} from './browser/session.ts';
import { seededDataDir } from './seeded-wall.ts';
import { median } from './stats.ts';

const env = process.env;
const n = Number(env.BENCH_EMBED_N ?? 2000) || 2000;
const runs = Math.max(1, Number(env.BENCH_RUNS ?? 3) || 3);
const viewports = viewportsFrom(env.BENCH_VIEWPORTS, 'desktop,phone4x');

interface FirstScreen {
  drawnMs: number;
  kinds: Record<string, number>;
}

export async function runEmbedBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'signwall-bench-embed-'));
  const server = await spawnServer({
    DATA_DIR: await seededDataDir(dir, n),
    DIST_DIR: resolve('dist'),
    DATABASE_URL: '',
  });
  const page = (wall: string) => `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>My page</title></head>
<body style="font:16px system-ui;margin:16px"><h1>Hello</h1><p>Sign my wall:</p>
<script src="${wall}/embed.js" data-height="480" async></script></body></html>`;
  const host = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(page(server.url));
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.2', done));
  const hostUrl = `http://127.0.0.2:${(host.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  const results = new Map<ViewportName, FirstScreen[]>();
  try {
    for (const viewport of viewports) {
      const list: FirstScreen[] = [];
      results.set(viewport, list);
      for (let run = 0; run < runs; run++) list.push(await firstScreen(browser, viewport, hostUrl));
    }
  } finally {
    await browser.close();
    host.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [viewport, list] of results) {
    const kinds = [...new Set(list.flatMap((r) => Object.keys(r.kinds)))];
    const slowed = CPU_SLOWDOWN[viewport] > 1 ? `, CPU slowed ${CPU_SLOWDOWN[viewport]}×` : '';
    console.log(`Embed, first screen, ${viewport}${slowed} (${n} signatures, median of ${runs}):`);
    console.log(`  click → board drawn: ${median(list.map((r) => r.drawnMs)).toFixed(0)} ms`);
    for (const kind of kinds) {
      console.log(
        `  ${kind.padEnd(5)} ${kb(median(list.map((r) => r.kinds[kind] ?? 0)))} transferred`,
      );
    }
    console.log(`  runs: ${list.map((r) => r.drawnMs.toFixed(0)).join(', ')} ms`);
  }
}

/**
 * One visit in a fresh context (cold cache): the click that opens the host page → the frame's
 * board drawn.
 */
async function firstScreen(
  browser: Browser,
  viewport: ViewportName,
  hostUrl: string,
): Promise<FirstScreen> {
  const context = await browser.newContext(VIEWPORTS[viewport]);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    if (CPU_SLOWDOWN[viewport] > 1)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN[viewport] });
    const clicked = Date.now();
    await tab.goto(hostUrl);
    const frameElement = tab.locator('iframe');
    await frameElement.waitFor();
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    await frame.waitForFunction(
      () => performance.getEntriesByName('signwall:view-drawn').length > 0,
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    // The frame's clock starts when it starts loading: add when that was after the click.
    const measured = await frame.evaluate(() => {
      const drawn = performance.getEntriesByName('signwall:view-drawn')[0]!.startTime;
      const kinds: Record<string, number> = {};
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      for (const e of entries) {
        if (e.startTime > drawn) continue;
        const kind = /\.js(\?|$)/.test(e.name)
          ? 'js'
          : /\.css(\?|$)/.test(e.name)
            ? 'css'
            : /\/rest\//.test(e.name)
              ? 'data'
              : e.entryType === 'navigation'
                ? 'html'
                : 'other';
        kinds[kind] = (kinds[kind] ?? 0) + e.transferSize;
      }
      return { drawn, origin: performance.timeOrigin, kinds };
    });
    return { drawnMs: measured.origin + measured.drawn - clicked, kinds: measured.kinds };
  } finally {
    await context.close();
  }
}
