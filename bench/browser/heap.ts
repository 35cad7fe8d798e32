/**
 * The page's JavaScript heap through the DevTools protocol: after a forced garbage collection
 * (HeapProfiler.collectGarbage, then Runtime.getHeapUsage), and its peak while something runs
 * (Runtime.getHeapUsage sampled every 50 ms; the inspector answers between JavaScript tasks and
 * at interrupts inside them, so a peak inside one long native call can be missed).
 */
import type { CDPSession } from '@playwright/test';

export const MB = 1024 * 1024;

export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

export function sampleHeap(cdp: CDPSession, everyMs = 50): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        peak = Math.max(peak, usedSize);
      } catch {
        // Between documents (a navigation) the call can fail: try again at the next tick.
      }
      const wait = everyMs - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}
