/**
 * Small helpers for the export: waiting for a paint, and named performance measures
 * (`signwall-export:<step>`) that benchmarks and DevTools can read.
 */

/** requestAnimationFrame never fires in a hidden tab: do not wait for a paint that cannot come. */
const FRAME_WAIT_LIMIT_MS = 500;

/**
 * Resolves once what React just committed has been painted: two animation frames, the first runs
 * before the paint that shows the commit, the second after it. The toast's entrance animation
 * need not be waited for: the render that follows yields every few tens of milliseconds, so
 * frames (and the animation, which the compositor runs) go on meanwhile.
 */
export async function afterPaint(): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_LIMIT_MS);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}

/**
 * Resolves at the next animation frame, in which what React just committed is painted: enough
 * when the work that follows runs off the page and cannot keep that frame from showing.
 */
export async function nextFrame(): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_LIMIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
