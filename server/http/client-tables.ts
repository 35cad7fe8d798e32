/**
 * The server's tables of per-client state: what each client holds right now, keyed by
 * `clientKey`. Each holds an entry only while the client holds something, so neither is ever
 * larger than the sockets or answers in flight, and neither needs a sweep.
 */
import { clientKey } from './client-key.ts';

/** Past this many times the cap, a client's new sockets are destroyed on arrival. */
export const HARD_CAP_FACTOR = 4;

/**
 * Open sockets per client, and what a new one gets: served, answered 503 (over the cap), or
 * destroyed (past HARD_CAP_FACTOR times the cap).
 */
export class ConnectionCounts {
  readonly max: number;
  readonly hardMax: number;
  readonly #open = new Map<string, number>();

  constructor(max: number) {
    this.max = max;
    this.hardMax = max * HARD_CAP_FACTOR;
  }

  /** Counts a new socket from `address` unless it is destroyed; release(client) when it closes. */
  admit(address: string): { client: string; verdict: 'serve' | 'over-cap' | 'destroy' } {
    const client = clientKey(address);
    const count = this.#open.get(client) ?? 0;
    if (count >= this.hardMax) return { client, verdict: 'destroy' };
    this.#open.set(client, count + 1);
    return { client, verdict: count >= this.max ? 'over-cap' : 'serve' };
  }

  release(client: string): void {
    const left = (this.#open.get(client) ?? 1) - 1;
    if (left <= 0) this.#open.delete(client);
    else this.#open.set(client, left);
  }

  /** The client holds sockets over the cap: some of its requests are being turned away. */
  crowded(client: string): boolean {
    return (this.#open.get(client) ?? 0) > this.max;
  }

  openFor(address: string): number {
    return this.#open.get(clientKey(address)) ?? 0;
  }

  /** How many clients have an entry (all with an open socket). */
  get clients(): number {
    return this.#open.size;
  }
}

/**
 * Bytes of answers handed to each client's sockets and not yet passed on to the kernel. A client
 * that reads slowly, or not at all, keeps its answers in the server's memory (Node copies a string
 * body into each socket's queue) until the idle timeout, or for ever if it reads a trickle; 64
 * sockets each asking for a 6 MB page grew the server by 690 MB. So a client gets a new answer
 * only while what it has not taken yet is under `max`; one answer is always allowed, however
 * large, so no read the server can answer is refused to a client that takes its answers.
 */
export class UnsentBytes {
  readonly max: number;
  readonly #unsent = new Map<string, number>();

  constructor(max: number) {
    this.max = max;
  }

  /** Counts `bytes` for the client and answers true, or answers false if they would pass `max`. */
  reserve(client: string, bytes: number): boolean {
    const unsent = this.#unsent.get(client) ?? 0;
    if (unsent > 0 && unsent + bytes > this.max) return false;
    this.#unsent.set(client, unsent + bytes);
    return true;
  }

  /** The answer of `bytes` was passed on (or its socket closed). */
  release(client: string, bytes: number): void {
    const left = (this.#unsent.get(client) ?? bytes) - bytes;
    if (left <= 0) this.#unsent.delete(client);
    else this.#unsent.set(client, left);
  }

  unsentFor(client: string): number {
    return this.#unsent.get(client) ?? 0;
  }

  /** How many clients have an entry (all with bytes on their way). */
  get clients(): number {
    return this.#unsent.size;
  }
}
