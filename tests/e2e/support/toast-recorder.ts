/**
 * Records every toast the page shows, however briefly, from before the app's first script runs:
 * a MutationObserver notes each toast element as it is inserted (the toast element is keyed by
 * its sequence number, so every toast is a new element), and an animation-frame sampler notes
 * which toasts were on screen when a frame was produced.
 */
import type { Page } from '@playwright/test';

export interface RecordedToast {
  text: string;
  /** location.pathname when it appeared (the app navigates without reloading). */
  path: string;
  /** performance.now() when it was inserted. */
  at: number;
}

export interface ToastLog {
  inserted: RecordedToast[];
  /** For each toast text: performance.now() of the first animation frame that had it in the DOM. */
  firstFrame: Record<string, number>;
}

declare global {
  interface Window {
    __toastLog?: ToastLog;
  }
}

export async function installToastRecorder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ToastLog = { inserted: [], firstFrame: {} };
    window.__toastLog = log;
    const SELECTOR = '[data-testid="toast"]';
    const note = (el: Element) =>
      log.inserted.push({
        text: el.textContent ?? '',
        path: location.pathname,
        at: performance.now(),
      });
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        m.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          if (node.matches(SELECTOR)) note(node);
          node.querySelectorAll(SELECTOR).forEach(note);
        });
      }
    }).observe(document, { childList: true, subtree: true });
    const sample = (now: number) => {
      const text = document.querySelector(SELECTOR)?.textContent;
      if (text && !(text in log.firstFrame)) log.firstFrame[text] = now;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

export async function readToastLog(page: Page): Promise<ToastLog> {
  return page.evaluate(() => window.__toastLog ?? { inserted: [], firstFrame: {} });
}

/** The texts of the toasts shown while the page was at `path`, in order. */
export function toastsAt(log: ToastLog, path: string): string[] {
  return log.inserted.filter((t) => t.path === path).map((t) => t.text);
}
