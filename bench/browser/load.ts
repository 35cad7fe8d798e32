/**
 * Load: from the click on 'Sign!' until every signature in view is drawn.
 *
 * The click time is the click event's own timestamp (recorded by the probe). The end is the app's
 * own `signwall:view-drawn` performance mark: the board marks it after a frame on screen in which
 * every tile in view is painted with its current signatures (once per change of the signatures),
 * with `detail: { signatures: <in view>, total: <on the wall> }`. The load ends at the first such
 * mark after the click that holds the whole wall (`total` = the wall's size); 'Error loading
 * signatures.' makes the measure fail.
 */
import type { Locator, Page } from '@playwright/test';

export interface LoadResult {
  loadMs: number;
  /** Signatures in view when the load ends. */
  inView: number;
}

export const LOAD_ERROR_TOAST = 'Error loading signatures.';
/** The app marks the moment its view is drawn (src/features/board/stage/tiles/tile-renderer.ts). */
export const VIEW_DRAWN_MARK = 'signwall:view-drawn';

interface ViewDrawnDetail {
  signatures: number;
  total: number;
}

/** In the page: resolves once the whole wall is drawn in view (see above), or rejects after `timeoutMs`. */
function waitForViewDrawn(args: {
  timeoutMs: number;
  total: number;
  failed: string;
  markName: string;
}): Promise<{ end: number; clickAt: number | null; inView: number }> {
  const w = window as unknown as { __bench: { signClickAt: number | null } };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const clickAt = w.__bench.signClickAt;
      const mark =
        clickAt === null
          ? undefined
          : performance
              .getEntriesByName(args.markName, 'mark')
              .find(
                (m) =>
                  m.startTime >= clickAt && (m as PerformanceMark).detail?.total === args.total,
              );
      if (mark) {
        const detail = (mark as PerformanceMark).detail as ViewDrawnDetail;
        resolve({ end: mark.startTime, clickAt, inView: detail.signatures });
        return;
      }
      const toast = document.querySelector('[data-testid="toast"]')?.textContent?.trim();
      if (toast === args.failed) {
        reject(new Error(`the app said: ${toast}`));
        return;
      }
      if (performance.now() - started > args.timeoutMs) {
        reject(new Error(`no ${args.markName} mark with the whole wall (${args.total})`));
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Opens `url`'s welcome card and lets it settle (fonts, first paints), so a click on its 'Sign!'
 * (returned) starts from an idle page. The old app's card names its button the same.
 */
export async function openSettledCard(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const sign = page.getByRole('button', { name: 'Sign!' });
  await sign.waitFor({ state: 'visible', timeout: 30_000 });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  return sign;
}

/**
 * Opens the welcome card, clicks (or taps) 'Sign!' and waits for the view of the wall of `total`
 * signatures to be drawn. The page must carry the probe (installProbe).
 */
export async function measureLoad(
  page: Page,
  url: string,
  { tap = false, timeoutMs = 60_000, total }: { tap?: boolean; timeoutMs?: number; total: number },
): Promise<LoadResult> {
  const sign = await openSettledCard(page, url);
  const drawn = page.evaluate(waitForViewDrawn, {
    timeoutMs,
    total,
    failed: LOAD_ERROR_TOAST,
    markName: VIEW_DRAWN_MARK,
  });
  // Keep the rejection handled while the click runs; it is awaited right after.
  drawn.catch(() => {});
  if (tap) await sign.tap();
  else await sign.click();
  const { end, clickAt, inView } = await drawn;
  if (clickAt === null) throw new Error('the click on Sign! was not seen');
  return { loadMs: end - clickAt, inView };
}
