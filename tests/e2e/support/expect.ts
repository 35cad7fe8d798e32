/**
 * Playwright's `expect`, with `expect.poll` checking as often as its locator assertions do.
 *
 * Left to itself, `expect.poll` waits 100, 250, 500 and then 1000 ms between checks, so a value
 * that turns true 400 ms in is seen at 850 ms, and one at 900 ms only at 1850 ms; the suite polls
 * for toasts, pixels and rows some 150 times. Locator assertions retry after 20, 50, 100, 100 and
 * then every 500 ms; polls here do about the same, capped at 250 ms (a check is one evaluate or one
 * request, cheap next to the page's own work). A call that passes its own `intervals` keeps them.
 */
import { expect as playwrightExpect } from '@playwright/test';

const POLL_INTERVALS = [20, 50, 100, 100, 250];

type Poll = typeof playwrightExpect.poll;
type PollOptions = Exclude<Parameters<Poll>[1], string | undefined>;

const poll = ((generator, messageOrOptions) => {
  const options: PollOptions =
    typeof messageOrOptions === 'string' ? { message: messageOrOptions } : (messageOrOptions ?? {});
  return playwrightExpect.poll(generator, { intervals: POLL_INTERVALS, ...options });
}) as Poll;

export const expect: typeof playwrightExpect = new Proxy(playwrightExpect, {
  get: (target, property, receiver) =>
    property === 'poll' ? poll : Reflect.get(target, property, receiver),
});
