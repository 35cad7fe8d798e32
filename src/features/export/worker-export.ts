/**
 * The page's side of the export's worker (export-worker.ts): starts it, which starts the wall's
 * read at once, and hands back the two moments the export waits for: the wall loaded, and the PNG.
 * Where no worker can do the work (no module Worker or 2D OffscreenCanvas, its script refused, or
 * its canvas failing), both reject with WorkerUnavailableError and the page does it itself.
 */
import { DataApiError } from '../../data/table.ts';
import { ExportCancelledError } from './render-wall.ts';
import type { ExportWorkerAnswer, ExportWorkerCommand } from './export-worker-protocol.ts';

export class WorkerUnavailableError extends Error {
  constructor(reason: string) {
    super(`The export's worker is unavailable: ${reason}`);
    this.name = 'WorkerUnavailableError';
  }
}

export interface WorkerExport {
  /** Resolves once every signature is in the worker; rejects with the data API's error. */
  readonly loaded: Promise<void>;
  /** Paints and encodes the wall (after `loaded`). */
  render(): Promise<Blob>;
  /** Stops the worker (its reads and its 41 MB canvas go); what waits is cancelled. */
  close(): void;
}

export function workerCanRender(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof OffscreenCanvas.prototype.convertToBlob === 'function'
  );
}

/** A settled-later promise with its two functions. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Whoever waits on it handles its failure; nobody waiting is no unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Starts the worker and its read of the wall; null where no worker can render. */
export function startWorkerExport(): WorkerExport | null {
  if (!workerCanRender()) return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
      type: 'module',
      name: 'signwall-export',
    });
  } catch {
    return null;
  }
  const loaded = deferred<void>();
  let png = deferred<Blob>();
  const send = (command: ExportWorkerCommand) => worker.postMessage(command);
  const unavailable = (reason: string) => {
    const error = new WorkerUnavailableError(reason);
    loaded.reject(error);
    png.reject(error);
  };

  worker.onmessage = ({ data }: MessageEvent<ExportWorkerAnswer>) => {
    switch (data.type) {
      case 'loaded':
        return loaded.resolve();
      case 'loadFailed':
        return loaded.reject(new DataApiError(data.message, data.code, data.status));
      case 'png': {
        // The worker's own steps, under the names the page's steps have.
        const end = performance.now();
        performance.measure('signwall-export:draw', {
          start: end - data.encodeMs - data.drawMs,
          duration: data.drawMs,
        });
        performance.measure('signwall-export:encode', { start: end - data.encodeMs, end });
        return png.resolve(data.png);
      }
      case 'renderFailed':
        return png.reject(new WorkerUnavailableError(data.message));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    unavailable(event.message || 'the export worker did not start');
  };
  worker.onmessageerror = () => unavailable('a message could not be read');
  send({ type: 'load' });

  return {
    loaded: loaded.promise,
    render() {
      png = deferred<Blob>();
      send({ type: 'render' });
      return png.promise;
    },
    close() {
      worker.terminate();
      loaded.reject(new ExportCancelledError());
      png.reject(new ExportCancelledError());
    },
  };
}

let prestarted: WorkerExport | null = null;

/**
 * Starts the worker (and so the wall's read) before the export's screen is there: the router
 * calls it beside loading the route's code, which the read need not wait for.
 */
export function prestartWorkerExport(): void {
  prestarted ??= startWorkerExport();
}

/** The worker prestarted for this visit, or a new one (null where no worker can render). */
export function takeWorkerExport(): WorkerExport | null {
  const taken = prestarted ?? startWorkerExport();
  prestarted = null;
  return taken;
}
