/**
 * Holding parts of the wall's load: the board reads the signatures meeting its
 * first screen first (the view's read filters on `max_y=gte.`), then the rest in pages; a tiny
 * read (the highest id: `order=id.desc`, one row) counts the wall for the progress bar. These helpers let a test
 * answer some of those reads at once and hold the others until it says so.
 */
import type { Page, Request, Route } from '@playwright/test';

export type WallRead = 'view' | 'count' | 'rest';

/** Which part of the load a request to the signatures endpoint is, or null for anything else. */
export function wallReadOf(request: Request): WallRead | null {
  const url = new URL(request.url());
  if (request.method() !== 'GET' || !url.pathname.startsWith('/rest/v1/signatures')) return null;
  // Live polls and the moderation check are not the load.
  if (url.searchParams.has('created_at')) return null;
  // The removal check's read of visible ids is not the load either.
  if (url.searchParams.get('select') === 'id') return null;
  if (url.searchParams.get('order') === 'id.desc') return 'count';
  return url.searchParams.has('max_y') && url.searchParams.get('max_y')!.startsWith('gte.')
    ? 'view'
    : 'rest';
}

export interface HeldReads {
  /** Reads of these kinds seen so far (answered or held). */
  seen(kind: WallRead): number;
  /** Lets every held read (and every later one) through. */
  release(): Promise<void>;
}

/** Holds every read of the given kinds until release(); the others pass at once. */
export async function holdWallReads(page: Page, kinds: readonly WallRead[]): Promise<HeldReads> {
  const counts: Record<WallRead, number> = { view: 0, count: 0, rest: 0 };
  const held: Route[] = [];
  let released = false;
  await page.route('**/rest/v1/signatures**', (route) => {
    const kind = wallReadOf(route.request());
    if (kind) counts[kind] += 1;
    if (!kind || released || !kinds.includes(kind)) return route.fallback();
    held.push(route);
    return undefined;
  });
  return {
    seen: (kind) => counts[kind],
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.fallback()));
    },
  };
}

export interface FailingReads {
  /** Reads answered with a 500 so far. */
  failed(): number;
  /** From now on the reads reach the server. */
  heal(): void;
}

/** Every read of the wall fails with PostgREST's 500 until heal(). */
export async function failWallReads(page: Page): Promise<FailingReads> {
  let failing = true;
  let failed = 0;
  await page.route('**/rest/v1/signatures**', (route) => {
    if (!failing || !wallReadOf(route.request())) return route.fallback();
    failed += 1;
    return route.fulfill({
      status: 500,
      json: { code: 'XX000', message: 'database is down', details: null, hint: null },
    });
  });
  return {
    failed: () => failed,
    heal: () => {
      failing = false;
    },
  };
}

/**
 * Holds the board's code (its chunk) until release(): the first screen's read may go ahead, the
 * rest of the wall, which waits for that code, may not.
 */
export async function holdBoardCode(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/board-screen-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

/** Resolves once the first screen's signatures are read (the load's 'signwall:view-loaded' mark). */
export async function firstScreenRead(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('signwall:view-loaded').length > 0);
}
