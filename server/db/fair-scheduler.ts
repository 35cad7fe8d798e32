/**
 * Turns at the database, shared fairly between clients: one client gets its share, not the server.
 *
 * A turn is one transaction on one of `slots` connections (PGlite has one; a pg Pool has poolSize).
 * Waiting transactions are kept per client (the client's address, server/http/client-key.ts), each
 * client's in arrival order, and the clients are served round-robin: a client with 60 transactions
 * waiting and one with a single one alternate, so the second waits for at most one of the first's.
 * Reads go ahead of writes (a read is short; a save can be far costlier), yet while writes wait at
 * most `readsPerWrite` reads go in a row, so a stream of reads cannot starve every save.
 *
 * Every wait is bounded (a timeout, then the caller's error: 504 PGRST003), a client's entry is
 * deleted as soon as it has nothing waiting, and the number of waiters is capped, so the memory
 * held here is bounded by the server's limits, whatever clients do.
 */

export type TurnKind = 'read' | 'write';

export interface TurnRequest {
  /** Whose transaction: its turns are shared with other clients' round-robin. */
  client: string;
  kind: TurnKind;
  /** Longest wait for the turn; default the scheduler's `acquireTimeoutMs`. */
  timeoutMs?: number;
}

/** A granted turn; `release` hands it on (once; later calls do nothing). */
export interface Turn {
  release(): void;
}

export interface FairSchedulerOptions {
  /** Transactions that may run at once. */
  slots: number;
  acquireTimeoutMs: number;
  /** What a wait that runs out rejects with. */
  timeoutError: () => Error;
  /** Reads granted in a row while writes wait, before one write goes. */
  readsPerWrite?: number;
  /** Waiters at most; beyond them a request is refused at once with `timeoutError`. */
  maxWaiting?: number;
}

interface Waiter {
  client: string;
  kind: TurnKind;
  resolve: (turn: Turn) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export const FAIR_SCHEDULER_DEFAULTS = {
  readsPerWrite: 8,
  // Far above what the sockets allowed per address times a crowd of addresses ever queue; a
  // waiter is a few hundred bytes, so this bounds the queues to a few megabytes.
  maxWaiting: 10_000,
} as const;

export class FairScheduler {
  readonly #options: Required<FairSchedulerOptions>;
  readonly #queues: Record<TurnKind, Map<string, Waiter[]>> = {
    read: new Map(),
    write: new Map(),
  };
  #free: number;
  #waiting = 0;
  #readsInARow = 0;
  /** Bumped by reset(): turns granted before it release nothing. */
  #generation = 0;

  constructor(options: FairSchedulerOptions) {
    this.#options = { ...FAIR_SCHEDULER_DEFAULTS, ...options };
    this.#free = options.slots;
  }

  /** Resolves once it is this request's turn; rejects with `timeoutError` when the wait runs out. */
  acquire(request: TurnRequest): Promise<Turn> {
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(this.#grant());
    }
    if (this.#waiting >= this.#options.maxWaiting) {
      return Promise.reject(this.#options.timeoutError());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client: request.client,
        kind: request.kind,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#remove(waiter);
          reject(this.#options.timeoutError());
        }, request.timeoutMs ?? this.#options.acquireTimeoutMs),
      };
      const queues = this.#queues[request.kind];
      const queue = queues.get(request.client);
      if (queue) queue.push(waiter);
      else queues.set(request.client, [waiter]);
      this.#waiting++;
    });
  }

  /**
   * Every waiter rejects with `error` and every slot is free again: PGlite's watchdog dropped the
   * connection the running turns were using (they can no longer run a statement).
   */
  reset(error: Error): void {
    this.#generation++;
    this.#free = this.#options.slots;
    this.#readsInARow = 0;
    for (const queues of Object.values(this.#queues)) {
      for (const queue of queues.values()) {
        for (const waiter of queue) {
          clearTimeout(waiter.timer);
          waiter.reject(error);
        }
      }
      queues.clear();
    }
    this.#waiting = 0;
  }

  /** Transactions waiting for a turn. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Clients with a transaction waiting (their entries are deleted once they have none). */
  get waitingClients(): number {
    return this.#queues.read.size + this.#queues.write.size;
  }

  #grant(): Turn {
    const generation = this.#generation;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (generation !== this.#generation) return; // reset() already freed it
        this.#free++;
        this.#dispatch();
      },
    };
  }

  #dispatch(): void {
    while (this.#free > 0) {
      const next = this.#next();
      if (!next) return;
      clearTimeout(next.timer);
      this.#free--;
      next.resolve(this.#grant());
    }
  }

  /** The next waiter: reads first (within readsPerWrite), round-robin over clients. */
  #next(): Waiter | undefined {
    const readsWait = this.#queues.read.size > 0;
    const writesWait = this.#queues.write.size > 0;
    let kind: TurnKind;
    if (readsWait && (!writesWait || this.#readsInARow < this.#options.readsPerWrite)) {
      kind = 'read';
      this.#readsInARow = writesWait ? this.#readsInARow + 1 : 0;
    } else if (writesWait) {
      kind = 'write';
      this.#readsInARow = 0;
    } else {
      return undefined;
    }
    const queues = this.#queues[kind];
    // A Map keeps insertion order: the first client is the one whose turn it is; it goes to the
    // back of the round if it has more waiting.
    const [client, queue] = queues.entries().next().value!;
    const waiter = queue.shift()!;
    queues.delete(client);
    if (queue.length > 0) queues.set(client, queue);
    this.#waiting--;
    return waiter;
  }

  #remove(waiter: Waiter): void {
    const queues = this.#queues[waiter.kind];
    const queue = queues.get(waiter.client);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) queues.delete(waiter.client);
    this.#waiting--;
  }
}
