/**
 * `npm run bench -- list`: 'List of signatures' on the phone slowed 4× (bench/browser/session.ts's
 * phone4x), on a wall of BENCH_LIST_N signatures (10,000), saved as the app saves them. Per run,
 * a fresh context: the board opens and loads the whole wall and, once it has had 2 s without a
 * long task (its tiles painted),
 * - open: a tap on "More tools", a tap on 'List of signatures', until its rows are drawn;
 * - scroll: six flicks of a finger up and down the list (one move per frame), frames and long
 *   tasks recorded meanwhile;
 * - search: four letters typed into 'Search captions', one every 150 ms, frames and long tasks;
 * - still: the list left alone as long as the scroll took, frames and long tasks: what the
 *   machine itself adds (on a busy machine, long tasks come without any input);
 * - nearest: a tap on 'Nearest first', until the reordered rows are drawn.
 * BENCH_LIST_PROFILE=1 prints the scroll's busiest functions (a CPU profile).
 * Medians of BENCH_RUNS. Needs a build (`npm run build`). It prints; it never asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { spawnServer } from '../tests/support/server-process.ts';
import { gesture, straight, touchPointer, type XY } from './browser/input.ts';
import { installProbe, NAME_SHIM, startFrames, stopFrames } from './browser/instrument.ts';
import { CPU_SLOWDOWN, launchBrowser, VIEWPORTS } from './browser/session.ts';
import { seededDataDir } from './seeded-wall.ts';
import { frameStats, median, medianOfRuns, type FrameStats } from './stats.ts';

const env = process.env;
const n = Number(env.BENCH_LIST_N ?? 10_000) || 10_000;
const runs = Math.max(1, Number(env.BENCH_RUNS ?? 3) || 3);

interface ListRun {
  /** The same page doing nothing for as long as the scroll took: what the machine adds. */
  still: FrameStats;
  openMs: number;
  scroll: FrameStats;
  search: FrameStats;
  nearestMs: number;
  /** Rows in the page while the list scrolled (the most seen). */
  rowsInPage: number;
}

/** In the page: the time (performance.now) once `selector` matches and two frames drew it. */
function whenDrawn(selector: string): Promise<number> {
  return new Promise((done) => {
    const check = () => {
      if (document.querySelector(selector)) {
        requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now())));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  });
}

/** In the page: resolves once 2 s have passed without a long task (at most 60 s). */
function quiet(): Promise<void> {
  const probe = (
    window as unknown as { __bench: { longTasks: { start: number; duration: number }[] } }
  ).__bench;
  const since = performance.now();
  return new Promise((done) => {
    const check = () => {
      const last = probe.longTasks.reduce((t, e) => Math.max(t, e.start + e.duration), 0);
      const now = performance.now();
      if (now - Math.max(last, since) >= 2000 || now - since > 60_000) done();
      else setTimeout(check, 250);
    };
    check();
  });
}

/** Taps an element's centre (a real touch, through the DevTools protocol). */
async function tap(page: Page, tapAt: (at: XY) => Promise<void>, name: string): Promise<void> {
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  await tapAt([box.x + box.width / 2, box.y + box.height / 2]);
}

async function oneRun(url: string): Promise<ListRun> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(VIEWPORTS.phone4x);
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(url);
    await page.getByRole('button', { name: 'Sign!' }).click();
    await page.getByRole('button', { name: 'Sign', exact: true }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector('.board-toggle')?.hasAttribute('disabled'),
      undefined,
      { timeout: 300_000, polling: 250 },
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN.phone4x });
    // The board paints its tiles for a while after the load: measure once it is quiet.
    await page.evaluate(quiet);
    const finger = touchPointer(cdp);
    const tapAt = async (at: XY) => gesture(finger, [at, at]);

    // Open.
    await tap(page, tapAt, 'More tools');
    await page.getByRole('button', { name: 'List of signatures', exact: true }).waitFor();
    const opening = page.evaluate(whenDrawn, '[role="option"]');
    const before = await page.evaluate(() => performance.now());
    await tap(page, tapAt, 'List of signatures');
    const openMs = (await opening) - before;

    // Scroll: six flicks, up and down the list.
    const box = (await page.getByRole('listbox', { name: 'Signatures' }).boundingBox())!;
    const x = box.x + box.width / 2;
    const low: XY = [x, box.y + box.height - 10];
    const high: XY = [x, box.y + 10];
    await page.evaluate(() => {
      const w = window as unknown as { __rows: number };
      w.__rows = 0;
      const list = document.querySelector('[role="listbox"]')!;
      list.addEventListener('scroll', () => {
        w.__rows = Math.max(w.__rows, list.querySelectorAll('[role="option"]').length);
      });
    });
    if (env.BENCH_LIST_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.evaluate(startFrames);
    for (let i = 0; i < 6; i++) {
      await gesture(finger, i < 4 ? straight(low, high, 20) : straight(high, low, 20));
    }
    const scroll = frameStats(await page.evaluate(stopFrames));
    const scrollMs = Math.max(1000, scroll.frames * 17);
    await page.evaluate(startFrames);
    await new Promise((r) => setTimeout(r, scrollMs));
    const still = frameStats(await page.evaluate(stopFrames));
    if (env.BENCH_LIST_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      const dt = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        const f = byId.get(id)!.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
      for (const [k, v] of top) console.log(`    ${v.toFixed(0).padStart(6)} ms  ${k}`);
    }
    const scrolled = await page.evaluate(() => ({
      top: document.querySelector('[role="listbox"]')!.scrollTop,
      rows: (window as unknown as { __rows: number }).__rows,
    }));
    if (scrolled.top <= 0) throw new Error('the list did not scroll');

    // Search: four letters, one every 150 ms.
    await page.getByRole('searchbox', { name: 'Search captions' }).focus();
    await page.evaluate(startFrames);
    await page.keyboard.type('anne', { delay: 150 });
    const search = frameStats(await page.evaluate(stopFrames));

    // Nearest first.
    await page.getByRole('searchbox', { name: 'Search captions' }).fill('');
    const radio = (await page.getByText('Nearest first', { exact: true }).boundingBox())!;
    const sorted = page.evaluate(() => {
      const start = performance.now();
      return new Promise<number>((done) => {
        const radio = document.querySelector<HTMLInputElement>('input[value="nearest"]')!;
        const check = () => {
          if (radio.checked) {
            requestAnimationFrame(() =>
              requestAnimationFrame(() => done(performance.now() - start)),
            );
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      });
    });
    await tapAt([radio.x + radio.width / 2, radio.y + radio.height / 2]);
    const nearestMs = await sorted;
    return { still, openMs, scroll, search, nearestMs, rowsInPage: scrolled.rows };
  } finally {
    await browser.close();
  }
}

export async function runSignatureListBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'signwall-bench-list-'));
  const server = await spawnServer({
    DATA_DIR: await seededDataDir(dir, n),
    DIST_DIR: resolve('dist'),
    DATABASE_URL: '',
  });
  const results: ListRun[] = [];
  try {
    for (let run = 0; run < runs; run++) results.push(await oneRun(server.url));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const frames = (label: string, all: FrameStats[]) => {
    const m = medianOfRuns(all as unknown as Record<string, number>[]) as unknown as FrameStats;
    console.log(
      `  ${label.padEnd(8)} frames ${m.frames}, p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, max ${ms(m.max)}; ` +
        `long tasks ${m.longTaskCount} (${ms(m.longTaskMs)})`,
    );
  };
  console.log(
    `List of signatures on the phone slowed ${CPU_SLOWDOWN.phone4x}× (${n} signatures, median of ${runs}):`,
  );
  console.log(`  open     tap → rows drawn: ${ms(median(results.map((r) => r.openMs)))}`);
  frames(
    'scroll',
    results.map((r) => r.scroll),
  );
  console.log(`           rows in the page at most: ${median(results.map((r) => r.rowsInPage))}`);
  frames(
    'still',
    results.map((r) => r.still),
  );
  frames(
    'search',
    results.map((r) => r.search),
  );
  console.log(
    `  nearest  tap → reordered rows drawn: ${ms(median(results.map((r) => r.nearestMs)))}`,
  );
}
