/**
 * The heaviest wall the rules allow, and whether it stays usable. Prints figures only, asserts
 * nothing. Run alone: `npx tsx bench/heavy-wall.ts` (`npm run bench` runs it after its table).
 *
 * - The wall is generated from the rule itself (tests/support/heaviest.ts): dots 10.03 px apart,
 *   each as heavy as its node allows (155 bytes of text and caption), packed as densely as the
 *   overlap rule lets them lie (a point just outside the last dot's outline), over the whole wall
 *   but a strip along the bottom kept free for the saves below. Seeded by the owner through the
 *   data API in bulk (the guard still checks every row). It prints its rows and bytes.
 * - Load, on the phone with its CPU slowed 4× (390×844), then on a desktop (1280×800): from the
 *   click on 'Sign!' to 'Signatures loaded!', and the peak memory of the page's renderer process
 *   (workers included): private, the target's measure, and resident (bench/renderer-memory.ts
 *   says what each counts), each in a fresh context, BENCH_HEAVY_LOADS (3) times
 *   each. The phone's first load is the first the server answers (its read cache cold), its later
 *   ones find those answers cached; the desktop's first reads are new to the cache (its screen is
 *   another), its later ones cached.
 * - Then the phone once more, zoomed out to the wall's whole width (every signature painted at
 *   least once), 30 s later: the renderer's peaks and its memory then.
 * - Others served meanwhile: BENCH_HEAVY_READERS visitors (10) each read the whole wall as the app
 *   does, again and again, for BENCH_HEAVY_SECONDS (20); meanwhile another address reads the
 *   first screen's region and saves a signature in the free strip, one after the other, and their
 *   latencies are printed (p50, p99, max).
 *
 * BENCH_DIST (a build; else `$TMPDIR/signwall-bench-dist`, what `npm run bench` builds, else
 * `dist/`). BENCH_HEAVY_PITCH (10.03) spreads the dots further apart for a lighter wall.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { WALL_SIZE } from '../src/domain/rules.ts';
import { dot, heaviest, type HeavySignature } from '../tests/support/heaviest.ts';
import { signatureAt } from '../tests/support/grid.ts';
import { CPU_SLOWDOWN, launchBrowser, VIEWPORTS, type ViewportName } from './browser/session.ts';
import { RendererSampler } from './renderer-memory.ts';
import { ANON_KEY, startServer, type BenchServer } from './server.ts';
import { max, median, percentile } from './stats.ts';
import { APP_COLUMNS, PAGE, readWall } from './whole-wall-read.ts';

const PITCH = Number(process.env.BENCH_HEAVY_PITCH ?? 10.03) || 10.03;
const READERS = Number(process.env.BENCH_HEAVY_READERS ?? 10) || 10;
const SECONDS = Number(process.env.BENCH_HEAVY_SECONDS ?? 20) || 20;
/** Loads per viewport: the first finds the read cache cold (the phone's), the others warm. */
const LOADS = Math.max(1, Number(process.env.BENCH_HEAVY_LOADS ?? 3) || 3);
/** The bottom strip kept free for the other address's saves. */
const FREE_STRIP_TOP = WALL_SIZE - 100;
const SERVICE_KEY = 'sk_bench_heavy_wall_0123456789abcdefghijklmn';

const distDir = [
  process.env.BENCH_DIST,
  join(tmpdir(), 'signwall-bench-dist'),
  join(process.cwd(), 'dist'),
].find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')));

const log = (text: string) => console.log(`[heavy wall] ${text}`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** The dots of the heaviest wall, row by row, above the free strip. */
function heavyWall(): HeavySignature[] {
  const wall: HeavySignature[] = [];
  for (let y = 0; y < FREE_STRIP_TOP - 10; y += PITCH) {
    // Short of the right edge: a dot's heaviest signature reaches past its point.
    for (let x = 0; x < WALL_SIZE; x += PITCH) {
      wall.push(heaviest(dot(Math.round(x * 100) / 100, Math.round(y * 100) / 100)));
    }
  }
  return wall;
}

async function seedAsOwner(server: BenchServer, wall: readonly HeavySignature[]): Promise<void> {
  const headers = {
    apikey: SERVICE_KEY,
    Authorization: `Bearer ${SERVICE_KEY}`,
    'Content-Type': 'application/json',
    Prefer: 'return=minimal',
  };
  // 200 rows a statement: each stays well within PGlite's 10 s budget a statement.
  for (let i = 0; i < wall.length; i += 200) {
    const rows = wall.slice(i, i + 200).map(({ signature, caption }) => ({ signature, caption }));
    const res = await fetch(`${server.url}/rest/v1/signatures`, {
      method: 'POST',
      headers,
      body: JSON.stringify(rows),
    });
    if (res.status !== 201) throw new Error(`seeding refused: ${res.status} ${await res.text()}`);
  }
}

/** Zoom-outs from the first screen until the phone shows the wall's whole width. */
const ZOOM_OUTS = 7;
/** How long the whole wall is given to be painted before the renderer's memory is read. */
const ZOOMED_OUT_SETTLE_MS = 30_000;

interface Load {
  ms: number;
  /** The renderer's peaks of private and of resident memory (renderer-memory.ts says why both). */
  privatePeakMb: number;
  residentPeakMb: number;
  /** Zoomed out to the whole wall (when asked for): the renderer's peaks and its memory then. */
  zoomedOut?: {
    privatePeakMb: number;
    residentPeakMb: number;
    privateMb: number;
    residentMb: number;
  };
}

async function load(
  browser: Browser,
  url: string,
  viewport: ViewportName,
  zoomOut = false,
): Promise<Load> {
  const memory = new RendererSampler();
  const context = await browser.newContext(VIEWPORTS[viewport]);
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const slowdown = CPU_SLOWDOWN[viewport];
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(url);
    const sign = page.getByRole('button', { name: 'Sign!' });
    await sign.waitFor();
    // The click's own time and the first 'Signatures loaded!' after it, both on the page's clock.
    await page.evaluate(() => {
      const w = window as unknown as { __heavy: { clickAt: number; loadedAt: number | null } };
      w.__heavy = { clickAt: 0, loadedAt: null };
      document.addEventListener('click', () => (w.__heavy.clickAt = performance.now()), true);
      new MutationObserver(() => {
        const toast = document.querySelector('[data-testid="toast"]')?.textContent?.trim();
        if (toast === 'Signatures loaded!' && w.__heavy.loadedAt === null)
          w.__heavy.loadedAt = performance.now();
        if (toast === 'Error loading signatures.') w.__heavy.loadedAt = -1;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    if ('hasTouch' in VIEWPORTS[viewport]) await sign.tap();
    else await sign.click();
    const handle = await page.waitForFunction(
      () => (window as unknown as { __heavy: { loadedAt: number | null } }).__heavy.loadedAt,
      undefined,
      { timeout: 300_000, polling: 50 },
    );
    const loadedAt = (await handle.jsonValue()) as number;
    if (loadedAt < 0) throw new Error("the app said 'Error loading signatures.'");
    const clickAt = await page.evaluate(
      () => (window as unknown as { __heavy: { clickAt: number } }).__heavy.clickAt,
    );
    const { privatePeakMb, residentPeakMb } = memory.read();
    const loaded = { ms: loadedAt - clickAt, privatePeakMb, residentPeakMb };
    if (!zoomOut) return loaded;
    // Every signature painted at least once: what a visitor who looks at the whole wall costs.
    const out = page.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < ZOOM_OUTS; i++) {
      if ('hasTouch' in VIEWPORTS[viewport]) await out.tap();
      else await out.click();
      await page.waitForTimeout(1000);
    }
    await page.waitForTimeout(ZOOMED_OUT_SETTLE_MS);
    const after = memory.read();
    const zoomedOut = {
      privatePeakMb: after.privatePeakMb,
      residentPeakMb: after.residentPeakMb,
      privateMb: after.now?.privateMb ?? 0,
      residentMb: after.now?.residentMb ?? 0,
    };
    return { ...loaded, zoomedOut };
  } finally {
    memory.stop();
    await context.close();
  }
}

/** READERS visitors reading the whole wall until `until` (bench/heavy-readers.ts); their loads. */
function readersThread(url: string, until: number): Promise<number> {
  const seconds = (until - performance.now()) / 1000;
  const worker = new Worker(new URL('./heavy-readers.ts', import.meta.url), {
    workerData: { url, readers: READERS, seconds },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (loads: number) => resolve(loads));
    worker.once('error', reject);
  });
}

/** The other address's reads and saves while READERS visitors read the whole wall over and over. */
async function othersServed(
  url: string,
): Promise<{ reads: number[]; saves: number[]; snapshots: number }> {
  const until = performance.now() + SECONDS * 1000;
  const loads = readersThread(url, until);
  const reads: number[] = [];
  // Reads the read cache answered with its last snapshot (an `Age` header) after waiting
  // READ_SNAPSHOT_AFTER_MS for fresh rows.
  let snapshots = 0;
  const saves: number[] = [];
  const other = { apikey: ANON_KEY, 'X-Forwarded-For': '203.0.113.77' };
  let cell = 0;
  while (performance.now() < until) {
    let started = performance.now();
    const read = await fetch(
      `${url}/rest/v1/signatures?select=${APP_COLUMNS}&min_x=lte.400&max_x=gte.0&min_y=lte.300&max_y=gte.0&limit=${PAGE}`,
      { headers: other },
    );
    await read.arrayBuffer();
    if (read.status === 200) reads.push(performance.now() - started);
    if (read.headers.has('age')) snapshots++;
    started = performance.now();
    // A free cell of the strip along the bottom (grid cells 100 px apart, upwards from its foot).
    const save = await fetch(`${url}/rest/v1/signatures`, {
      method: 'POST',
      headers: { ...other, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({
        signature: signatureAt(cell++ % 30, { top: WALL_SIZE - 60, rowStep: -100 }),
      }),
    });
    await save.arrayBuffer();
    // Only the first round of cells is free; later ones are refused (409) and not counted.
    if (save.status === 201) saves.push(performance.now() - started);
    else if (save.status !== 409) throw new Error(`the other address's save: ${save.status}`);
  }
  log(`${READERS} visitors loaded the whole wall ${await loads} times`);
  return { reads, saves, snapshots };
}

function latencies(name: string, values: number[]): string {
  if (values.length === 0) return `${name}: none`;
  return (
    `${name}: p50 ${median(values).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, ` +
    `max ${max(values).toFixed(0)} ms (${values.length})`
  );
}

async function main(): Promise<void> {
  if (!distDir) {
    log('skipped: no build (run `npm run build`, or set BENCH_DIST)');
    return;
  }
  const wall = heavyWall();
  const stored = wall.reduce((sum, s) => sum + s.bytes, 0);
  log(`${wall.length} dots ${PITCH} px apart, ${mb(stored)} of signature text and captions`);
  const server = await startServer(distDir, {
    ANON_KEY,
    SERVICE_ROLE_KEY: SERVICE_KEY,
    TRUST_PROXY: '1',
    READ_SNAPSHOT_AFTER_MS: '500',
  });
  try {
    let started = performance.now();
    await seedAsOwner(server, wall);
    log(`seeded by the owner in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    started = performance.now();
    let json = 0;
    let gzip = 0;
    const rows = await readWall(server.url, '198.51.100.200', (text) => {
      json += Buffer.byteLength(text);
      gzip += gzipSync(text).length;
    });
    const read = { rows, json, gzip };
    log(
      `the app's read of it: ${read.rows} rows, ${mb(read.json)} of JSON, ${mb(read.gzip)} gzip ` +
        `(one reader alone: ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    const browser = await launchBrowser();
    try {
      // The phone first, on a server that has served nothing yet (its read cache cold): the
      // targets are the phone's. Then again, as the next visitors with that screen find it (their
      // reads answered from the cache). The desktop's screen is another, so its first reads are
      // new to the cache too. Each load in a fresh context; on a 2-core machine shared with the
      // server one load says little, so each viewport loads LOADS times.
      for (const viewport of ['phone4x', 'desktop'] as const) {
        const loads: Load[] = [];
        for (let i = 0; i < LOADS; i++) loads.push(await load(browser, server.url, viewport));
        const times = loads.map((l) => l.ms.toFixed(0)).join(', ');
        const peaks = (pick: (l: Load) => number) =>
          loads.map((l) => pick(l).toFixed(0)).join(', ');
        const later = loads.slice(1).map((l) => l.ms);
        log(
          `${viewport}: click → 'Signatures loaded!' ${times} ms` +
            (viewport === 'phone4x' ? ' (the first on a cold read cache)' : '') +
            (later.length > 0 ? `, median of the later ${median(later).toFixed(0)} ms` : '') +
            `; renderer peak ${peaks((l) => l.privatePeakMb)} MB private ` +
            `(${peaks((l) => l.residentPeakMb)} MB resident)`,
        );
      }
      const { zoomedOut } = await load(browser, server.url, 'phone4x', true);
      log(
        `phone4x zoomed out to the whole wall, ${ZOOMED_OUT_SETTLE_MS / 1000} s later: renderer ` +
          `peak ${zoomedOut!.privatePeakMb.toFixed(0)} MB private ` +
          `(${zoomedOut!.residentPeakMb.toFixed(0)} MB resident), ` +
          `now ${zoomedOut!.privateMb.toFixed(0)} MB private ` +
          `(${zoomedOut!.residentMb.toFixed(0)} MB resident)`,
      );
    } finally {
      await browser.close();
    }
    const { reads, saves, snapshots } = await othersServed(server.url);
    log(
      `another address meanwhile: ${latencies('reads', reads)}, ${snapshots} of them the ` +
        `cache's snapshot; ${latencies('saves', saves)}`,
    );
  } finally {
    await server.stop();
  }
}

await main();
