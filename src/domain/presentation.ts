/**
 * How the product looks and speaks: stroke and caption styles, colours, the toasts' words (spec §4
 * and §8, word for word) and timings. Only the browser uses these; the limits they quote are the
 * rules' (rules.ts).
 */
import {
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from './rules.ts';

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
/** What the board shows beyond the wall's edge (global.css's --outside): darker than the wall. */
export const OUTSIDE_WALL = '#18181b';
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
  // The weight rule (signature-weight.ts): ink is stored per patch of wall the strokes cover.
  tooDense: 'Too much ink in too little space: draw bigger!',
  captionTooLong: 'A signature this small holds a shorter caption!',
  preparingExport: 'Preparing export...',
  generatingPng: 'Generating PNG...',
  exportComplete: 'Export complete!',
  // Finding one's way (issue 13): not in the spec, which is silent on these controls.
  linkCopied: 'Link copied!',
  linkNotCopied: 'Could not copy the link.',
  noFreeSpot: 'No free spot on the wall.',
  // A signature's card (issue 21): the first three and 'Signature removed.' are the words.
  reported: 'Thanks, the owner will take a look.',
  alreadyReported: 'You already reported this signature.',
  tooManyReports: 'Too many reports from here. Try again in an hour.',
  signatureGone: 'That signature is no longer on the wall.',
  reportError: 'Could not send the report. Try again.',
  removed: 'Signature removed.',
  removalTooLate: 'Too late: a signature can be removed only in its first 10 minutes.',
  removalRefused: 'This browser cannot remove that signature.',
  removalError: 'Could not remove the signature. Try again.',
  // The wall in time (issue 23): the timelapse's toasts are ours; the issue names only the button.
  recordingTimelapse: 'Recording the timelapse...',
  timelapseSaved: 'Timelapse downloaded!',
  timelapseFailed: 'Could not record the timelapse.',
} as const;

/** Default caption of a signature saved without one. */
export function defaultCaption(id: number): string {
  return `#${id}`;
}
