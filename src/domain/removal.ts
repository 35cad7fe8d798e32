/**
 * Taking one's own signature back: for REMOVAL_WINDOW_MS after a save, the browser
 * that saved it holds a secret whose hash the row keeps; the database deletes the row for whoever
 * shows the secret within that time. This is the browser's side of the rule: which kept secrets
 * still count, as plain data (src/data/removal-secrets.ts keeps them in localStorage).
 */

/** The database refuses a removal after this (remove_my_signature: `interval '10 minutes'`). */
export const REMOVAL_WINDOW_MS = 10 * 60 * 1000;

/** A kept secret: the signature's, and when the browser saw it saved (its own clock). */
export interface KeptSecret {
  readonly secret: string;
  readonly savedAt: number;
}

export type KeptSecrets = Readonly<Record<string, KeptSecret>>;

/** Whether a signature saved at `savedAt` may still be removed at `now`. */
export function stillRemovable(savedAt: number, now: number): boolean {
  return now >= savedAt && now - savedAt < REMOVAL_WINDOW_MS;
}

/** The secrets that still count at `now` (the others are of no use to anyone). */
export function pruneSecrets(secrets: KeptSecrets, now: number): KeptSecrets {
  return Object.fromEntries(
    Object.entries(secrets).filter(([, kept]) => stillRemovable(kept.savedAt, now)),
  );
}

/** A secret as the contract has it: 64 lowercase hex characters (32 random bytes). */
export function isRemovalSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/** 32 bytes as 64 lowercase hex characters. */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
