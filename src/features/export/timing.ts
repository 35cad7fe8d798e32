/**
 * Small scheduling helpers for the export: yielding to the browser, waiting for a paint, and
 * named performance measures (`signwall-export:<step>`) that benchmarks and DevTools can read.
 */

/** Resolves in a later task, after the browser had a chance to handle input and paint. */
export function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Longest wait for the toast's entrance animation; it is 160 ms, this only guards odd cases. */
const ANIMATION_WAIT_LIMIT_MS = 500;
/** requestAnimationFrame never fires in a hidden tab: do not wait for a paint that cannot come. */
const FRAME_WAIT_LIMIT_MS = 500;

function withLimit(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Resolves once what React just committed inside `root` has been painted, including the end of
 * any entrance animation (a toast fading in from opacity 0 would stay invisible if the heavy work
 * blocked the page at its first frame). Two animation frames: the first runs before the paint
 * that shows the commit, the second after it.
 */
export async function afterPaint(root: Element | null): Promise<void> {
  const animations = root?.getAnimations?.({ subtree: true }) ?? [];
  if (animations.length > 0) {
    // `finished` rejects when an animation is cancelled; either way it is over.
    const settled = Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
    await withLimit(settled, ANIMATION_WAIT_LIMIT_MS);
  }
  const twoFrames = new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
  await withLimit(twoFrames, FRAME_WAIT_LIMIT_MS);
}

/** Runs one export step and records how long it took as `signwall-export:<name>`. */
export async function measureStep<T>(name: string, step: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await step();
  } finally {
    performance.measure(`signwall-export:${name}`, { start, end: performance.now() });
  }
}
