/**
 * Whether visitors are being served: the requests in flight, and when the last one ended. Work
 * nobody waits for (a link preview's render) waits for a quiet moment first, so that it never takes
 * a core from a visitor's load: on a 2-core server, rendering the preview of a heavy wall beside a
 * visitor's first load of it doubled that load. A server that is never quiet still gets the work
 * done, after `maxWaitMs`.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface ActivityClock {
  now(): number;
  /** Resolves after `ms`, or rejects once `signal` aborts; never keeps the process alive. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: ActivityClock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { ref: false, signal }),
};

export class Activity {
  #inFlight = 0;
  #lastEnded = -Infinity;
  readonly #clock: ActivityClock;

  constructor(clock: ActivityClock = realClock) {
    this.#clock = clock;
  }

  /** Counts a request in; the function returned counts it out (once, however often called). */
  begin(): () => void {
    this.#inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#inFlight--;
      this.#lastEnded = this.#clock.now();
    };
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Resolves once no request has been in flight for `quietMs`, or `maxWaitMs` after the call,
   * whichever comes first; at once when `signal` is aborted.
   */
  async whenQuiet(quietMs: number, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = this.#clock.now() + maxWaitMs;
    while (!signal?.aborted) {
      const now = this.#clock.now();
      const quietFor = this.#inFlight === 0 ? now - this.#lastEnded : 0;
      if (quietFor >= quietMs || now >= deadline) return;
      try {
        await this.#clock.sleep(Math.min(quietMs - quietFor, deadline - now), signal);
      } catch {
        return;
      }
    }
  }
}
