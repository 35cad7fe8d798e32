/**
 * Every number and text of the product that more than one place needs (spec §9, docs/architecture.md §3).
 * The SQL rules in supabase/migrations repeat the limits; tests keep the two in step.
 */

/** The wall is a square of this many wall pixels. */
export const WALL_SIZE = 3200;
/** An outline is the points' bounding box grown by this much on every side. */
export const OUTLINE_PADDING = 10;

/**
 * A signature's points span at most this many wall pixels (its bounding box before padding), so
 * no single save can claim the wall. Enforced by the database for new rows; old rows are kept.
 */
export const MAX_SIGNATURE_WIDTH = 800;
export const MAX_SIGNATURE_HEIGHT = 600;

export const MAX_STROKES = 64;
/**
 * Points and length of strokes per signature: what bounds the database's work on a save (issue
 * 19: its overlap check walks the strokes, so every save is decided in a bounded time). A real
 * signature saves ~30 points and a few hundred to a few thousand px of strokes; these leave an
 * elaborate drawing plenty of room. Counted as saved (strokes are simplified at save).
 */
export const MAX_POINTS = 3_000;
/** The strokes' length in wall pixels: every segment's length, added up. */
export const MAX_STROKE_LENGTH = 20_000;
export const MAX_CAPTION_LENGTH = 200;
/** Request bodies over this are refused before they are parsed (413). */
export const MAX_BODY_BYTES = 512 * 1024;

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
   * A caption wraps within its signature's width (issue 19): baselines this far apart (1.2 × the
   * font size, the usual line spacing), at most `maxLines` lines, the last one ending in '…'
   * when the caption does not fit.
   */
  lineHeight: 17,
  maxLines: 3,
  /** Room under the last line's baseline for descenders (about 3 px at 14 px) and marks below. */
  descent: 5,
} as const;

export const WALL_BACKGROUND = '#333333';
export const EXPORT_FILE_NAME = 'canvas-signatures.png';
export const TOAST_TIMEOUT_MS = 2000;
export const EXPORT_REDIRECT_MS = 1000;

export const TOAST = {
  loaded: 'Signatures loaded!',
  loadError: 'Error loading signatures.',
  saving: 'Saving...',
  saved: 'Signature saved!',
  saveError: 'Error saving signature.',
  canceled: 'Drawing canceled',
  drawingEnabled: 'Drawing enabled',
  panningEnabled: 'Panning enabled',
  blocked: "You can't draw over an existing signature!",
  // The limits the database enforces (above), said when the board stops a stroke at one.
  tooBig: `A signature must fit in ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} px!`,
  tooManyStrokes: `A signature holds at most ${MAX_STROKES} strokes!`,
  tooManyPoints: `A signature holds at most ${MAX_POINTS.toLocaleString('en-US')} points!`,
  tooLong: `A signature holds at most ${MAX_STROKE_LENGTH.toLocaleString('en-US')} px of strokes!`,
  preparingExport: 'Preparing export...',
  generatingPng: 'Generating PNG...',
  exportComplete: 'Export complete!',
  // Finding one's way (issue 13): not in the spec, which is silent on these controls.
  linkCopied: 'Link copied!',
  linkNotCopied: 'Could not copy the link.',
  noFreeSpot: 'No free spot on the wall.',
} as const;

/** Default caption of a signature saved without one. */
export function defaultCaption(id: number): string {
  return `#${id}`;
}
