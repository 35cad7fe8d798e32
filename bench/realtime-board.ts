/**
 * Delivery to a board: an open board in headless Chromium (the app as built), a save
 * through the data API, and the time from its 201 to the board having drawn the wall with it (the
 * tile renderer's `signwall:view-drawn` mark naming one more signature). Both times are the same
 * machine's clock: the page's `performance.timeOrigin + mark.startTime` against `Date.now()` here.
 */
import type { Page } from '@playwright/test';
import { NAME_SHIM } from './browser/instrument.ts';
import { launchBrowser } from './browser/session.ts';

/**
 * Resolves with the epoch ms at which the board first drew a wall of `total` signatures or more
 * after `since` (epoch ms); rejects after 10 s.
 */
function drawnWith(page: Page, total: number, since: number): Promise<number> {
  return page.evaluate(
    ([want, after]) =>
      new Promise<number>((resolve, reject) => {
        setTimeout(
          () => reject(new Error(`no view drawn with ${want} signatures in 10 s`)),
          10_000,
        );
        const find = () =>
          performance
            .getEntriesByName('signwall:view-drawn')
            .find(
              (e) =>
                performance.timeOrigin + e.startTime >= after &&
                ((e as PerformanceMark).detail?.total ?? 0) >= want,
            );
        const seen = find();
        if (seen) return resolve(performance.timeOrigin + seen.startTime);
        const observer = new PerformanceObserver(() => {
          const mark = find();
          if (!mark) return;
          observer.disconnect();
          resolve(performance.timeOrigin + mark.startTime);
        });
        observer.observe({ type: 'mark' });
      }),
    [total, since] as const,
  );
}

/**
 * Opens the board at `url`, then `saves` saves one after another (`save` answers once the 201 is
 * in); answers each save's 201 → drawn time in ms (0 when the board had it first).
 */
export async function boardDelivery(
  url: string,
  saves: number,
  save: () => Promise<unknown>,
): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx names the functions it compiles; the page needs the helper it names them with.
    await context.addInitScript(NAME_SHIM);
    const page = await context.newPage();
    let joined = false;
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('Subscribed to PostgreSQL')) joined = true;
      }),
    );
    await page.goto(url);
    await page.getByRole('button', { name: 'Sign!' }).click();
    await page.getByText('Signatures loaded!').waitFor();
    const start = Date.now();
    while (!joined && Date.now() - start < 10_000) await new Promise((r) => setTimeout(r, 20));
    if (!joined) throw new Error('the board did not join its Realtime channel');
    let total = await page.evaluate(
      () =>
        (performance.getEntriesByName('signwall:view-drawn').at(-1) as PerformanceMark | undefined)
          ?.detail?.total ?? 0,
    );
    const delays: number[] = [];
    for (let i = 0; i < saves; i++) {
      total += 1;
      const drawn = drawnWith(page, total, Date.now());
      await save();
      const answered = Date.now();
      delays.push(Math.max(0, (await drawn) - answered));
    }
    return delays;
  } finally {
    await browser.close();
  }
}
