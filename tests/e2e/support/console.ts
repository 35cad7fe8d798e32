/**
 * What the page logs with console.error, read the same in every browser: recorded in the page.
 * Playwright's console events do not carry it everywhere: for `console.error(error)` Chromium's
 * `text()` is the error's stack, but Firefox's (WebDriver BiDi) is "Error", and the argument's
 * handle there is a bare Error without the app's message.
 */
import type { Page } from '@playwright/test';

/** Records the text of every console.error call from the page's start (before its scripts). */
export async function recordConsoleErrors(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __consoleErrors: string[] };
    w.__consoleErrors = [];
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const words = args.map((arg) =>
        arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg),
      );
      w.__consoleErrors.push(words.join(' '));
      original(...args);
    };
  });
}

/** Every console.error the page logged so far (`recordConsoleErrors`), as text. */
export async function consoleErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __consoleErrors: string[] }).__consoleErrors);
}
