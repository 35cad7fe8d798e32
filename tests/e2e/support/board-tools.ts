/**
 * The board's 'Type your name' and 'List of signatures' tools, for their specs: their buttons (on
 * a phone behind "More tools"), their panels' parts, and the live region that tells new
 * signatures. Words are retyped here, so that a change to the app's words fails a test.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';

export const TOOL = { typeName: 'Type your name', list: 'List of signatures' } as const;

export function toolButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** Opens a tool with the mouse, or with a finger through "More tools" on a phone. */
export async function openTool(page: Page, name: string, how: 'click' | 'tap' = 'click') {
  if (how === 'tap') {
    await page.getByRole('button', { name: 'More tools' }).tap();
    await toolButton(page, name).tap();
  } else {
    await toolButton(page, name).click();
  }
  await expect(toolPanel(page, name)).toBeVisible();
}

export function toolPanel(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

export function nameField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Your name' });
}

export function listParts(page: Page) {
  const panel = toolPanel(page, TOOL.list);
  return {
    panel,
    search: panel.getByRole('searchbox', { name: 'Search captions' }),
    listbox: panel.getByRole('listbox', { name: 'Signatures' }),
    options: panel.getByRole('option'),
    count: panel.getByRole('status'),
    order: (name: 'Newest first' | 'Nearest first') => panel.getByRole('radio', { name }),
    close: panel.getByRole('button', { name: 'Close the list' }),
  };
}

/** The caption (its first line) of the option the listbox names as active (aria-activedescendant). */
export async function activeOption(listbox: Locator): Promise<string | null> {
  return listbox.evaluate((el) => {
    const id = el.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option?.firstElementChild?.textContent ?? null;
  });
}

/** The live region that tells signatures arriving while the board is open. */
export function arrivalsRegion(page: Page): Locator {
  return page.getByTestId('new-arrivals');
}

/** Records every text the arrivals' region is given from the page's start. */
export async function recordArrivals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __arrivals: string[] };
    w.__arrivals = [];
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const region = (m.target as Element).closest?.('[data-testid="new-arrivals"]');
        if (!region) continue;
        m.addedNodes.forEach((node) => w.__arrivals.push(node.textContent ?? ''));
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function arrivalsTold(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __arrivals: string[] }).__arrivals);
}

/** A short signature at wall (x, y), with a caption. */
export function signatureAt(x: number, y: number, caption: string | null) {
  return {
    strokes: [
      [
        [x, y],
        [x + 100, y + 20],
        [x + 160, y],
      ],
    ],
    caption,
  };
}
