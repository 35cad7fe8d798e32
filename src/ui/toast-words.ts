/**
 * The toasts' words: the spec's (§4, §8) word for word, and ours for what the spec is silent on.
 * The transitions say which toast (src/domain/toast.ts); only the UI says it in words.
 */
import {
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from '../domain/rules.ts';
import type { ToastKind } from '../domain/toast.ts';

export const TOAST_WORDS: Readonly<Record<ToastKind, string>> = {
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
  // Finding one's way: not in the spec, which is silent on these controls.
  linkCopied: 'Link copied!',
  linkNotCopied: 'Could not copy the link.',
  noFreeSpot: 'No free spot on the wall.',
  // A signature's card: the first three and 'Signature removed.' were asked for word for word.
  reported: 'Thanks, the owner will take a look.',
  alreadyReported: 'You already reported this signature.',
  tooManyReports: 'Too many reports from here. Try again in an hour.',
  signatureGone: 'That signature is no longer on the wall.',
  reportError: 'Could not send the report. Try again.',
  removed: 'Signature removed.',
  removalTooLate: 'Too late: a signature can be removed only in its first 10 minutes.',
  removalRefused: 'This browser cannot remove that signature.',
  removalError: 'Could not remove the signature. Try again.',
  // The wall in time: the timelapse's toasts are ours; only the button's name was asked for.
  recordingTimelapse: 'Recording the timelapse...',
  timelapseSaved: 'Timelapse downloaded!',
  timelapseFailed: 'Could not record the timelapse.',
};

/** The words of a toast. */
export function toastText(kind: ToastKind): string {
  return TOAST_WORDS[kind];
}
