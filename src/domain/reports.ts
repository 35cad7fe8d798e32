/**
 * What a visitor may say when reporting a signature: the four reasons as the database
 * takes them (report_signature's `reason`; the card words them in the visitor's language), and
 * the note's limit, which the database enforces too.
 */

export type ReportReason = 'offensive' | 'spam' | 'personal_information' | 'other';

export const REPORT_REASONS: readonly ReportReason[] = [
  'offensive',
  'spam',
  'personal_information',
  'other',
];

/** A report's optional note is at most this many characters. */
export const MAX_REPORT_NOTE_LENGTH = 200;

/** The note as sent: trimmed, and null when nothing is left. */
export function reportNote(note: string): string | null {
  const trimmed = note.trim();
  return trimmed === '' ? null : trimmed;
}
