/**
 * 'List of signatures': every word the list shows, in English. The languages' catalogs take their
 * messages from here (one module per feature, plain strings and small functions for plurals).
 */
export const SIGNATURE_LIST_WORDS = {
  /** The tool's button, and its panel's heading. */
  tool: 'List of signatures',
  search: 'Search captions',
  order: 'Order',
  newest: 'Newest first',
  nearest: 'Nearest first',
  /** The list itself. */
  list: 'Signatures',
  close: 'Close the list',
} as const;

/** How many signatures the list shows: '1 signature', '12 signatures', 'No signatures'. */
export function signatureCount(count: number): string {
  if (count === 0) return 'No signatures';
  return count === 1 ? '1 signature' : `${count} signatures`;
}

/** Where a signature is on the wall: its centre, whole wall px. */
export function wallPosition(x: number, y: number): string {
  return `x ${Math.round(x)}, y ${Math.round(y)}`;
}
