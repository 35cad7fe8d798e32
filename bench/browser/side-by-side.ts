/**
 * signwall and the old app (bench/old-app.ts) measured the same way on the same wall, run after
 * run in turn: the load (click on 'Sign!' → the whole wall drawn in view; load.ts and
 * old-app-load.ts) and the export (visit /export → the download; export.ts), each in a fresh
 * context with the viewport's profile (phone4x: the CPU slowed 4× in every page).
 *
 * Every measured visit follows an unmeasured one of the same app: the server's read cache keeps an
 * answer for a minute, and a wall that visitors come to is answered from it. Without the warm
 * visit, whichever app happened to come past a cache entry's expiry would pay its database query,
 * and the ratio would measure the cache's clock rather than the apps.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { withDeadline } from './deadline.ts';
import { measureExport } from './export.ts';
import { installProbe, NAME_SHIM } from './instrument.ts';
import { measureLoad } from './load.ts';
import { installOldAppDrawProbe, measureOldAppLoad } from './old-app-load.ts';
import { CPU_SLOWDOWN, isTouch, VIEWPORTS, type Outcome, type ViewportName } from './session.ts';

export type AppName = 'signwall' | 'old app';

export interface SideBySideRun {
  app: AppName;
  load: Outcome<number>;
  export: Outcome<number>;
}

interface Visit {
  app: AppName;
  url: string;
  viewport: ViewportName;
  total: number;
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

/**
 * Past this, a visit is given up with the step it was on. Every wait inside a visit has its own
 * timeout (at most 120 s), but a side-by-side run at 10,000 signatures once sat for 20 minutes with
 * the CPU idle; a visit that stops answering is now a measure that says where, not a run that ends
 * only when someone stops it.
 */
const VISIT_DEADLINE_MS = 240_000;
/** Closing a context waits on its renderer; a wedged one is left to the browser. */
const CLOSE_DEADLINE_MS = 15_000;

async function inContext<T>(
  browser: Browser,
  { app, viewport }: Visit,
  run: (context: BrowserContext) => Promise<T>,
): Promise<Outcome<T>> {
  let step = 'opening a context';
  let context: BrowserContext | undefined;
  const visit = async () => {
    context = await browser.newContext(VIEWPORTS[viewport]);
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(installProbe);
    if (app === 'old app') await context.addInitScript(installOldAppDrawProbe);
    step = 'measuring';
    return run(context);
  };
  try {
    const value = await withDeadline(
      visit(),
      VISIT_DEADLINE_MS,
      () => new Error(`no answer in ${VISIT_DEADLINE_MS / 1000} s while ${step}`),
    );
    return { ok: true, value };
  } catch (e) {
    return { ok: false, reason: reasonOf(e).slice(0, 400) };
  } finally {
    // A browser that went away has taken its contexts with it: the measure says why, above.
    if (context) {
      await withDeadline(context.close(), CLOSE_DEADLINE_MS, () => new Error('close')).catch(
        () => undefined,
      );
    }
  }
}

function loadVisit(browser: Browser, visit: Visit): Promise<Outcome<number>> {
  return inContext(browser, visit, async (context) => {
    const page = await context.newPage();
    const slowdown = CPU_SLOWDOWN[visit.viewport];
    if (slowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    const options = { tap: isTouch(visit.viewport), total: visit.total };
    const result =
      visit.app === 'old app'
        ? await measureOldAppLoad(page, visit.url, options)
        : await measureLoad(page, visit.url, options);
    return result.loadMs;
  });
}

function exportVisit(browser: Browser, visit: Visit): Promise<Outcome<number>> {
  return inContext(browser, visit, async (context) => {
    const result = await measureExport(context, visit.url, CPU_SLOWDOWN[visit.viewport]);
    return result.exportMs;
  });
}

/**
 * `runs` rounds; in each, every app's load, then every app's export, each measured visit right
 * after a warm one of the same app. A measure that failed is not tried again for that app.
 */
export async function measureSideBySide(options: {
  browser: Browser;
  viewport: ViewportName;
  urls: Record<AppName, string>;
  total: number;
  runs: number;
  log: (text: string) => void;
}): Promise<SideBySideRun[]> {
  const { browser, viewport, urls, total, runs, log } = options;
  const apps = Object.keys(urls) as AppName[];
  const out: SideBySideRun[] = [];
  const failed = new Map<string, string>();
  const measure = async (
    name: 'load' | 'export',
    app: AppName,
    visitOf: (browser: Browser, visit: Visit) => Promise<Outcome<number>>,
  ): Promise<Outcome<number>> => {
    const known = failed.get(`${app} ${name}`);
    if (known) return { ok: false, reason: known };
    const visit = { app, url: urls[app], viewport, total };
    const warm = await visitOf(browser, visit);
    const result = warm.ok ? await visitOf(browser, visit) : warm;
    if (!result.ok) {
      failed.set(`${app} ${name}`, result.reason);
      log(`${viewport}: ${app}'s ${name} failed: ${result.reason}`);
    }
    return result;
  };
  for (let i = 0; i < runs; i++) {
    const round = new Map<AppName, SideBySideRun>(
      apps.map((app) => [
        app,
        { app, load: { ok: false, reason: 'not run' }, export: { ok: false, reason: 'not run' } },
      ]),
    );
    for (const app of apps) round.get(app)!.load = await measure('load', app, loadVisit);
    for (const app of apps) round.get(app)!.export = await measure('export', app, exportVisit);
    const text = (o: Outcome<number>) => (o.ok ? `${Math.round(o.value)} ms` : 'n/a');
    log(
      `${viewport} side by side ${i + 1}/${runs}: ` +
        apps
          .map((a) => `${a} load ${text(round.get(a)!.load)}, export ${text(round.get(a)!.export)}`)
          .join('; '),
    );
    out.push(...round.values());
  }
  return out;
}
