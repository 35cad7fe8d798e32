/**
 * The page's side of the export's workers (export-worker.ts): starts them, which starts the wall's
 * read at once, and hands back the two moments the export waits for: the wall loaded, and the PNG.
 *
 * The wall is cut into horizontal bands, one worker each (one fewer than the device has cores, up
 * to MAX_BANDS): each reads, parses and paints its band side by side with the others, then the
 * first draws the others' bitmaps into its canvas, the whole wall's, and encodes the PNG. With one
 * band, one worker does it all. Where no worker can do the work (no module Worker or 2D
 * OffscreenCanvas, a script refused, a canvas failing), both moments reject with
 * WorkerUnavailableError and the page does it itself.
 */
import { DataApiError } from '../../data/table.ts';
import type {
  ExportWorkerAnswer,
  ExportWorkerCommand,
  PaintedBand,
} from './export-worker-protocol.ts';
import { takeExportWorkers, type StartedWorker } from './export-workers-start.ts';
import { ExportCancelledError } from './render-wall.ts';

export class WorkerUnavailableError extends Error {
  constructor(reason: string) {
    super(`The export's worker is unavailable: ${reason}`);
    this.name = 'WorkerUnavailableError';
  }
}

export interface WorkerExport {
  /** Resolves once every signature is in the workers; rejects with the data API's error. */
  readonly loaded: Promise<void>;
  /** Paints and encodes the wall (after `loaded`). */
  render(): Promise<Blob>;
  /** Stops the workers (their reads and canvases go); what waits is cancelled. */
  close(): void;
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

/** One band's worker: its load, and its answer to the one command it runs at a time. */
class BandWorker {
  readonly loaded = deferred<void>();
  private answer = deferred<ExportWorkerAnswer>();
  private readonly worker: Worker;

  /** Takes over a started worker, with what it already said or suffered. */
  constructor({ worker, answers, errors }: StartedWorker) {
    this.worker = worker;
    worker.onmessage = ({ data }: MessageEvent<ExportWorkerAnswer>) => this.receive(data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new WorkerUnavailableError(event.message || 'the export worker did not start'));
    };
    worker.onmessageerror = () => this.fail(new WorkerUnavailableError('a message was unreadable'));
    for (const answer of answers) this.receive(answer);
    for (const error of errors) this.fail(new WorkerUnavailableError(error));
  }

  private receive(data: ExportWorkerAnswer): void {
    if (data.type === 'loaded') this.loaded.resolve();
    else if (data.type === 'loadFailed') {
      this.loaded.reject(new DataApiError(data.message, data.code, data.status));
    } else if (data.type === 'renderFailed') {
      this.answer.reject(new WorkerUnavailableError(data.message));
    } else this.answer.resolve(data);
  }

  /** Sends `command` and waits for its answer. */
  ask(command: ExportWorkerCommand, transfer: Transferable[] = []): Promise<ExportWorkerAnswer> {
    this.answer = deferred<ExportWorkerAnswer>();
    this.worker.postMessage(command, transfer);
    return this.answer.promise;
  }

  fail(error: Error): void {
    this.loaded.reject(error);
    this.answer.reject(error);
  }

  close(): void {
    this.worker.terminate();
    this.fail(new ExportCancelledError());
  }
}

function expectPng(answer: ExportWorkerAnswer): Extract<ExportWorkerAnswer, { type: 'png' }> {
  if (answer.type !== 'png') throw new WorkerUnavailableError(`answered ${answer.type}`);
  return answer;
}

/**
 * The export's workers, started with the page (export-workers-start.ts) or now, reading the wall;
 * null where no worker can render.
 */
export function takeWorkerExport(): WorkerExport | null {
  const started = takeExportWorkers();
  if (!started) return null;
  const workers = started.map((entry) => new BandWorker(entry));
  const loaded = Promise.all(workers.map((w) => w.loaded.promise)).then(() => undefined);
  loaded.catch(() => undefined);

  return {
    loaded,
    async render() {
      const asked = performance.now();
      let png: Extract<ExportWorkerAnswer, { type: 'png' }>;
      if (workers.length === 1) {
        png = expectPng(await workers[0]!.ask({ type: 'render' }));
      } else {
        // The first band's worker paints its band meanwhile, then takes the others' bitmaps.
        const [first, ...others] = workers;
        const painted = await Promise.all(others.map((w) => w.ask({ type: 'paint' })));
        const parts: PaintedBand[] = painted.map((answer) => {
          if (answer.type !== 'painted')
            throw new WorkerUnavailableError(`answered ${answer.type}`);
          return answer;
        });
        png = expectPng(
          await first!.ask(
            { type: 'encode', bands: parts },
            parts.map((p) => p.bitmap),
          ),
        );
      }
      // The steps under the names the page's own steps have. A band is painted as soon as its
      // rows are in, before the page asks: the draw step is what the page waited for it (the
      // workers' own painting time is its detail), the encode step the worker's encoding.
      const end = performance.now();
      performance.measure('signwall-export:draw', {
        start: asked,
        end: end - png.encodeMs,
        detail: { paintMs: png.drawMs },
      });
      performance.measure('signwall-export:encode', { start: end - png.encodeMs, end });
      return png.png;
    },
    close() {
      for (const worker of workers) worker.close();
    },
  };
}
