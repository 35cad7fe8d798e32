/**
 * Outgoing webhook posts (REPORT_WEBHOOK_URL): JSON POSTed to one URL, each with a timeout, never
 * awaited by the request that caused it, and at most `maxInFlight` at once: a hook that hangs or a
 * flood of events costs a few sockets, never the server's memory. Beyond that a post is dropped and
 * the drop logged. The URL is never logged: Slack's and Discord's carry their secret in the path.
 */
import type { Logger } from '../log.ts';

export interface WebhookOptions {
  url: string;
  /** Per post, connection to last byte of the answer's headers; default 5 s. */
  timeoutMs?: number;
  /** Posts under way at once (building the payload included); default 4. */
  maxInFlight?: number;
  logger: Logger;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;
export const DEFAULT_WEBHOOK_IN_FLIGHT = 4;

export class Webhook {
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #maxInFlight: number;
  readonly #logger: Logger;
  #inFlight = 0;

  constructor(options: WebhookOptions) {
    this.#url = options.url;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.#maxInFlight = options.maxInFlight ?? DEFAULT_WEBHOOK_IN_FLIGHT;
    this.#logger = options.logger;
  }

  /** Posts under way now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /**
   * Builds the payload and posts it, in the background; false when it was dropped because
   * `maxInFlight` posts are already under way. Never throws and never rejects: failures are logged.
   */
  post(event: string, payload: () => Promise<unknown>): boolean {
    if (this.#inFlight >= this.#maxInFlight) {
      this.#logger.warn(
        { event, inFlight: this.#inFlight },
        `webhook: ${event} dropped, ${this.#inFlight} posts already under way`,
      );
      return false;
    }
    this.#inFlight++;
    void this.#deliver(event, payload).finally(() => {
      this.#inFlight--;
    });
    return true;
  }

  async #deliver(event: string, payload: () => Promise<unknown>): Promise<void> {
    try {
      const body = JSON.stringify(await payload());
      const response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(this.#timeoutMs),
        redirect: 'error',
      });
      // Nothing of the answer is needed; reading it to the end frees the socket.
      await response.body?.cancel();
      if (!response.ok) {
        this.#logger.warn(
          { event, status: response.status },
          `webhook: ${event} refused (${response.status})`,
        );
      }
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.#logger.warn({ event, reason }, `webhook: ${event} not delivered (${reason})`);
    }
  }
}
