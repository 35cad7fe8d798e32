/**
 * One PGlite worker thread and the messages to it. Knows nothing of budgets or restarts: it answers
 * each request with the worker's reply, and rejects pending requests once the worker is gone.
 */
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from './errors.ts';
import type { Reply, Request, WorkerData } from './pglite-protocol.ts';

/** Node 22.18+ strips types itself; older ones get here only through tsx (pglite-worker-tsx.mjs). */
const STRIPS_TYPES = Boolean((process.features as { typescript?: unknown }).typescript);
const WORKER_URL = new URL(
  STRIPS_TYPES ? './pglite-worker.ts' : './pglite-worker-tsx.mjs',
  import.meta.url,
);

/**
 * The worker's stack. Node's 4 MB default lets nested JSON of a few thousand levels overflow the
 * JavaScript stack before Postgres's own max_stack_depth check (2 MB of the WASM stack) answers
 * with a clean "stack depth limit exceeded"; 16 MB lets that check fire first for ~100,000 levels.
 * Deeper nesting can still overflow: the watchdog handles that.
 */
const WORKER_STACK_MB = 16;

/** Why a connection is gone: its worker ended, or PGlite logged PANIC/FATAL (it may be spinning). */
export type DeathReason = 'worker_died' | 'pglite_broken';
type OnDeath = (reason: DeathReason, detail: string) => void;
/** A NOTIFY the worker heard on one of the channels it was opened with. */
export type OnNotification = (channel: string, payload: string) => void;

/** A request before it gets its id (Omit over each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type RequestBody = WithoutId<Request>;

export class PgliteConnection {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: Reply | Error) => void>();
  private gone = false;
  private stopping = false;

  private readonly worker: Worker;
  /** Called once if the worker dies or PGlite breaks on its own (not after terminate()/close()). */
  private readonly onDeath: OnDeath;

  private constructor(worker: Worker, onDeath: OnDeath, onNotification?: OnNotification) {
    this.worker = worker;
    this.onDeath = onDeath;
    worker.on('message', (reply: Reply) => {
      if (!('id' in reply)) {
        if (reply.op === 'broken') this.died('pglite_broken', reply.message);
        if (reply.op === 'notification') onNotification?.(reply.channel, reply.payload);
        return;
      }
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      settle?.(reply);
    });
    worker.on('error', (error) =>
      this.died('worker_died', `worker error: ${error.name}: ${error.message}`),
    );
    worker.on('exit', (code) => this.died('worker_died', `worker exited with code ${code}`));
  }

  /**
   * Starts a worker on dataDir; rejects if PGlite does not answer ready within timeoutMs. The
   * worker LISTENs on `listen.channels` and hands each NOTIFY to `listen.onNotification`.
   */
  static open(
    dataDir: string,
    timeoutMs: number,
    onDeath: OnDeath,
    listen?: { channels: string[]; onNotification: OnNotification },
  ): Promise<PgliteConnection> {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir, channels: listen?.channels ?? [] } satisfies WorkerData,
      resourceLimits: { stackSizeMb: WORKER_STACK_MB },
    });
    return new Promise((resolve, reject) => {
      const fail = (message: string) => {
        cleanup();
        void worker.terminate();
        reject(new Error(message));
      };
      const onMessage = (reply: Reply) => {
        if ('id' in reply || reply.op === 'notification') return;
        if (reply.op === 'ready') {
          cleanup();
          resolve(new PgliteConnection(worker, onDeath, listen?.onNotification));
        } else fail(reply.message); // open-failed, or broken while opening
      };
      const onError = (error: Error) => fail(`${error.name}: ${error.message}`);
      const onExit = (code: number) => fail(`worker exited with code ${code} while opening`);
      const timer = setTimeout(() => fail(`PGlite did not open within ${timeoutMs} ms`), timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  request(body: RequestBody): Promise<Reply> {
    if (this.gone) return Promise.reject(new DatabaseUnavailableError());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => (reply instanceof Error ? reject(reply) : resolve(reply)));
      this.worker.postMessage({ ...body, id });
    });
  }

  /** Stops the worker wherever it is (even mid-statement in WASM); resolves once it has exited. */
  async terminate(): Promise<void> {
    this.stopping = true;
    this.rejectPending();
    await this.worker.terminate();
  }

  /**
   * Lets PGlite close (flushing to disk) for up to timeoutMs, then terminates. True when PGlite
   * closed by itself (its files are a cleanly shut down cluster).
   */
  async close(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    let closed = false;
    if (!this.gone) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.request({ op: 'close' }).then(
          (reply) => (closed = 'ok' in reply && reply.ok),
          () => undefined,
        ),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    await this.terminate();
    return closed;
  }

  private rejectPending(): void {
    this.gone = true;
    const settles = [...this.pending.values()];
    this.pending.clear();
    for (const settle of settles) settle(new DatabaseUnavailableError());
  }

  private died(reason: DeathReason, detail: string): void {
    const unexpected = !this.gone && !this.stopping;
    this.rejectPending();
    if (unexpected) this.onDeath(reason, detail);
  }
}
