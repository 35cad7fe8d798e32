/**
 * The rest of the wall read in a worker (wall-worker.ts): the page receives packed signatures
 * (src/domain/packed-signatures.ts) and never parses a row of it. The worker starts when the load
 * starts, so its script arrives while the view's rows are read. Where a worker cannot run (no
 * Worker, or its script refused), the rest is read in this thread as before.
 */
import { unpackSignatures } from '../domain/packed-signatures.ts';
import { DataApiError } from './table.ts';
import type { RestReader } from './wall-load.ts';
import type { ReadRestMessage, WallWorkerMessage } from './wall-worker-protocol.ts';

/** The worker could not start, or stopped without a word. */
type Stopped = { readonly type: 'stopped' };

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./wall-worker.ts', import.meta.url), {
      type: 'module',
      name: 'signwall-wall',
    });
  } catch {
    return null;
  }
}

export function restInWorker(fallback: RestReader): RestReader {
  const worker = startWorker();
  if (!worker) return fallback;
  const inbox: Array<WallWorkerMessage | Stopped> = [];
  let wake: (() => void) | null = null;
  const receive = (message: WallWorkerMessage | Stopped) => {
    inbox.push(message);
    wake?.();
    wake = null;
  };
  worker.onmessage = (event: MessageEvent<WallWorkerMessage>) => receive(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    receive({ type: 'stopped' });
  };
  worker.onmessageerror = () => receive({ type: 'stopped' });

  return {
    async *read(rest) {
      worker.postMessage({ type: 'read-rest', rest } satisfies ReadRestMessage);
      let received = false;
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        switch (message.type) {
          case 'chunk':
            received = true;
            yield { rows: message.rows, signatures: unpackSignatures(message.packed) };
            break;
          case 'done':
            return;
          case 'failed':
            throw new DataApiError(message.message, message.code, message.status);
          case 'stopped':
            // Before any page: the worker never ran (a browser or policy without module workers).
            if (!received) {
              yield* fallback.read(rest);
              return;
            }
            throw new Error('Loading signatures failed: the reading worker stopped');
        }
      }
    },
    close: () => worker.terminate(),
  };
}
