/**
 * Which message each toast says (catalogs/en.json holds the words: the spec's, §4 and §8, word for
 * word in English, and ours for what the spec is silent on). The transitions say which toast
 * (src/domain/toast.ts); only the UI says it in words, in the visitor's language.
 */
import {
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from '../domain/rules.ts';
import { REMOVAL_WINDOW_MS } from '../domain/removal.ts';
import type { ToastKind } from '../domain/toast.ts';
import type { MessageId, MessageValues, Words } from './i18n/words.ts';

interface ToastMessage {
  readonly id: MessageId;
  readonly values?: MessageValues;
}

const said = (id: MessageId, values?: MessageValues): ToastMessage => ({ id, values });

export const TOAST_MESSAGES: Readonly<Record<ToastKind, ToastMessage>> = {
  loaded: said('toast.loaded'),
  loadError: said('toast.loadError'),
  saving: said('toast.saving'),
  saved: said('toast.saved'),
  saveError: said('toast.saveError'),
  canceled: said('toast.canceled'),
  drawingEnabled: said('toast.drawingEnabled'),
  panningEnabled: said('toast.panningEnabled'),
  blocked: said('toast.blocked'),
  // The limits the database enforces (above), said when the board stops a stroke at one.
  tooBig: said('toast.tooBig', { width: MAX_SIGNATURE_WIDTH, height: MAX_SIGNATURE_HEIGHT }),
  tooManyStrokes: said('toast.tooManyStrokes', { strokes: MAX_STROKES }),
  tooManyPoints: said('toast.tooManyPoints', { points: MAX_POINTS }),
  tooLong: said('toast.tooLong', { length: MAX_STROKE_LENGTH }),
  // The weight rule (signature-weight.ts): ink is stored per patch of wall the strokes cover.
  tooDense: said('toast.tooDense'),
  captionTooLong: said('toast.captionTooLong'),
  preparingExport: said('toast.preparingExport'),
  generatingPng: said('toast.generatingPng'),
  exportComplete: said('toast.exportComplete'),
  // Finding one's way: not in the spec, which is silent on these controls.
  linkCopied: said('toast.linkCopied'),
  linkNotCopied: said('toast.linkNotCopied'),
  noFreeSpot: said('toast.noFreeSpot'),
  // A signature's card: reports and taking one's own signature back.
  reported: said('toast.reported'),
  alreadyReported: said('toast.alreadyReported'),
  tooManyReports: said('toast.tooManyReports'),
  signatureGone: said('toast.signatureGone'),
  reportError: said('toast.reportError'),
  removed: said('toast.removed'),
  removalTooLate: said('toast.removalTooLate', { minutes: REMOVAL_WINDOW_MS / 60_000 }),
  removalRefused: said('toast.removalRefused'),
  removalError: said('toast.removalError'),
  // The wall in time: the timelapse's toasts are ours.
  recordingTimelapse: said('toast.recordingTimelapse'),
  timelapseSaved: said('toast.timelapseSaved'),
  timelapseFailed: said('toast.timelapseFailed'),
};

/** The words of a toast, in the language of `t`. */
export function toastText(kind: ToastKind, t: Words): string {
  const { id, values } = TOAST_MESSAGES[kind];
  return t(id, values);
}
