/**
 * Turns at the database, shared fairly between clients: one client gets its share, not the server.
 *
 * A turn is one transaction on one of `slots` connections (PGlite has one; a pg Pool has poolSize).
 * Waiting transactions are kept per client (the client's address, server/http/client-key.ts), each
 * client's in arrival order, and a free turn goes to the waiting client served least recently (one
 * never served, or not since it last had nothing running or waiting, first, in arrival order). So
 * clients take turns round-robin, and a client that has just been served waits behind one that
 * has not: with one connection, a visitor's save waits for at most the one save of a flooding
 * client that is running, however many that client sends. Reads go ahead of writes (a read is
 * short; a save can be far costlier), yet while writes wait at most `readsPerWrite` reads go in a
 * row, so a stream of reads cannot starve every save.
 *
 * Every wait is bounded (a timeout, then the caller's error: TurnTimeoutError), a client's entries are
 * deleted as soon as it has nothing running or waiting, and the number of waiters is capped, so
 * the memory held here is bounded by the server's limits, whatever clients do.
 */

export type TurnKind = 'read' | 'write';

export interface TurnRequest {
  /** Whose transaction: turns are shared out between clients. */
  client: string;
  kind: TurnKind;
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

/** A client with turns running, or waiting after it was served. */
interface Served {
  running: number;
  /** The grant count when it was last granted a turn: lower means served longer ago. */
  lastGrant: number;
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
  readonly #served = new Map<string, Served>();
  #grants = 0;
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
      return Promise.resolve(this.#grant(request.client));
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
        }, this.#options.acquireTimeoutMs),
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
    this.#served.clear();
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

  /** Clients the scheduler holds anything for (deleted once nothing of theirs runs or waits). */
  get clients(): number {
    const clients = new Set([...this.#queues.read.keys(), ...this.#queues.write.keys()]);
    for (const client of this.#served.keys()) clients.add(client);
    return clients.size;
  }

  #grant(client: string): Turn {
    const generation = this.#generation;
    const served = this.#served.get(client) ?? { running: 0, lastGrant: 0 };
    served.running++;
    served.lastGrant = ++this.#grants;
    this.#served.set(client, served);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (generation !== this.#generation) return; // reset() already freed it
        served.running--;
        this.#forgetIfIdle(client);
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
      next.resolve(this.#grant(next.client));
    }
  }

  /** The next waiter: reads first (within readsPerWrite), of the client served least recently. */
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
    // Map order is arrival order; a client not served lately (lastGrant 0) wins at once, so the
    // scan goes past only clients that were served and still wait: at most the waiting clients.
    let chosen: string | undefined;
    let oldest = Infinity;
    for (const client of queues.keys()) {
      const lastGrant = this.#served.get(client)?.lastGrant ?? 0;
      if (lastGrant < oldest) {
        chosen = client;
        oldest = lastGrant;
        if (lastGrant === 0) break;
      }
    }
    const queue = queues.get(chosen!)!;
    const waiter = queue.shift()!;
    if (queue.length === 0) queues.delete(chosen!);
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
    this.#forgetIfIdle(waiter.client);
  }

  #forgetIfIdle(client: string): void {
    if (
      (this.#served.get(client)?.running ?? 0) === 0 &&
      !this.#queues.read.has(client) &&
      !this.#queues.write.has(client)
    ) {
      this.#served.delete(client);
    }
  }
}
