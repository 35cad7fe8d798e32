/** Toasts: one message at a time; a newer one replaces an older one, each expires on its own. */

export interface Toast {
  /** Grows with every toast, so expiry of an old toast never clears a newer one. */
  readonly seq: number;
  readonly text: string;
}

/** The toast that replaces `current`. */
export function nextToast(current: Toast | null, text: string): Toast {
  return { seq: (current?.seq ?? 0) + 1, text };
}

export type ToastEvent = { type: 'notified'; text: string } | { type: 'toastExpired'; seq: number };

/** A toast area's state on its own (the board keeps its toast inside its own state). */
export function toastReducer(current: Toast | null, event: ToastEvent): Toast | null {
  switch (event.type) {
    case 'notified':
      return nextToast(current, event.text);
    case 'toastExpired':
      return current?.seq === event.seq ? null : current;
  }
}
