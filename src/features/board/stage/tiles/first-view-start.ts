/**
 * Starts the first-view painter's worker (first-view-worker.ts) as early as the welcome card: a
 * worker takes a while to start (its script fetched, an isolate made: on a busy machine, most of a
 * second), which should not come after the first screen's signatures have arrived. Kept apart
 * from first-view.ts, which is the board's code: this little is all the welcome card needs.
 */
let started: Worker | null = null;

/** Starts the worker, once per page (nothing where module workers or OffscreenCanvas are missing). */
export function startFirstViewPainter(): void {
  if (started || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return;
  try {
    started = new Worker(new URL('./first-view-worker.ts', import.meta.url), {
      type: 'module',
      name: 'signwall-first-view',
    });
  } catch {
    started = null;
  }
}

/** The worker started for the first screen, handed over once; null when none was. */
export function takeFirstViewPainter(): Worker | null {
  const worker = started;
  started = null;
  return worker;
}
