/**
 * Helpers for the corner tests: pan, as a visitor does, until the spec's clamp stops
 * the view at a corner of the wall, and find which of our own controls (not the spec's '<',
 * mode toggle and readout) lie over a screen rect: by their boxes, and by what the browser
 * really hits there (elementFromPoint).
 */
import type { Page } from '@playwright/test';
import type { Board, XY } from './board.ts';

export const WALL = 3200;
/** Each corner of the wall, this many wall pixels square, must be reachable. */
export const CORNER_REACH = 150;

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
/** Round the wall: each pan from one to the next moves along one axis only. */
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The controls we added, each interactive part by itself: the empty space of a group of them is
 * not a control (and must let the wall have the pointer).
 */
export const OUR_CONTROLS: Readonly<Record<string, string>> = {
  'Zoom in': 'button[aria-label="Zoom in"]',
  'Zoom out': 'button[aria-label="Zoom out"]',
  'More tools': 'button[aria-label="More tools"]',
  'Share this view': '[aria-label="Share this view"]',
  'Find a free spot': '[aria-label="Find a free spot"]',
  'Download PNG': '[aria-label="Download PNG"]',
  'overview button': 'button[aria-label$="wall overview"]',
  'overview map': 'section[aria-label="Wall overview"] > div',
};

const isRight = (c: Corner) => c.endsWith('right');
const isBottom = (c: Corner) => c.startsWith('bottom');

/**
 * Drags the wall (mouse, or one finger with `touch`) towards `corner` until the clamp stops it,
 * in drags of (dx, dy) centred on the screen's middle, short enough that the pointer never crosses
 * a control (a drag that starts or passes over one is not the wall's to test here).
 */
export async function panToCorner(
  board: Board,
  corner: Corner,
  [dx, dy]: XY,
  { touch = false, steps = 5 } = {},
): Promise<void> {
  const { width, height } = board.page.viewportSize()!;
  // To see the wall's right edge the wall slides left: the drag goes the other way.
  const mx = isRight(corner) ? -dx : dx;
  const my = isBottom(corner) ? -dy : dy;
  const from: XY = [width / 2 - mx / 2, height / 2 - my / 2];
  for (let i = 0; i < 40; i++) {
    const { x, y, scale } = await board.camera();
    const wall = WALL * scale;
    if (x === (isRight(corner) ? width - wall : 0) && y === (isBottom(corner) ? height - wall : 0))
      return;
    if (touch) await board.touchPanBy(mx, my, from, steps);
    else await board.panBy(mx, my, from, steps);
  }
  throw new Error(`the view never reached the ${corner} clamp`);
}

/** The screen rect of the wall's `corner` area at the current camera. */
export async function cornerOnScreen(board: Board, corner: Corner): Promise<Box> {
  const { x, y, scale } = await board.camera();
  const wx = isRight(corner) ? WALL - CORNER_REACH : 0;
  const wy = isBottom(corner) ? WALL - CORNER_REACH : 0;
  const side = CORNER_REACH * scale;
  return { x: x + wx * scale, y: y + wy * scale, width: side, height: side };
}

/**
 * What keeps `rect` from the wall: each of our controls whose box overlaps it (sharing an edge is
 * not overlapping), and whatever the browser hits at a point of a 5 px grid inside it that is
 * neither the wall nor one of the spec's own controls (the '<' and the mode toggle; the readout
 * and the toasts let the pointer through).
 */
export async function whatCovers(page: Page, rect: Box): Promise<string[]> {
  return page.evaluate(
    ({ rect, controls }) => {
      const found = new Set<string>();
      for (const [name, selector] of controls) {
        for (const el of Array.from(document.querySelectorAll(selector))) {
          const b = el.getBoundingClientRect();
          const overlaps =
            b.width > 0 &&
            b.left < rect.x + rect.width &&
            rect.x < b.right &&
            b.top < rect.y + rect.height &&
            rect.y < b.bottom;
          if (overlaps) found.add(`${name} (box)`);
        }
      }
      const wall = document.querySelector('[role="application"]');
      const specControls = Array.from(document.querySelectorAll('.board-back, .board-toggle'));
      for (let y = rect.y + 0.5; y < rect.y + rect.height; y += 5) {
        for (let x = rect.x + 0.5; x < rect.x + rect.width; x += 5) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || wall?.contains(hit) || specControls.some((c) => c.contains(hit))) continue;
          const label = hit.closest('[aria-label]')?.getAttribute('aria-label');
          found.add(`${label ?? hit.className} (hit)`);
        }
      }
      return [...found].sort();
    },
    { rect, controls: Object.entries(OUR_CONTROLS) },
  );
}

/** The boxes of our controls that are shown. */
export async function ourControlBoxes(page: Page): Promise<Array<{ name: string; box: Box }>> {
  return page.evaluate((controls) => {
    return controls.flatMap(([name, selector]) =>
      Array.from(document.querySelectorAll(selector)).flatMap((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0
          ? [{ name, box: { x: b.left, y: b.top, width: b.width, height: b.height } }]
          : [];
      }),
    );
  }, Object.entries(OUR_CONTROLS));
}

/** The share of the screen the union of `boxes` covers (0–1), counted on a 1 px raster. */
export function coveredShare(boxes: readonly Box[], width: number, height: number): number {
  const covered = new Uint8Array(width * height);
  for (const b of boxes) {
    const x0 = Math.max(0, Math.floor(b.x));
    const y0 = Math.max(0, Math.floor(b.y));
    const x1 = Math.min(width, Math.ceil(b.x + b.width));
    const y1 = Math.min(height, Math.ceil(b.y + b.height));
    for (let y = y0; y < y1; y++) covered.fill(1, y * width + x0, y * width + x1);
  }
  return covered.reduce((sum, c) => sum + c, 0) / (width * height);
}
