/**
 * Load: from the click on 'Sign!' until every signature in view is drawn.
 *
 * The click time is the click event's own timestamp (recorded by the probe). The end is found in
 * the page, frame by frame, on the app's Konva stage (`Konva.stages[0]`, saved signatures in its
 * first layer):
 *   1. the load is over: the 'Signatures loaded!' toast is in the DOM (the app shows it when the
 *      fetch resolved; 'Error loading signatures.' makes the measure fail);
 *   2. the saved layer drew (its Konva 'draw' event) while holding as many visible groups as it
 *      holds now, and has no draw pending (`_waitingForDraw`); with no visible group, nothing is
 *      left to draw;
 *   3. then one more animation frame: the drawn frame has been handed to the compositor.
 * The load time is the end of (3) minus the click. Should the app add a `signwall:wall-drawn`
 * performance mark (after the first draw of its saved layer following a load), that mark is the
 * end instead; a layer named 'saved-signatures' is preferred over the first layer.
 */
import type { Page } from '@playwright/test';
import type { BenchWindow, KonvaLayer } from './instrument.ts';

export interface LoadResult {
  loadMs: number;
  /** Groups the saved layer shows when the load ends (signatures in view plus the margin). */
  visibleGroups: number;
  /** What ended the measure: the bench's own probe, or the app's `signwall:wall-drawn` mark. */
  signal: string;
}

export const LOADED_TOAST = 'Signatures loaded!';
export const LOAD_ERROR_TOAST = 'Error loading signatures.';
/** If the app ever marks the moment its wall is drawn, that mark ends the load exactly. */
export const WALL_DRAWN_MARK = 'signwall:wall-drawn';
/** If the saved layer is ever named, it is found by name rather than as the first layer. */
export const SAVED_LAYER_NAME = 'saved-signatures';

/**
 * In the page: resolves once the wall is drawn (see above), or rejects after `timeoutMs`. With
 * `readyMark` (the throttled load, bench/browser/throttled-load.ts), step 1 is that performance
 * mark instead of the toast (the app's `signwall:view-loaded`: the first screen's signatures are
 * in), the app's own mark counts only after it, and a layer found already drawn counts as drawn.
 */
export function waitForWallDrawn(args: {
  timeoutMs: number;
  stageTimeoutMs: number;
  loaded: string;
  failed: string;
  markName: string;
  layerName: string;
  readyMark?: string;
}): Promise<{ end: number; clickAt: number | null; visibleGroups: number; signal: string }> {
  const w = window as unknown as BenchWindow;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let layer: KonvaLayer | null = null;
    let drawnWith = -1;
    let loadedSeen = false;
    let ready = false;
    const visible = () => layer!.children.filter((c) => c.visible()).length;
    const tick = () => {
      const now = performance.now();
      // The app's own mark after the ready mark ends the wait at once (no probe needed).
      if (args.readyMark) {
        const r = performance.getEntriesByName(args.readyMark, 'mark')[0];
        const marks = performance.getEntriesByName(args.markName, 'mark');
        if (r && marks.some((m) => m.startTime >= r.startTime)) ready = true;
      }
      if (ready) {
        layer?.off('draw.bench');
        // An app that marks the moment itself gives the exact end (see the report).
        const ready = args.readyMark && performance.getEntriesByName(args.readyMark, 'mark')[0];
        const after = ready ? ready.startTime : (w.__bench.signClickAt ?? 0);
        const mark = performance
          .getEntriesByName(args.markName, 'mark')
          .find((m) => m.startTime >= after);
        resolve({
          end: mark ? mark.startTime : now,
          clickAt: w.__bench.signClickAt,
          visibleGroups: visible(),
          signal: mark ? 'app mark' : 'probe',
        });
        return;
      }
      if (now - started > args.timeoutMs) {
        layer?.off('draw.bench');
        reject(
          new Error(
            layer
              ? `the saved layer never finished drawing (loaded seen: ${loadedSeen}, ` +
                  `draw pending: ${layer._waitingForDraw}, shown ${visible()}, drawn with ${drawnWith})`
              : 'no Konva stage after the click',
          ),
        );
        return;
      }
      if (!layer && now - started > args.stageTimeoutMs) {
        reject(new Error('no Konva stage after the click'));
        return;
      }
      if (!layer) {
        const layers = w.Konva?.stages?.[0]?.getLayers() ?? [];
        const found = layers.find((l) => l.name?.() === args.layerName) ?? layers[0];
        if (found) {
          layer = found;
          layer.on('draw.bench', () => {
            drawnWith = visible();
          });
          if (args.readyMark && !layer._waitingForDraw) drawnWith = visible();
        }
      }
      const toast = document.querySelector('[data-testid="toast"]')?.textContent?.trim();
      if (toast === args.failed) {
        reject(new Error(`the app said: ${toast}`));
        return;
      }
      if (args.readyMark)
        loadedSeen = performance.getEntriesByName(args.readyMark, 'mark').length > 0;
      else if (toast === args.loaded) loadedSeen = true;
      if (layer && loadedSeen && !layer._waitingForDraw) {
        const count = visible();
        if (count === 0 || count === drawnWith) ready = true;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Opens the welcome card, clicks (or taps) 'Sign!' and waits for the wall to be drawn. The page must carry
 * the probe (installProbe).
 */
export async function measureLoad(
  page: Page,
  url: string,
  { tap = false, timeoutMs = 60_000 } = {},
): Promise<LoadResult> {
  await page.goto(url);
  const sign = page.getByRole('button', { name: 'Sign!' });
  await sign.waitFor({ state: 'visible', timeout: 30_000 });
  // Let the welcome card settle (fonts, first paints) so the click starts from an idle page.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const drawn = page.evaluate(waitForWallDrawn, {
    timeoutMs,
    stageTimeoutMs: 15_000,
    loaded: LOADED_TOAST,
    failed: LOAD_ERROR_TOAST,
    markName: WALL_DRAWN_MARK,
    layerName: SAVED_LAYER_NAME,
  });
  // Keep the rejection handled while the click runs; it is awaited right after.
  drawn.catch(() => {});
  if (tap) await sign.tap();
  else await sign.click();
  const { end, clickAt, visibleGroups, signal } = await drawn;
  if (clickAt === null) throw new Error('the click on Sign! was not seen');
  return { loadMs: end - clickAt, visibleGroups, signal };
}
