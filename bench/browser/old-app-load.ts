/**
 * The old app's load, measured as signwall's is (load.ts): from the click on 'Sign!' (the click
 * event's own timestamp, recorded by the probe) until the wall is drawn on the screen's canvas.
 *
 * The old app has no mark of its own. It redraws its one 3200×3200 canvas from scratch on each
 * change (clearRect, then every signature with its caption or `#id`: one fillText each), so the
 * probe below counts fillText calls on a canvas in the document since its last clearRect: the
 * load ends when a redraw has drawn the caption of every signature on the wall, the same moment
 * as signwall's `signwall:view-drawn` (its script has put the whole view on screen; the browser
 * paints next). Installed only in the old app's pages, so signwall's are measured unwrapped.
 */
import type { Page } from '@playwright/test';
import { openSettledCard, type LoadResult } from './load.ts';

export const OLD_APP_LOAD_ERROR = 'Error loading signatures.';

interface DrawProbe {
  /** fillText calls since the last clearRect, per canvas. */
  texts: WeakMap<HTMLCanvasElement, number>;
  /** When a redraw reached `expect` captions (performance.now()); null until then. */
  drawnAt: number | null;
  expect: number;
}

/** Runs in the page before its scripts (addInitScript). Self-contained. */
export function installOldAppDrawProbe(): void {
  const probe: DrawProbe = { texts: new WeakMap(), drawnAt: null, expect: -1 };
  (window as unknown as { __oldAppDraw: DrawProbe }).__oldAppDraw = probe;
  const proto = CanvasRenderingContext2D.prototype;
  const clearRect = proto.clearRect;
  const fillText = proto.fillText;
  proto.clearRect = function (this: CanvasRenderingContext2D, ...args) {
    probe.texts.set(this.canvas, 0);
    return clearRect.apply(this, args);
  };
  proto.fillText = function (this: CanvasRenderingContext2D, ...args) {
    const result = fillText.apply(this, args);
    const canvas = this.canvas;
    if (canvas.isConnected) {
      const count = (probe.texts.get(canvas) ?? 0) + 1;
      probe.texts.set(canvas, count);
      if (count === probe.expect && probe.drawnAt === null) probe.drawnAt = performance.now();
    }
    return result;
  };
}

function waitForWallDrawn(args: {
  timeoutMs: number;
  total: number;
  failed: string;
}): Promise<{ end: number; clickAt: number | null }> {
  const w = window as unknown as {
    __bench: { signClickAt: number | null };
    __oldAppDraw: DrawProbe;
  };
  w.__oldAppDraw.expect = args.total;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const { drawnAt } = w.__oldAppDraw;
      const clickAt = w.__bench.signClickAt;
      if (drawnAt !== null && clickAt !== null && drawnAt >= clickAt) {
        resolve({ end: drawnAt, clickAt });
        return;
      }
      const toast = document.querySelector('.toast')?.textContent?.trim();
      if (toast === args.failed) return reject(new Error(`the old app said: ${toast}`));
      if (performance.now() - started > args.timeoutMs) {
        return reject(new Error(`the old app did not draw ${args.total} signatures`));
      }
      setTimeout(tick, 5);
    };
    tick();
  });
}

/** Opens the old app's welcome card, clicks (or taps) 'Sign!' and waits for the whole wall drawn. */
export async function measureOldAppLoad(
  page: Page,
  url: string,
  { tap = false, timeoutMs = 120_000, total }: { tap?: boolean; timeoutMs?: number; total: number },
): Promise<LoadResult> {
  const sign = await openSettledCard(page, url);
  const drawn = page.evaluate(waitForWallDrawn, { timeoutMs, total, failed: OLD_APP_LOAD_ERROR });
  drawn.catch(() => {});
  if (tap) await sign.tap();
  else await sign.click();
  const { end, clickAt } = await drawn;
  if (clickAt === null) throw new Error('the click on Sign! was not seen');
  // The old app draws the whole wall on its canvas: every signature is "in view" of it.
  return { loadMs: end - clickAt, inView: total };
}
