/**
 * "New since your last visit": the browser keeps the newest `created_at` it has seen;
 * on the next visit the signatures saved after it are marked for a few seconds, with a count.
 */
import type { Signature } from '../../../domain/signature.ts';

/** How long the new signatures stay marked, and the count shown. */
export const NEW_SINCE_VISIT_MS = 8000;

/**
 * The signatures saved after `lastSeen` (the newest created_at of the last visit), oldest first;
 * none on a first visit (nothing seen yet). Timestamps from one server share one format, so
 * comparing the strings orders them in time.
 */
export function signaturesSince(
  signatures: readonly Signature[],
  lastSeen: string | null,
): Signature[] {
  if (lastSeen === null) return [];
  return signatures.filter((s) => s.createdAt > lastSeen);
}
