/**
 * A signature's card, for the card specs: opening it by a click or a tap on a wall
 * point, its dialog, its report form, and the toasts it speaks, retyped here so that a change
 * to the app's words fails a test.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect } from './expect.ts';
import { line, type Board, type XY } from './board.ts';

export const CARD_TOASTS = {
  reported: 'Thanks, the owner will take a look.',
  alreadyReported: 'You already reported this signature.',
  removed: 'Signature removed.',
} as const;

/** A signature that spans wall (600, 300) to (800, 340); its outline is 10 px wider all round. */
export const SIGNED = {
  strokes: [
    [
      [600, 300],
      [700, 340],
      [800, 300],
    ],
  ],
  caption: 'Hello from the card test',
};
/** A wall point on SIGNED's outline. */
export const ON_SIGNED: XY = [700, 320];

export function cardOf(page: Page, id: number): Locator {
  return page.getByRole('dialog', { name: `Signature #${id}` });
}

/** Any signature's card. */
export function anyCard(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Signature #\d+$/ });
}

/** A mouse click (press and release, no move) at the screen point showing a wall point. */
export async function clickWall(board: Board, wallPoint: XY): Promise<void> {
  const [x, y] = await board.screenOf(wallPoint);
  await board.page.mouse.click(x, y);
}

/** A finger's tap (touch start and end, no move) at the screen point showing a wall point. */
export async function tapWall(board: Board, wallPoint: XY): Promise<void> {
  const at = await board.screenOf(wallPoint);
  await board.touchStroke([at]);
}

/** A finger's drag from a wall point by (dx, dy) screen px. */
export async function touchDragFrom(board: Board, wallPoint: XY, dx: number, dy: number) {
  const from = await board.screenOf(wallPoint);
  await board.touchStroke(line(from, [from[0] + dx, from[1] + dy], 10));
}

/** The report form's parts, inside a card. */
export function reportForm(card: Locator) {
  return {
    reason: (label: string) => card.getByRole('radio', { name: label }),
    note: card.getByRole('textbox', { name: /Note/ }),
    send: card.getByRole('button', { name: 'Send report' }),
    back: card.getByRole('button', { name: 'Back' }),
  };
}

/**
 * Opens the board and waits until it shows the `seeded` signatures: a tap finds a signature by
 * the outlines the board holds, so one must be there before it is tapped.
 */
export async function openShowing(board: Board, seeded: number): Promise<void> {
  await board.open();
  await expect.poll(() => board.shownSignatures()).toBe(seeded);
}

/** Waits until `text` has been toasted (from the record: a 2 s toast may be gone by the look). */
export async function expectToasted(board: Board, text: string): Promise<void> {
  await expect.poll(() => board.toastsShown()).toContain(text);
}

/** The ids of the signatures whose removal secrets this page's browser keeps (localStorage). */
export function keptSecretIds(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(JSON.parse(localStorage.getItem('signwall.removal-secrets') ?? '{}') as object),
  );
}
