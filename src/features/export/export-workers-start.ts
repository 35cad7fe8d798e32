/**
 * Starts the export's workers (export-worker.ts) as the /export page starts, each on its band of
 * the wall, which starts the wall's reads: a worker takes a while to start (its script fetched, an
 * isolate made), which should not wait for the export's own code to arrive. Kept apart from
 * worker-export.ts (the export's code, loaded with its route): this little is in the app's first
 * script. What a worker answers before that code takes it over is kept for it.
 */
import { WALL_SIZE } from '../../domain/rules.ts';
import type { Band, ExportWorkerAnswer } from './export-worker-protocol.ts';

/**
 * At most this many bands: past it, each worker's own start (its script, its reads) costs more
 * than its share of the painting saves, and every band's pixels are one more copy in memory until
 * they are put together.
 */
export const MAX_BANDS = 4;

/** A worker started on its band, with what it said and what went wrong before it was taken. */
export interface StartedWorker {
  readonly worker: Worker;
  readonly band: Band;
  readonly answers: ExportWorkerAnswer[];
  readonly errors: string[];
}

let started: StartedWorker[] | null = null;

export function workerCanRender(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function' &&
    typeof OffscreenCanvas.prototype.transferToImageBitmap === 'function'
  );
}

/** The wall's rows cut into `count` bands of whole pixels, top to bottom. */
export function bandsOf(count: number): Band[] {
  return Array.from({ length: count }, (_, i) => ({
    top: Math.round((i * WALL_SIZE) / count),
    bottom: Math.round(((i + 1) * WALL_SIZE) / count),
  }));
}

/**
 * One band per core but one, up to MAX_BANDS: the page, its compositor and V8's background
 * compilers (each worker compiles its own code) need a core too. On 2 cores, one band exported the
 * 2,000-signature wall as fast as two (1,100 against 1,109 ms, medians of 8; 1,549 against 1,817
 * ms while the browser's own UI took a core), with one worker and a 29 MB canvas fewer.
 */
export function bandCountFor(cores: number): number {
  return Math.max(1, Math.min(MAX_BANDS, cores - 1));
}

function bandCount(): number {
  return bandCountFor(typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1);
}

/** Starts a worker per band, each reading its band; null where no worker can render. */
export function startExportWorkers(): StartedWorker[] | null {
  if (!workerCanRender()) return null;
  const out: StartedWorker[] = [];
  for (const band of bandsOf(bandCount())) {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
        type: 'module',
        name: 'signwall-export',
      });
    } catch {
      for (const { worker: other } of out) other.terminate();
      return null;
    }
    const entry: StartedWorker = { worker, band, answers: [], errors: [] };
    worker.onmessage = ({ data }: MessageEvent<ExportWorkerAnswer>) => entry.answers.push(data);
    worker.onerror = (event) => {
      event.preventDefault();
      entry.errors.push(event.message || 'the export worker did not start');
    };
    worker.onmessageerror = () => entry.errors.push('a message was unreadable');
    // The first band also reads the rows without an outline, to report them as skipped.
    worker.postMessage({ type: 'load', band, withoutOutline: out.length === 0 });
    out.push(entry);
  }
  return out;
}

/**
 * Starts the workers (and so the wall's read) before the export's screen is there; the router
 * calls it as /export opens.
 */
export function prestartExportWorkers(): boolean {
  started ??= startExportWorkers();
  return started !== null;
}

/** The workers prestarted for this visit, or new ones (null where no worker can render). */
export function takeExportWorkers(): StartedWorker[] | null {
  const taken = started ?? startExportWorkers();
  started = null;
  return taken;
}
