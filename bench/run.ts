/**
 * `npm run bench`: the wall benchmark. Builds the app, seeds fresh servers with
 * generated walls through the data API, measures load, pan, zoom, draw, export and JS heap in headless
 * Chromium on desktop and phone, loads the API from this process, and prints one table (also
 * written to bench/results/latest.json). Figures are medians of BENCH_RUNS runs. It reports;
 * it never asserts a time.
 *
 * Environment: BENCH_RUNS (3), BENCH_SIZES (0,500,1000,2000,10000), BENCH_VIEWPORTS (desktop,phone,phone4x),
 * BENCH_API_SECONDS (10), BENCH_SEED, BENCH_FRESH_WALL (0), BENCH_SIMPLIFY (1), BENCH_THROTTLED (1),
 * BENCH_LIGHTHOUSE (1), BENCH_LIGHTHOUSE_N (2000), BENCH_REALTIME (1: bench/realtime.ts,
 * realtime-capacity.ts and realtime-wire.ts after the table), BENCH_HEAVY (1: bench/heavy-wall.ts
 * last), BENCH_LEGACY_SIZES (2000: walls of rows as the old app stored them), BENCH_OLD_APP_DIR
 * and BENCH_OLD_APP_API_PORT (the old app measured beside signwall: bench/old-app.ts).
 * `npm run bench -- lighthouse` runs Lighthouse alone; `npm run bench -- preview` the
 * server's link previews alone (bench/preview.ts), `npm run bench -- embed` the embed's first
 * screen (bench/embed.ts), `npm run bench -- heavy` the heaviest legal wall (bench/heavy-wall.ts),
 * `npm run bench -- weight` the weight rule's use by real signatures (bench/weight-distribution.ts),
 * `npm run bench -- list` the list of signatures on the slowed phone (bench/signature-list.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { fullWallLoad, insertLatency, type FullWallLoad, type InsertLatency } from './api-load.ts';
import {
  launchBrowser,
  runBrowserMeasures,
  viewportsFrom,
  type BrowserRun,
  type MeasureName,
  type Outcome,
  type ViewportName,
} from './browser/session.ts';
import { measureSideBySide, type SideBySideRun } from './browser/side-by-side.ts';
import { measureThrottledLoad, type ThrottledLoadResult } from './browser/throttled-load.ts';
import { measureBundle, type BundleSize } from './bundle-size.ts';
import { formatFreeSpot, measureFreeSpot } from './free-spot.ts';
import { measureLighthouse, type LighthouseWall } from './lighthouse.ts';
import { lighthouseRows } from './lighthouse-rows.ts';
import { oldAppFromEnv, serveStatic, type StaticSite } from './old-app.ts';
import { sideBySideRows } from './side-by-side-rows.ts';
import { simplificationRows, throttledMedian, throttledRows } from './load-rows.ts';
import { browserRows, globalRows, type Aggregate } from './rows.ts';
import { renderTable, type Row } from './report.ts';
import {
  previewSettled,
  seedSettled,
  serverAvailable,
  startServer,
  type BenchServer,
} from './server.ts';
import { medianOfRuns } from './stats.ts';
import { simplificationBytes, simplified } from './wall-bytes.ts';
import { checkGenerator } from './wall-generator.check.ts';
import { generateWall } from './wall-generator.ts';

// `npm run bench -- preview`: the server's link previews alone (bench/preview.ts).
if (process.argv[2] === 'preview') {
  const { runPreviewBench } = await import('./preview.ts');
  await runPreviewBench();
  process.exit(0);
}
// `npm run bench -- heavy`: the heaviest legal wall alone (bench/heavy-wall.ts).
if (process.argv[2] === 'heavy') {
  await import('./heavy-wall.ts');
  process.exit(0);
}
// `npm run bench -- weight`: how much of the weight rule real signatures use (weight-distribution.ts).
if (process.argv[2] === 'weight') {
  await import('./weight-distribution.ts');
  process.exit(0);
}
// `npm run bench -- list`: 'List of signatures' on the 4× phone (bench/signature-list.ts).
if (process.argv[2] === 'list') {
  const { runSignatureListBench } = await import('./signature-list.ts');
  await runSignatureListBench();
  process.exit(0);
}
// `npm run bench -- embed`: the embed's first screen on the 4× phone (bench/embed.ts).
if (process.argv[2] === 'embed') {
  const { runEmbedBench } = await import('./embed.ts');
  await runEmbedBench();
  process.exit(0);
}

const env = process.env;
const config = {
  runs: Math.max(1, Number(env.BENCH_RUNS ?? 3) || 3),
  sizes: (env.BENCH_SIZES ?? '0,500,1000,2000,10000')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0),
  /**
   * Walls of rows as the old app stored them (every sampled point, ~4 KB a row: the generator's
   * strokes unsimplified), measured like the others; the old app's own kind of wall.
   */
  legacySizes: (env.BENCH_LEGACY_SIZES ?? '2000')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0),
  viewports: viewportsFrom(env.BENCH_VIEWPORTS, 'desktop,phone,phone4x'),
  apiSeconds: Math.max(1, Number(env.BENCH_API_SECONDS ?? 10) || 10),
  seed: Number(env.BENCH_SEED ?? 20260601) || 20260601,
  /**
   * Pause before the last signature is seeded, past the app's 30 s poll overlap (see
   * seedSettled); BENCH_FRESH_WALL=1 seeds in one burst instead (every board then re-reads the
   * whole wall every 3 s).
   */
  settleMs: env.BENCH_FRESH_WALL === '1' ? 0 : 31_000,
  /** The server's row cap for unbounded GETs: high enough that the full-wall GET is the wall. */
  maxRows: 10_000,
  /**
   * Seed the walls as the app now saves them: strokes simplified within half a wall pixel
   * (src/domain/simplify.ts). BENCH_SIMPLIFY=0 seeds the generator's strokes as they are.
   */
  simplify: env.BENCH_SIMPLIFY !== '0',
  /** The load on a throttled network, per viewport, at the API's wall size. BENCH_THROTTLED=0: off. */
  throttled: env.BENCH_THROTTLED !== '0',
  /** Lighthouse mobile on three walls. BENCH_LIGHTHOUSE=0: off. */
  lighthouse: env.BENCH_LIGHTHOUSE !== '0',
  /** `npm run bench -- lighthouse`: only Lighthouse (and the build it needs). */
  only: process.argv[2] === 'lighthouse' ? ('lighthouse' as const) : null,
  /** The wall size of Lighthouse's non-empty walls. */
  lighthouseN: Number(env.BENCH_LIGHTHOUSE_N ?? 2000) || 2000,
  /** Realtime delivery and idle cost (bench/realtime.ts). BENCH_REALTIME=0: off. */
  realtime: env.BENCH_REALTIME !== '0' && process.argv[2] !== 'lighthouse',
  /** The heaviest legal wall: its load and others served meanwhile (bench/heavy-wall.ts). BENCH_HEAVY=0: off. */
  heavy: env.BENCH_HEAVY !== '0' && process.argv[2] !== 'lighthouse',
};
if (config.only === 'lighthouse') {
  config.sizes = [];
  config.legacySizes = [];
  config.viewports = [];
  config.throttled = false;
}

const benchStart = performance.now();
const elapsed = () => `${((performance.now() - benchStart) / 1000).toFixed(0)}s`;
const log = (text: string) => console.log(`· [${elapsed()}] ${text}`);
const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

function gitState(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** The production build, into a private directory: others' e2e runs keep using ./dist. */
function build(outDir: string): Outcome<string> {
  const vite = resolve('node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) return { ok: false, reason: 'vite is not installed' };
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (result.status !== 0) {
    const output = `${result.stderr}\n${result.stdout}`.trim().split('\n').slice(-3).join(' ');
    return { ok: false, reason: `vite build failed: ${output.slice(0, 200)}` };
  }
  return { ok: true, value: outDir };
}

/** Medians per measure over the runs; n/a when no run produced the measure. */
function aggregate(runs: readonly BrowserRun[]): Aggregate {
  const out: Partial<Aggregate> = {};
  for (const name of ['load', 'heapAfterLoad', 'pan', 'zoom', 'draw', 'export'] as const) {
    const outcomes = runs.map((r) => r[name] as Outcome<unknown>);
    const values = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
    const failure = outcomes.find((o): o is { ok: false; reason: string } => !o.ok);
    if (values.length === 0) {
      (out as Record<string, unknown>)[name] = { ok: false, reason: failure?.reason ?? 'not run' };
      continue;
    }
    const numeric = values.map((v) =>
      typeof v === 'number' ? { value: v } : numericFields(v as Record<string, unknown>),
    );
    const median = medianOfRuns(numeric);
    (out as Record<string, unknown>)[name] = {
      ok: true,
      value: typeof values[0] === 'number' ? median.value : median,
      runs: values.length,
      failures: outcomes.length - values.length,
      ...(failure ? { firstFailure: failure.reason } : {}),
    };
  }
  return out as Aggregate;
}

function numericFields(v: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(v)) {
    if (typeof x === 'number') out[k] = x;
    else if (typeof x === 'boolean') out[k] = x ? 1 : 0;
    else if (x && typeof x === 'object') {
      for (const [k2, y] of Object.entries(x)) if (typeof y === 'number') out[`${k}.${k2}`] = y;
    }
  }
  return out;
}

interface SizeResult {
  n: number;
  /** 'saved': as signwall saves signatures (simplified); 'legacy': as the old app stored them. */
  kind: WallKind;
  seedMs: number | null;
  seedError: string | null;
  browser: Array<{ viewport: ViewportName; runs: BrowserRun[]; median: Aggregate }>;
  throttled: Array<{ viewport: ViewportName; runs: Array<Outcome<ThrottledLoadResult>> }>;
  /** signwall and the old app, side by side (only when the old app was given). */
  sideBySide: Array<{ viewport: ViewportName; runs: SideBySideRun[] }>;
}

type WallKind = 'saved' | 'legacy';

/** How a wall is named in the table's viewport column. */
const wallLabel = (viewport: string, kind: WallKind) =>
  kind === 'legacy' ? `${viewport}, legacy rows` : viewport;

async function main(): Promise<void> {
  log(
    `config: runs=${config.runs} sizes=${config.sizes.join(',')} viewports=${config.viewports.join(',')}` +
      ` cores=${cpus().length} load=${loadavg()
        .map((l) => l.toFixed(1))
        .join('/')}`,
  );
  const loadAtStart = loadavg();
  const oldApp = oldAppFromEnv();
  log(
    oldApp.ok
      ? `old app: ${oldApp.value.dir}, its data API on 127.0.0.1:${oldApp.value.apiPort} (signwall's server)`
      : `old app: not measured: ${oldApp.reason}`,
  );
  // The tree as built (others may commit while the bench runs).
  const git = gitState();

  const checkStart = performance.now();
  checkGenerator([...new Set([0, 1, ...config.sizes, ...config.legacySizes])]);
  log(`wall generator self-check OK (${Math.round(performance.now() - checkStart)} ms)`);
  log(`free spot search (median of 40): ${formatFreeSpot(measureFreeSpot(config.sizes))}`);

  const distDir = join(tmpdir(), 'signwall-bench-dist');
  const built = build(distDir);
  log(built.ok ? `built the app into ${distDir}` : `build: ${built.reason}`);
  let bundle: Outcome<BundleSize> = built.ok ? { ok: false, reason: 'not measured' } : built;
  if (built.ok) {
    try {
      bundle = { ok: true, value: measureBundle(distDir) };
    } catch (e) {
      bundle = { ok: false, reason: reasonOf(e) };
    }
  }

  const serverReason = !serverAvailable()
    ? 'server/main.ts is not there yet'
    : !built.ok
      ? built.reason
      : null;

  let browser: Browser | null = null;
  let browserReason: string | null = serverReason;
  let browserVersion: string | null = null;
  if (!browserReason && config.viewports.length > 0) {
    try {
      browser = await launchBrowser();
      browserVersion = browser.version();
    } catch (e) {
      browserReason = `Chromium did not start: ${reasonOf(e)}`;
    }
  }

  const sizes: SizeResult[] = [];
  let api: Outcome<{ n: number; get: FullWallLoad; insert: Outcome<InsertLatency> }> = {
    ok: false,
    reason: serverReason ?? 'no wall size to load',
  };
  const apiSize = config.sizes.includes(2000) ? 2000 : Math.max(...config.sizes, -1);
  const walls: Array<{ n: number; kind: WallKind }> = [
    ...config.sizes.map((n) => ({ n, kind: 'saved' as const })),
    ...config.legacySizes.map((n) => ({ n, kind: 'legacy' as const })),
  ];
  let oldSite: StaticSite | null = null;

  try {
    if (oldApp.ok && !serverReason) oldSite = await serveStatic(oldApp.value.dir);
    for (const { n, kind } of walls) {
      const result: SizeResult = {
        n,
        kind,
        seedMs: null,
        seedError: null,
        browser: [],
        throttled: [],
        sideBySide: [],
      };
      sizes.push(result);
      if (serverReason) continue;
      const generated = generateWall({ n, seed: config.seed });
      const wall =
        config.simplify && kind === 'saved'
          ? { ...generated, signatures: simplified(generated.signatures) }
          : generated;
      const isApiWall = kind === 'saved' && n === apiSize;
      let server: BenchServer | null = null;
      try {
        server = await startServer(distDir, {
          MAX_ROWS: String(config.maxRows),
          // The old app's build names its data API's port: signwall's server listens there.
          ...(oldSite && oldApp.ok ? { PORT: String(oldApp.value.apiPort) } : {}),
        });
        result.seedMs = await seedSettled(server.url, wall.signatures, config.settleMs);
        const label = `N=${n}${kind === 'legacy' ? ' legacy' : ''}`;
        log(`${label}: server up, seeded in ${(result.seedMs / 1000).toFixed(1)} s (+ pause)`);

        for (const viewport of config.viewports) {
          const runs: BrowserRun[] = [];
          const skip: Partial<Record<MeasureName, string>> = {};
          for (let i = 0; i < config.runs && browser; i++) {
            // The last run's saves moved the wall: its preview is painted before, not during, this one.
            await previewSettled(server.url);
            const run = await runBrowserMeasures({
              browser,
              viewport,
              baseUrl: server.url,
              drawPatch: wall.drawPatch,
              wallSize: wall.signatures.length,
              skip,
            });
            runs.push(run);
            // A measure that could not run once will not run on the next try either.
            for (const [name, outcome] of Object.entries(run) as Array<
              [MeasureName, Outcome<unknown>]
            >) {
              if (!outcome.ok && !skip[name]) skip[name] = outcome.reason;
            }
            log(`${label} ${viewport} run ${i + 1}/${config.runs}: ${summary(run)}`);
          }
          result.browser.push({ viewport, runs, median: aggregate(runs) });
        }

        if (oldSite && browser) {
          for (const viewport of config.viewports) {
            await previewSettled(server.url);
            const runs = await measureSideBySide({
              browser,
              viewport,
              urls: { signwall: server.url, 'old app': oldSite.url },
              total: wall.signatures.length,
              runs: config.runs,
              log: (text) => log(`${label} ${text}`),
            });
            result.sideBySide.push({ viewport, runs });
          }
        }

        if (isApiWall && config.throttled && browser) {
          for (const viewport of config.viewports) {
            const runs: Array<Outcome<ThrottledLoadResult>> = [];
            for (let i = 0; i < config.runs; i++) {
              const run = await measureThrottledLoad(browser, viewport, server.url).then(
                (value): Outcome<ThrottledLoadResult> => ({ ok: true, value }),
                (e: unknown): Outcome<ThrottledLoadResult> => ({ ok: false, reason: reasonOf(e) }),
              );
              runs.push(run);
              log(
                `N=${n} ${viewport} throttled ${i + 1}/${config.runs}: ` +
                  (run.ok
                    ? `view drawn ${Math.round(run.value.viewDrawnMs)} ms, wall ${Math.round(run.value.wallLoadedMs)} ms, ${Math.round(run.value.wireBytes / 1024)} KB`
                    : run.reason),
              );
              if (!run.ok) break;
            }
            result.throttled.push({ viewport, runs });
          }
        }

        if (isApiWall) {
          const insert = await insertLatency(server.url, wall.reserved).then(
            (value): Outcome<InsertLatency> => ({ ok: true, value }),
            (e: unknown): Outcome<InsertLatency> => ({ ok: false, reason: reasonOf(e) }),
          );
          log(`N=${n}: API load, ${config.apiSeconds} s of full-wall GETs, 50 connections`);
          const get = await fullWallLoad(server.url, { durationS: config.apiSeconds });
          log(`N=${n}: ${get.requestsTotal} GETs answered, ${get.errors} errors`);
          api = { ok: true, value: { n, get, insert } };
        }
      } catch (e) {
        result.seedError = reasonOf(e);
        log(`N=${n}: ${result.seedError}`);
        if (isApiWall) api = { ok: false, reason: result.seedError };
      } finally {
        await server?.stop();
      }
    }
  } finally {
    await browser?.close();
    await oldSite?.close();
  }

  // After the other measures, with their browser closed: Lighthouse starts its own Chromium.
  let lighthouse: LighthouseWall[] = [];
  if (config.lighthouse && !serverReason) {
    lighthouse = await measureLighthouse({
      distDir,
      n: config.lighthouseN,
      seed: config.seed,
      runs: config.runs,
      maxRows: config.maxRows,
      settleMs: config.settleMs,
      log,
    });
  }

  const rows: Row[] = [];
  for (const size of sizes) {
    for (const viewport of config.viewports) {
      const measured = size.browser.find((b) => b.viewport === viewport);
      const reason = size.seedError ?? browserReason ?? 'not run';
      rows.push(
        ...browserRows(wallLabel(viewport, size.kind), size.n, measured?.median ?? null, reason),
      );
    }
  }
  for (const size of sizes) {
    for (const viewport of config.viewports) {
      const measured = size.sideBySide.find((b) => b.viewport === viewport);
      rows.push(
        ...sideBySideRows(
          wallLabel(viewport, size.kind),
          size.n,
          measured?.runs ?? null,
          oldApp.ok ? (size.seedError ?? browserReason ?? 'not run') : oldApp.reason,
        ),
      );
    }
  }
  for (const size of sizes) {
    for (const t of size.throttled)
      rows.push(...throttledRows(t.viewport, size.n, throttledMedian(t.runs)));
  }
  rows.push(...lighthouseRows(lighthouse));
  const bytes = simplificationBytes(
    generateWall({ n: apiSize > 0 ? apiSize : 2000, seed: config.seed }).signatures,
  );
  if (!config.only) {
    rows.push(...globalRows(bundle, api, sizes));
    rows.push(...simplificationRows(bytes));
  }

  console.log('');
  console.log(renderTable(rows));
  console.log('');
  const loadAtEnd = loadavg();
  console.log(
    `${config.runs} run(s) each, medians; load average ${loadAtStart[0]!.toFixed(1)} at start, ` +
      `${loadAtEnd[0]!.toFixed(1)} at end on ${cpus().length} cores; total ${elapsed()}`,
  );

  if (config.realtime && built.ok) {
    // Its own process and servers, printing its own lines (bench/realtime.ts), with this build.
    console.log('');
    log(
      'Realtime (bench/realtime.ts, realtime-capacity.ts, realtime-wire.ts): delivery, idle ' +
        'cost, capacity, the bytes one save costs the open boards',
    );
    for (const script of [
      'bench/realtime.ts',
      'bench/realtime-capacity.ts',
      'bench/realtime-wire.ts',
    ]) {
      spawnSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), script], {
        stdio: 'inherit',
        env: { ...process.env, BENCH_DIST: distDir },
      });
    }
  }

  if (config.heavy && built.ok) {
    console.log('');
    log('The heaviest legal wall (bench/heavy-wall.ts): its load, and another address meanwhile');
    spawnSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'bench/heavy-wall.ts'], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DIST: distDir },
    });
  }

  mkdirSync('bench/results', { recursive: true });
  // `npm run bench -- lighthouse` keeps the full run's latest.json.
  const json = {
    date: new Date().toISOString(),
    config,
    meta: {
      ...git,
      node: process.version,
      chromium: browserVersion,
      cores: cpus().length,
      loadAverageStart: loadAtStart,
      loadAverageEnd: loadAtEnd,
      totalS: (performance.now() - benchStart) / 1000,
    },
    bundle,
    api,
    sizes,
    lighthouse,
    simplification: bytes,
    rows,
  };
  const output = `bench/results/${config.only ?? 'latest'}.json`;
  writeFileSync(output, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`written: ${output}`);
}

function summary(run: BrowserRun): string {
  const part = <T>(o: Outcome<T>, f: (v: T) => string) => (o.ok ? f(o.value) : 'n/a');
  return [
    `load ${part(run.load, (v) => `${Math.round(v.loadMs)} ms`)}`,
    `pan p95 ${part(run.pan, (v) => `${Math.round(v.p95)} ms`)}`,
    `zoom p95 ${part(run.zoom, (v) => `${Math.round(v.p95)} ms`)}`,
    `draw p95 ${part(run.draw, (v) => `${Math.round(v.p95)} ms`)}`,
    `export ${part(run.export, (v) => `${Math.round(v.exportMs)} ms`)}`,
  ].join(', ');
}

await main();
