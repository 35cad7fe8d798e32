/**
 * Toasts: one message at a time; a newer one replaces an older one, each expires on its own. The
 * board's and the export's transitions say which toast (its kind); the words are the UI's
 * (src/ui/toast-words.ts, in the visitor's language), so the rules never carry one.
 */

export type ToastKind =
  // The spec's own (§4, §8).
  | 'loaded'
  | 'loadError'
  | 'saving'
  | 'saved'
  | 'saveError'
  | 'canceled'
  | 'drawingEnabled'
  | 'panningEnabled'
  | 'blocked'
  | 'preparingExport'
  | 'generatingPng'
  | 'exportComplete'
  // The limits the database enforces, said when the board stops a stroke at one.
  | 'tooBig'
  | 'tooManyStrokes'
  | 'tooManyPoints'
  | 'tooLong'
  | 'tooDense'
  | 'captionTooLong'
  // Finding one's way, a signature's card, the wall in time.
  | 'linkCopied'
  | 'linkNotCopied'
  | 'noFreeSpot'
  | 'reported'
  | 'alreadyReported'
  | 'tooManyReports'
  | 'signatureGone'
  | 'reportError'
  | 'removed'
  | 'removalTooLate'
  | 'removalRefused'
  | 'removalError'
  | 'recordingTimelapse'
  | 'timelapseSaved'
  | 'timelapseFailed';

export interface Toast {
  /** Grows with every toast, so expiry of an old toast never clears a newer one. */
  readonly seq: number;
  readonly kind: ToastKind;
}

/** The toast that replaces `current`. */
export function nextToast(current: Toast | null, kind: ToastKind): Toast {
  return { seq: (current?.seq ?? 0) + 1, kind };
}

export type ToastEvent =
  { type: 'notified'; kind: ToastKind } | { type: 'toastExpired'; seq: number };

/** A toast area's state on its own (the board keeps its toast inside its own state). */
export function toastReducer(current: Toast | null, event: ToastEvent): Toast | null {
  switch (event.type) {
    case 'notified':
      return nextToast(current, event.kind);
    case 'toastExpired':
      return current?.seq === event.seq ? null : current;
  }
}
