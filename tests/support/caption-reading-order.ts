/**
 * Which way a painted caption reads, from its pixels: the caption 'ש....' (a tall letter, then four
 * low dots, in logical order) painted right to left shows its dots first and the letter last, at
 * the right edge; painted left to right, the letter first at the left edge. Pure: usable from unit
 * tests (the server's canvas) and e2e tests (the board's tiles).
 */

/** A Hebrew letter, then dots: the dots are neutral, so they follow the paragraph's direction. */
export const RTL_CAPTION = 'ש....';
/** The same shape in a left-to-right script. */
export const LTR_CAPTION = 'W....';

export interface InkRun {
  /** First and last column with ink. */
  readonly left: number;
  readonly right: number;
  /** Rows from the highest to the lowest ink pixel in the run. */
  readonly height: number;
}

export interface Area {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Left-to-right runs of columns of `area` that hold ink (a gap of one blank column splits). */
export function inkRuns(area: Area, isInk: (x: number, y: number) => boolean): InkRun[] {
  const runs: InkRun[] = [];
  let current: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let x = area.x; x < area.x + area.width; x++) {
    let top = Infinity;
    let bottom = -Infinity;
    for (let y = area.y; y < area.y + area.height; y++) {
      if (!isInk(x, y)) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    if (top === Infinity) {
      if (current) runs.push(toRun(current));
      current = null;
      continue;
    }
    if (current) {
      current.right = x;
      current.top = Math.min(current.top, top);
      current.bottom = Math.max(current.bottom, bottom);
    } else {
      current = { left: x, right: x, top, bottom };
    }
  }
  if (current) runs.push(toRun(current));
  return runs;
}

function toRun(r: { left: number; right: number; top: number; bottom: number }): InkRun {
  return { left: r.left, right: r.right, height: r.bottom - r.top + 1 };
}

/**
 * How `RTL_CAPTION` or `LTR_CAPTION` was laid out in its caption box `area` (the outline's width):
 * 'rtl' when the letter is the last ink, at the right edge, after the dots; 'ltr' when it is the
 * first, at the left edge; else a description of what was found.
 */
export function readingOrder(area: Area, isInk: (x: number, y: number) => boolean): string {
  const runs = inkRuns(area, isInk);
  if (runs.length < 2) return `${runs.length} run(s) of ink`;
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const edge = 4;
  const tall = (run: InkRun, other: InkRun) => run.height >= 8 && run.height >= 2 * other.height;
  if (tall(last, first) && area.x + area.width - 1 - last.right <= edge) return 'rtl';
  if (tall(first, last) && first.left - area.x <= edge) return 'ltr';
  return JSON.stringify(runs);
}
