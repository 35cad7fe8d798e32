/**
 * Tells the owner of every report (REPORT_WEBHOOK_URL), batched rather than dropped. Reports wait in
 * the database's queue (digest-queue.ts), written in each report's own transaction, so nothing is
 * lost to a burst, a slow or failing receiver, or a restart. This process claims what waits into a
 * digest when the database says one may be sent (the first report of a quiet spell after `gatherMs`,
 * then at most one digest every `minGapMs`, one at a time across every server on the database),
 * posts it (digest-text.ts, webhook-post.ts), then deletes it or, when the post failed, gives its
 * reports back to wait out the backoff the database keeps. A report taken by this process wakes it;
 * reports taken by another process, or left by one that stopped, are found by a poll every `pollMs`.
 *
 * Stopping waits for a post under way (at most its timeout) and settles its digest, so a restart
 * neither loses nor repeats it.
 */
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { claimDigest, finishDigest, readDigest, releaseDigest } from './digest-queue.ts';
import { digestPayload } from './digest-text.ts';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, postJson } from './webhook-post.ts';

export interface ReportNotifierOptions {
  db: Database;
  /** REPORT_WEBHOOK_URL; never logged. */
  url: string;
  /** PUBLIC_URL, for the links to /moderate; '' for bare paths. */
  publicUrl: string;
  logger: Logger;
  /** Per post, connection to the answer's headers; default 5 s. */
  timeoutMs?: number;
  /** The first report of a quiet spell waits this long for the rest of its burst; default 2 s. */
  gatherMs?: number;
  /** At least this long between two digests; default 30 s. */
  minGapMs?: number;
  /** How often to look for reports no wake announced (other processes, a restart); default 10 s. */
  pollMs?: number;
  /** How long a claimed digest stays this process's; default 60 s or four timeouts, the longer. */
  leaseMs?: number;
}

export const DEFAULT_GATHER_MS = 2000;
export const DEFAULT_MIN_GAP_MS = 30_000;
export const DEFAULT_POLL_MS = 10_000;

export class ReportNotifier {
  readonly #db: Database;
  readonly #url: string;
  readonly #publicUrl: string;
  readonly #logger: Logger;
  readonly #timeoutMs: number;
  readonly #gatherMs: number;
  readonly #minGapMs: number;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #cycle: Promise<void> | undefined;
  #closed = false;

  constructor(options: ReportNotifierOptions) {
    this.#db = options.db;
    this.#url = options.url;
    this.#publicUrl = options.publicUrl;
    this.#logger = options.logger;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.#gatherMs = options.gatherMs ?? DEFAULT_GATHER_MS;
    this.#minGapMs = options.minGapMs ?? DEFAULT_MIN_GAP_MS;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#leaseMs = options.leaseMs ?? Math.max(60_000, 4 * this.#timeoutMs);
  }

  /** Starts with whatever already waits (a backlog left by the last run). */
  start(): void {
    this.#runIn(0);
  }

  /** A report was just taken here: its digest is due once its burst has gathered. */
  wake(): void {
    this.#runIn(this.#gatherMs);
  }

  /** Stops; a post under way is finished (within its timeout) and its digest settled. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#cycle;
  }

  /** Runs a cycle in `ms` unless one is already due sooner. */
  #runIn(ms: number): void {
    if (this.#closed) return;
    const at = Date.now() + Math.max(0, ms);
    if (this.#timer !== undefined && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      if (this.#cycle) {
        // One cycle at a time; the one under way schedules the next.
        return;
      }
      this.#cycle = this.#run().finally(() => {
        this.#cycle = undefined;
      });
    }, at - Date.now());
    // A pending digest never keeps the process alive on its own.
    this.#timer.unref();
  }

  async #run(): Promise<void> {
    let next = this.#pollMs;
    try {
      next = await this.#sendOne();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#logger.warn({ event: 'report_digest', reason }, `report notifier: ${reason}`);
    }
    this.#runIn(next);
  }

  /** Claims and posts one digest if one is due; answers when to look again, in ms. */
  async #sendOne(): Promise<number> {
    const claim = await claimDigest(this.#db, {
      leaseMs: this.#leaseMs,
      gatherMs: this.#gatherMs,
      minGapMs: this.#minGapMs,
    });
    if (claim.digestId === null) {
      if (claim.waitUntil === null) return this.#pollMs;
      return Math.min(this.#pollMs * 30, Math.max(0, claim.waitUntil.getTime() - Date.now()));
    }
    const id = claim.digestId;
    let body: string;
    let reports = 0;
    let signatures = 0;
    try {
      const digest = await readDigest(this.#db, id);
      ({ reports, signatures } = digest);
      body = JSON.stringify(digestPayload(digest, this.#publicUrl));
    } catch (error) {
      await releaseDigest(this.#db, id, false);
      throw error;
    }
    const result = await postJson(this.#url, body, this.#timeoutMs);
    const what = `report digest (${reports} reports on ${signatures} signatures)`;
    if (result.ok) {
      await finishDigest(this.#db, id);
      this.#logger.info(
        { event: 'report_digest', reports, signatures, bytes: Buffer.byteLength(body) },
        `webhook: ${what} posted`,
      );
      return 0;
    }
    const retryAt = await releaseDigest(this.#db, id, true, result.retryAfterMs);
    const waitMs = retryAt ? Math.max(0, retryAt.getTime() - Date.now()) : 0;
    this.#logger.warn(
      { event: 'report_digest', reports, status: result.status, retryInMs: waitMs },
      `webhook: ${what} ${result.reason}; next try in ${Math.ceil(waitMs / 1000)} s`,
    );
    return waitMs;
  }
}
