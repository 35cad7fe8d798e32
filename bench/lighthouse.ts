/**
 * Lighthouse's default mobile profile (simulated throttling: 4× CPU, 1.6 Mbit/s, 150 ms RTT) on
 * `/` of the built app served by the real server, for three walls: empty; N
 * signatures as the app saves them (simplified); N rows as an older app stored them (the
 * generator's strokes unsimplified, ~4 KB a row). Lighthouse runs as its own CLI in a child
 * process (its JSON report read back), against Debian's Chromium when it is there: the CLI
 * brings its own launcher, and a child keeps its ~100 MB of trace work out of the bench's heap.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedSettled, startServer } from './server.ts';
import { median } from './stats.ts';
import { simplified } from './wall-bytes.ts';
import { generateWall } from './wall-generator.ts';
import { BENCH_CHROMIUM_FLAGS } from './browser/session.ts';
import { mergedDisableFeatures } from './browser/chromium-features.ts';
import { Launcher } from 'chrome-launcher';

/**
 * The bench's own Chromium flags (browser/session.ts), headless, and the features it runs without
 * merged into the ones chrome-launcher turns off (it passes its own `--disable-features`).
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...BENCH_CHROMIUM_FLAGS,
  mergedDisableFeatures(Launcher.defaultFlags()),
];
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export type WallKind = 'empty' | 'saved by the app' | 'legacy rows';

export interface LighthouseWall {
  wall: WallKind;
  n: number;
  /** Mean stored bytes of a row's strokes (JSON), to show what "legacy size" was. */
  strokeBytesPerRow: number;
  runs: LighthouseRun[];
  /** Medians over the runs; null when none ran. */
  median: LighthouseRun | null;
  error: string | null;
}

/** The CLI of the installed package; LIGHTHOUSE_CLI points at another install. */
export function lighthouseCli(): string | null {
  const candidates = [process.env.LIGHTHOUSE_CLI, resolve('node_modules/lighthouse/cli/index.js')];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
}

/** One Lighthouse run on `url`, mobile defaults; throws with Lighthouse's own reason. */
export function runLighthouse(cli: string, url: string): LighthouseRun {
  const dir = mkdtempSync(join(tmpdir(), 'signwall-lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    const result = spawnSync(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 180_000,
        env: {
          ...process.env,
          ...(existsSync(SYSTEM_CHROMIUM) && !process.env.CHROME_PATH
            ? { CHROME_PATH: SYSTEM_CHROMIUM }
            : {}),
        },
      },
    );
    if (result.status !== 0 || !existsSync(out)) {
      const tail = `${result.stderr}`.trim().split('\n').slice(-2).join(' ');
      throw new Error(`lighthouse exited ${result.status}: ${tail.slice(0, 200)}`);
    }
    // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every full report there, to read what a figure is made of.
    const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      copyFileSync(out, join(keep, `lighthouse-${Date.now()}.json`));
    }
    const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
    const score = (id: string) => Math.round((report.categories[id]?.score ?? NaN) * 100);
    const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function medianRun(runs: readonly LighthouseRun[]): LighthouseRun | null {
  if (runs.length === 0) return null;
  const of = (k: keyof LighthouseRun) => median(runs.map((r) => r[k]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
  };
}

export interface LighthouseOptions {
  distDir: string;
  n: number;
  seed: number;
  runs: number;
  maxRows: number;
  settleMs: number;
  log: (text: string) => void;
}

/** Every wall in turn: a fresh server, the wall seeded through the data API, `runs` Lighthouse runs. */
export async function measureLighthouse(options: LighthouseOptions): Promise<LighthouseWall[]> {
  const { distDir, n, seed, runs, maxRows, settleMs, log } = options;
  const cli = lighthouseCli();
  const generated = generateWall({ n, seed }).signatures;
  const walls: Array<{ wall: WallKind; signatures: typeof generated }> = [
    { wall: 'empty', signatures: [] },
    { wall: 'saved by the app', signatures: simplified(generated) },
    // An older app saved every point it sampled: the generator's strokes as they are.
    { wall: 'legacy rows', signatures: generated },
  ];
  const results: LighthouseWall[] = [];
  for (const { wall, signatures } of walls) {
    const strokeBytes = signatures.reduce((sum, s) => sum + JSON.stringify(s.strokes).length, 0);
    const result: LighthouseWall = {
      wall,
      n: signatures.length,
      strokeBytesPerRow: signatures.length ? strokeBytes / signatures.length : 0,
      runs: [],
      median: null,
      error: cli ? null : 'lighthouse is not installed (npm install)',
    };
    results.push(result);
    if (!cli) continue;
    const server = await startServer(distDir, { MAX_ROWS: String(maxRows) });
    try {
      await seedSettled(server.url, signatures, signatures.length ? settleMs : 0);
      for (let i = 0; i < runs; i++) {
        const run = runLighthouse(cli, `${server.url}/`);
        result.runs.push(run);
        log(
          `lighthouse ${wall} (N=${signatures.length}) ${i + 1}/${runs}: perf ${run.performance}, ` +
            `FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, ` +
            `a11y/bp/seo ${run.accessibility}/${run.bestPractices}/${run.seo}`,
        );
      }
    } catch (e) {
      result.error = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
      log(`lighthouse ${wall}: ${result.error}`);
    } finally {
      await server.stop();
    }
    result.median = medianRun(result.runs);
  }
  return results;
}
