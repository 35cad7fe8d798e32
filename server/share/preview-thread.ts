/**
 * The preview worker thread as the server drives it (preview-worker.ts runs inside it): one
 * request, then its one answer, in order; and what the server knows the thread holds of the wall,
 * so that the next read sends only what changed (preview-wall-read.ts).
 */
import type { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { PreviewReply, PreviewRequest, PreviewView } from './preview-protocol.ts';
import type { HeldWall } from './preview-wall-read.ts';

const WORKER_URL = new URL('./preview-worker.ts', import.meta.url);

/** One worker and its conversation: a request, then its one answer. */
export class PreviewWorker implements HeldWall {
  readonly #worker: Worker;
  readonly #events: EventEmitter;
  /** The renders sent and not answered yet, in order: the worker answers them in turn. */
  readonly #waiting: Array<{ answer: (reply: PreviewReply) => void; fail: (e: Error) => void }> =
    [];
  dead = false;
  /** The wall version it holds (null: none). */
  version: string | undefined | null = null;
  /** The ids of the rows it holds, and the highest (null: no whole wall yet). */
  ids: Set<number> | null = null;
  maxId = -1;

  constructor(events: EventEmitter, onExit: (error: Error) => void) {
    this.#events = events;
    this.#worker = new Worker(WORKER_URL, { name: 'signwall-previews' });
    this.#worker.unref();
    this.#worker.on('message', (reply: PreviewReply) => {
      if (reply.type === 'started') {
        this.#events.emit('started', reply.family);
        return;
      }
      if (reply.type === 'painting') {
        this.#events.emit('painting');
        return;
      }
      this.#waiting.shift()?.answer(reply);
    });
    const died = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const waiting of this.#waiting.splice(0)) waiting.fail(error);
      onExit(error);
    };
    this.#worker.on('error', died);
    this.#worker.on('exit', (code) => died(new Error(`the preview worker exited (${code})`)));
  }

  send(request: PreviewRequest): void {
    this.#worker.postMessage(request);
  }

  render(view: PreviewView, empty = false): Promise<Extract<PreviewReply, { type: 'rendered' }>> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('the preview worker is gone'));
      this.#waiting.push({
        answer: (reply) => {
          if (reply.type === 'rendered') resolve(reply);
          else reject(new Error(reply.type === 'failed' ? reply.message : 'unexpected reply'));
        },
        fail: reject,
      });
      this.send({ type: 'render', view, empty });
    });
  }

  terminate(): Promise<number> {
    this.dead = true;
    return this.#worker.terminate();
  }
}
