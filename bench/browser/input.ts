/**
 * One finger or the mouse, through the same three calls: mouse via Playwright (CDP mouse
 * events), touch via CDP `Input.dispatchTouchEvent` (real touch and pointer events, as
 * docs/research/konva.md §5 verified). Moves are paced at one per display frame, as a hand would.
 */
import type { CDPSession, Page } from '@playwright/test';

export type XY = readonly [number, number];

export interface Pointer {
  down(at: XY): Promise<void>;
  move(to: XY): Promise<void>;
  up(at: XY): Promise<void>;
}

export function mousePointer(page: Page): Pointer {
  return {
    async down([x, y]) {
      await page.mouse.move(x, y);
      await page.mouse.down();
    },
    async move([x, y]) {
      await page.mouse.move(x, y);
    },
    async up([x, y]) {
      await page.mouse.move(x, y);
      await page.mouse.up();
    },
  };
}

export function touchPointer(cdp: CDPSession): Pointer {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: XY | null) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ id: 1, x: at[0], y: at[1] }] : [],
    });
  return {
    down: (at) => send('touchStart', at).then(() => undefined),
    move: (at) => send('touchMove', at).then(() => undefined),
    up: () => send('touchEnd', null).then(() => undefined),
  };
}

export const FRAME_MS = 1000 / 60;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Presses at the first point, moves through the rest one per frame, and calls `beforeUp` before
 * lifting at the last point.
 */
export async function gesture(
  pointer: Pointer,
  points: readonly XY[],
  hooks: { afterDown?: () => Promise<void>; beforeUp?: () => Promise<void> } = {},
): Promise<void> {
  const [first, ...moves] = points;
  if (!first) return;
  await pointer.down(first);
  await hooks.afterDown?.();
  let deadline = performance.now();
  for (const p of moves) {
    deadline += FRAME_MS;
    await pointer.move(p);
    const wait = deadline - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await hooks.beforeUp?.();
  await pointer.up(moves[moves.length - 1] ?? first);
}

/** `steps` + 1 evenly spaced points from a to b. */
export function straight(a: XY, b: XY, steps: number): XY[] {
  return Array.from(
    { length: steps + 1 },
    (_, i) => [a[0] + ((b[0] - a[0]) * i) / steps, a[1] + ((b[1] - a[1]) * i) / steps] as const,
  );
}
