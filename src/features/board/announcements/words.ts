/**
 * What the board tells a screen reader about the wall changing while it is open. English; the
 * languages' catalogs take their messages from here.
 */

/** '1 new signature', '3 new signatures': signatures that arrived together. */
export function newSignatures(count: number): string {
  return count === 1 ? '1 new signature' : `${count} new signatures`;
}
