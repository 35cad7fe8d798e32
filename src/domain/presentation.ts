/**
 * How the product looks and speaks: stroke and caption styles, colours, the toasts' words (spec §4
 * and §8, word for word) and timings. Only the browser uses these; the limits they quote are the
 * rules' (rules.ts).
 */
export const STROKE_STYLE = {
  stroke: '#ffffff',
  strokeWidth: 3,
  lineCap: 'round',
  lineJoin: 'round',
} as const;

export const SELECTION_STYLE = {
  stroke: '#1e90ff',
  strokeWidth: 2,
  dash: [10, 5],
} as const;

export const CAPTION_STYLE = {
  fill: 'gold',
  fontStyle: 'bold',
  fontSize: 14,
  /** The caption's (first line's) baseline sits this far below the outline's bottom edge. */
  baselineOffset: 15,
  /**
   * A caption wraps within its signature's width: baselines this far apart (1.2 × the
   * font size, the usual line spacing), at most `maxLines` lines, the last one ending in '…'
   * when the caption does not fit.
   */
  lineHeight: 17,
  maxLines: 3,
  /** Room under the last line's baseline for descenders (about 3 px at 14 px) and marks below. */
  descent: 5,
} as const;

export const WALL_BACKGROUND = '#333333';
/** What the board shows beyond the wall's edge (global.css's --outside): darker than the wall. */
export const OUTSIDE_WALL = '#18181b';
export const EXPORT_FILE_NAME = 'canvas-signatures.png';
export const TOAST_TIMEOUT_MS = 2000;
export const EXPORT_REDIRECT_MS = 1000;

/** Default caption of a signature saved without one. */
export function defaultCaption(id: number): string {
  return `#${id}`;
}
