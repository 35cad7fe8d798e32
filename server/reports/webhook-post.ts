/**
 * One POST of JSON to the owner's webhook (REPORT_WEBHOOK_URL), with a timeout, never following a
 * redirect, and an answer that says whether to try again and when the receiver asked for it
 * (`Retry-After`, as Slack, Discord and ntfy send with a 429). It never throws. The URL is never
 * put into a message: Slack's and Discord's carry their secret in the path.
 */

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

export type PostResult =
  | { ok: true; status: number }
  | {
      ok: false;
      /** Why, in words for the log (the status, or the error's name and message). */
      reason: string;
      status?: number;
      /** What the receiver's Retry-After asked for, in ms. */
      retryAfterMs?: number;
    };

/** A Retry-After header's wait in ms: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export async function postJson(url: string, body: string, timeoutMs: number): Promise<PostResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    // Nothing of the answer is needed; cancelling the body frees the socket.
    await response.body?.cancel();
    if (response.ok) return { ok: true, status: response.status };
    return {
      ok: false,
      status: response.status,
      reason: `refused (${response.status})`,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // A URL it could not parse is quoted in the error: never let it reach the log.
    return { ok: false, reason: `not delivered (${reason.split(url).join('<the webhook URL>')})` };
  }
}
