/**
 * The memory that all answers on their way may hold, for the whole server. An answer handed to a
 * socket stays in the server's memory until its client takes it, and a client that reads nothing
 * keeps it there until the socket's timeout: each address is held to `maxUnsentBytesPerAddress`
 * (connections.ts), but sockets from many addresses asking for 32 MiB pages without compression and
 * never reading raised the server to 3.4 GB in 11 s. So the server holds at most `max` bytes of
 * answers in all, and when a new answer would pass it, the sockets that stopped taking theirs are
 * cut (destroyed, which frees what they hold), the longest stalled first: a reader that does not
 * read is cut, never the server.
 *
 * A socket counts as reading while it took part of its answer within the last `stallMs`. Large
 * answers are written in slices of PACE_BYTES, each handed over when the socket has room for it,
 * so the server sees when each socket last took something; a small answer leaves for the kernel
 * at once on any socket that reads. If cutting the stalled ones does not make room (every holder
 * is still reading), a new read's answer is refused with a 503 and Retry-After (supabase-js retries
 * a GET after it); an answer of at most SMALL_ANSWER_BYTES, or to a write (its change is made
 * already), is sent anyway.
 */
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../log.ts';
import { busyAnswer, type BusyReason } from './busy-answer.ts';

/** Slices of a large answer: a socket that takes one at least every stallMs counts as reading. */
export const PACE_BYTES = 16 * 1024;
/** Answers larger than this are written slice by slice; smaller ones at once. */
const PACE_ABOVE_BYTES = 4 * PACE_BYTES;
/** Answers this small are never refused: error envelopes, a few rows, a save's own row. */
export const SMALL_ANSWER_BYTES = 16 * 1024;
/** A socket that took nothing of its answers for this long may be cut when memory is short. */
export const STALL_MS = 1000;
/** At most one log line about cut sockets and refused answers per this long. */
const LOG_EVERY_MS = 1000;

/** What the budget holds and did, for the log, tests and the benchmark. */
export interface AnswerBudgetStats {
  /** Bytes of answers handed to sockets and not yet passed on to the kernel. */
  held: number;
  /** The most `held` has been. */
  peak: number;
  /** Sockets holding some. */
  sockets: number;
  /** Sockets cut for not reading, since the start. */
  cut: number;
  /** Answers refused (503) for want of memory, since the start. */
  refused: number;
}

interface Holder {
  socket: Socket;
  bytes: number;
  /** When the socket last took part of an answer (or was given its first). */
  progressAt: number;
  cut: boolean;
}

/** One answer's share of the budget. */
export interface Hold {
  /** The socket took another slice. */
  progress(): void;
  /** The answer is with the kernel, or its socket closed; once. */
  release(): void;
}

export class AnswerBudget {
  readonly max: number;
  readonly stallMs: number;
  readonly #now: () => number;
  readonly #holders = new Map<Socket, Holder>();
  #held = 0;
  #peak = 0;
  #cut = 0;
  #refused = 0;

  constructor(max: number, stallMs = STALL_MS, now = () => performance.now()) {
    this.max = max;
    this.stallMs = stallMs;
    this.#now = now;
  }

  /**
   * Counts an answer of `bytes` for `socket`, first cutting stalled sockets if it would pass `max`.
   * Undefined (nothing counted) when there is still no room and the answer `mayExceed` not.
   */
  admit(socket: Socket, bytes: number, mayExceed: boolean): Hold | undefined {
    const now = this.#now();
    if (this.#held > 0 && this.#held + bytes > this.max) {
      this.#cutStalled(socket, this.#held + bytes - this.max, now);
      if (this.#held > 0 && this.#held + bytes > this.max && !mayExceed) {
        this.#refused++;
        return undefined;
      }
    }
    let holder = this.#holders.get(socket);
    if (holder === undefined) {
      holder = { socket, bytes: 0, progressAt: now, cut: false };
      this.#holders.set(socket, holder);
    }
    const mine = holder;
    mine.bytes += bytes;
    this.#held += bytes;
    this.#peak = Math.max(this.#peak, this.#held);
    let released = false;
    return {
      progress: () => {
        mine.progressAt = this.#now();
      },
      release: () => {
        if (released) return;
        released = true;
        if (mine.cut) return; // counted out when it was cut
        mine.bytes -= bytes;
        this.#held -= bytes;
        if (mine.bytes <= 0) this.#holders.delete(mine.socket);
      },
    };
  }

  /** Destroys stalled sockets other than `except`, the longest stalled first, to free `needed`. */
  #cutStalled(except: Socket, needed: number, now: number): void {
    const stalled = [...this.#holders.values()]
      .filter((holder) => holder.socket !== except && now - holder.progressAt >= this.stallMs)
      .sort((a, b) => a.progressAt - b.progressAt);
    for (const holder of stalled) {
      if (needed <= 0) return;
      needed -= holder.bytes;
      holder.cut = true;
      this.#held -= holder.bytes;
      this.#holders.delete(holder.socket);
      this.#cut++;
      holder.socket.destroy();
    }
  }

  get stats(): AnswerBudgetStats {
    return {
      held: this.#held,
      peak: this.#peak,
      sockets: this.#holders.size,
      cut: this.#cut,
      refused: this.#refused,
    };
  }
}

/**
 * `body` in slices of about PACE_BYTES, each read only when the socket has room for it; `onSlice`
 * per slice. A string is encoded slice by slice, never copied whole: the read cache's answer is one
 * string however many sockets are sent it.
 */
export function pacedBody(body: string | Buffer, onSlice: () => void): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: PACE_BYTES,
    read() {
      if (offset >= body.length) {
        this.push(null);
        return;
      }
      let end = Math.min(offset + PACE_BYTES, body.length);
      if (typeof body === 'string' && end < body.length) {
        // Never between the two halves of a surrogate pair (an emoji): each slice is valid UTF-16.
        const code = body.charCodeAt(end - 1);
        if (code >= 0xd800 && code <= 0xdbff) end--;
      }
      const slice =
        typeof body === 'string'
          ? Buffer.from(body.slice(offset, end))
          : body.subarray(offset, end);
      offset = end;
      onSlice();
      this.push(slice);
    },
  });
}

const budgets = new WeakMap<FastifyInstance, AnswerBudget>();

/** The server's budget's figures (zeros when it has none). */
export function answerBudgetStats(app: FastifyInstance): AnswerBudgetStats {
  return budgets.get(app)?.stats ?? { held: 0, peak: 0, sockets: 0, cut: 0, refused: 0 };
}

const serverBusy: BusyReason = {
  what: 'The server is busy sending other answers',
  details: 'Too many answers are on their way to clients that have not taken them yet.',
};

/**
 * Holds every answer to `max` bytes in all (see above). Registered right after the per-client
 * limits (connections.ts), so it counts the answer that is actually sent.
 */
export function limitUnsentAnswers(app: FastifyInstance, max: number, log: Logger): void {
  const budget = new AnswerBudget(max);
  budgets.set(app, budget);
  let loggedAt = -Infinity;
  let logged = { cut: 0, refused: 0 };
  let later: NodeJS.Timeout | undefined;
  const reportLater = () => {
    later = undefined;
    report();
  };
  const report = () => {
    const now = performance.now();
    if (now - loggedAt < LOG_EVERY_MS) {
      // One line a second at most, and the last events of a burst in a line of their own.
      later ??= setTimeout(reportLater, loggedAt + LOG_EVERY_MS - now + 1).unref();
      return;
    }
    loggedAt = now;
    const { held, peak, sockets, cut, refused } = budget.stats;
    log.warn(
      {
        heldBytes: held,
        peakBytes: peak,
        maxBytes: budget.max,
        sockets,
        cut: cut - logged.cut,
        refused: refused - logged.refused,
      },
      'answers held in memory reached their limit: cutting sockets that do not read',
    );
    logged = { cut, refused };
  };
  app.addHook('onClose', async () => clearTimeout(later));

  app.addHook('onSend', async (request, reply, payload) => {
    // Streams (static files) are sent with backpressure: they never pile up in memory.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
    const socket = request.raw.socket;
    if (bytes === 0 || socket.destroyed) return payload;
    const before = budget.stats;
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    const hold = budget.admit(socket, bytes, write || bytes <= SMALL_ANSWER_BYTES);
    const after = budget.stats;
    if (after.cut !== before.cut || after.refused !== before.refused) report();
    if (hold === undefined) return busyAnswer(request, reply, serverBusy);
    // 'finish': the last byte went to the kernel; 'close': the socket went first.
    reply.raw.once('finish', hold.release).once('close', hold.release);
    if (bytes <= PACE_ABOVE_BYTES) return payload;
    reply.header('Content-Length', String(bytes));
    return pacedBody(payload, hold.progress);
  });
}
