/**
 * Page time under the test's control (page.clock): tests step it instead of waiting, so what they
 * check about time is exact and costs no real time.
 */
import { type Page, type Request } from '@playwright/test';
import { expect } from './expect.ts';

/** The page's own clock (page.clock's), in ms. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** Stops the page's clock (after `page.clock.install()`): from here only the test moves it. */
export async function pauseClock(page: Page): Promise<void> {
  // A little ahead of now, as pauseAt cannot go back (and page time runs on meanwhile: 50 ms was
  // once too little on a loaded machine); nothing is due that soon in these tests.
  await page.clock.pauseAt((await pageNow(page)) + 500);
}

/** The page's data API requests that have not been answered yet, from now on. */
function trackApiRequests(page: Page): () => number {
  const inFlight = new Set<Request>();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/rest/v1/');
  page.on('request', (request) => {
    if (isApi(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

/**
 * Moves the paused page clock on `stepMs` at a time until `done()` holds or `limitMs` of page time
 * have passed, and returns the page time it took. After each step the page's data API requests are
 * answered before the next step, so page time never runs on while the network works: the figure
 * counts the app's own timers (polls, delays), not the machine's speed.
 */
export async function runClockUntil(
  page: Page,
  done: () => Promise<boolean>,
  { stepMs = 100, limitMs }: { stepMs?: number; limitMs: number },
): Promise<number> {
  const inFlight = trackApiRequests(page);
  const start = await pageNow(page);
  let elapsed = 0;
  while (!(await done()) && elapsed <= limitMs) {
    await page.clock.runFor(stepMs);
    await expect.poll(inFlight).toBe(0);
    elapsed = (await pageNow(page)) - start;
  }
  return elapsed;
}
