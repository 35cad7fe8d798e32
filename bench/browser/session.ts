/**
 * One browser for the whole bench, and one run of every browser measure for a viewport and a
 * wall: a fresh context (cold cache; phone4x: the CPU slowed 4× in every page) → load → JS heap after load → pan → draw → zoom, then /export in a
 * new page of the same context. A measure that cannot run (a piece of the app not there yet, a
 * timeout) becomes `n/a` with its reason; the others still run.
 */
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import { existsSync } from 'node:fs';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.ts';
import { mergedDisableFeatures } from './chromium-features.ts';
import type { Box } from '../wall-generator.ts';
import { measureDraw, type DrawResult } from './draw.ts';
import { measureExport, type ExportResult } from './export.ts';
import { heapAfterGc } from './heap.ts';
import { installProbe, NAME_SHIM } from './instrument.ts';
import { mousePointer, touchPointer } from './input.ts';
import { measureLoad, type LoadResult } from './load.ts';
import { measurePan, type PanResult } from './pan.ts';
import { measureZoom, type ZoomResult } from './zoom.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  hasTouch: true,
  isMobile: true,
} satisfies BrowserContextOptions;

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: PHONE,
  /** The same phone with its CPU slowed 4×: a mid-range phone, not this machine. */
  phone4x: PHONE,
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

/** Chromium's CPU slowdown per profile (CDP `Emulation.setCPUThrottlingRate`); 1 is none. */
export const CPU_SLOWDOWN: Record<ViewportName, number> = { desktop: 1, phone: 1, phone4x: 4 };

export const isTouch = (viewport: ViewportName) => 'hasTouch' in VIEWPORTS[viewport];

/** The viewports a comma-separated list (BENCH_VIEWPORTS) names, or `fallback`'s; unknown names left out. */
export function viewportsFrom(list: string | undefined, fallback: string): ViewportName[] {
  return (list ?? fallback)
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is ViewportName => name in VIEWPORTS);
}

export interface BrowserRun {
  load: Outcome<LoadResult>;
  heapAfterLoad: Outcome<number>;
  pan: Outcome<PanResult>;
  zoom: Outcome<ZoomResult>;
  draw: Outcome<DrawResult>;
  export: Outcome<ExportResult>;
}

export type MeasureName = keyof BrowserRun;

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** The bench's Chromium flags, for every browser it starts (Lighthouse's too: lighthouse.ts). */
export const BENCH_CHROMIUM_FLAGS = CHROMIUM_FLAGS;

const executable = existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {};

/** The switches Playwright starts Chromium with by itself, read off a browser it starts. */
let playwrightSwitches: Promise<string[]> | null = null;
function playwrightDefaults(): Promise<string[]> {
  playwrightSwitches ??= chromium.launchServer(executable).then(async (server) => {
    const args = server.process().spawnargs;
    await server.close();
    return args;
  });
  return playwrightSwitches;
}

/** The bench's browser: the full Chromium, its omnibox popup's WebUI off (chromium-features.ts). */
export async function launchBrowser(): Promise<Browser> {
  const defaults = await playwrightDefaults();
  const theirs = defaults.filter((arg) => arg.startsWith('--disable-features='));
  return chromium.launch({
    ...executable,
    ignoreDefaultArgs: theirs,
    args: [
      ...BENCH_CHROMIUM_FLAGS,
      mergedDisableFeatures(defaults),
      '--enable-precise-memory-info',
    ],
  });
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 160);
}

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

const skipped = <T>(reason: string): Outcome<T> => ({ ok: false, reason });

export interface RunOptions {
  browser: Browser;
  viewport: ViewportName;
  baseUrl: string;
  drawPatch: Box;
  /** Signatures on the wall: the load ends when the board has drawn its view of all of them. */
  wallSize: number;
  /** Measures known not to run (failed in an earlier run): reported with this reason, not tried. */
  skip?: Partial<Record<MeasureName, string>>;
}

export async function runBrowserMeasures({
  browser,
  viewport,
  baseUrl,
  drawPatch,
  wallSize,
  skip = {},
}: RunOptions): Promise<BrowserRun> {
  const options = VIEWPORTS[viewport];
  const size = options.viewport;
  const context = await browser.newContext(options);
  try {
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const cpuSlowdown = CPU_SLOWDOWN[viewport];
    if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const pointer = isTouch(viewport) ? touchPointer(cdp) : mousePointer(page);

    const load: Outcome<LoadResult> = skip.load
      ? skipped(skip.load)
      : await attempt(() =>
          measureLoad(page, baseUrl, { tap: isTouch(viewport), total: wallSize }),
        );
    const afterLoad = <T>(name: MeasureName, run: () => Promise<T>): Promise<Outcome<T>> => {
      if (!load.ok) return Promise.resolve(skipped(`no load: ${load.reason}`));
      const reason = skip[name];
      return reason ? Promise.resolve(skipped(reason)) : attempt(run);
    };
    const heapAfterLoad = await afterLoad('heapAfterLoad', () => heapAfterGc(cdp));
    // The load toast expires 2 s after it shows; its commit should not land inside the pan.
    if (load.ok) {
      await page
        .getByTestId('toast')
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => {});
    }
    const pan = await afterLoad('pan', () => measurePan(page, pointer, size));
    // Draw before zoom: the draw patch is where the board opened, and the pan came back there.
    const draw = await afterLoad('draw', () => measureDraw(page, pointer, drawPatch, size));
    const dpr = 'deviceScaleFactor' in options ? options.deviceScaleFactor : 1;
    const zoom = await afterLoad('zoom', () => measureZoom(page, size, dpr));
    await page.close();

    const exported: Outcome<ExportResult> = skip.export
      ? skipped(skip.export)
      : await attempt(() => measureExport(context, baseUrl, cpuSlowdown));
    return { load, heapAfterLoad, pan, zoom, draw, export: exported };
  } finally {
    await context.close();
  }
}
