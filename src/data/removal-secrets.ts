/**
 * The secrets that let this browser take back what it saved, kept in localStorage as
 * `{ id → { secret, savedAt } }` and pruned once they are past the removal window
 * (src/domain/removal.ts). A secret is 32 random bytes as hex; only its SHA-256 leaves the browser
 * with the save. Where the browser offers no Web Crypto digest (a page on plain HTTP other than
 * localhost) or no storage, a save simply goes without one: it can then not be taken back.
 */
import {
  hex,
  isRemovalSecret,
  pruneSecrets,
  stillRemovable,
  type KeptSecret,
  type KeptSecrets,
} from '../domain/removal.ts';
import { localStore, type KeyValueStore } from './local-store.ts';

const STORAGE_KEY = 'signwall.removal-secrets';

/** A fresh secret and the hash the insert sends (`removal_hash`). */
export interface RemovalKey {
  readonly secret: string;
  readonly hash: string;
}

/** A new secret and its hash; null where the browser cannot hash (no `crypto.subtle`). */
export async function createRemovalKey(): Promise<RemovalKey | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const secret = hex(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return { secret, hash: hex(new Uint8Array(digest)) };
}

/** localStorage, or memory where a frame may not use it (local-store.ts). */
function storage(): KeyValueStore | null {
  return localStore();
}

/** What is kept, well-formed entries only (anything else in the key is ignored). */
function readSecrets(): KeptSecrets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const kept: Record<string, KeptSecret> = {};
  for (const [id, entry] of Object.entries(parsed as Record<string, unknown>)) {
    const { secret, savedAt } = (entry ?? {}) as Partial<KeptSecret>;
    if (isRemovalSecret(secret) && typeof savedAt === 'number') kept[id] = { secret, savedAt };
  }
  return kept;
}

function writeSecrets(secrets: KeptSecrets): void {
  try {
    const store = storage();
    if (Object.keys(secrets).length === 0) store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, JSON.stringify(secrets));
  } catch {
    // Storage full or forbidden: the signature just cannot be taken back from here.
  }
}

/** Keeps the secret of signature `id`, saved at `savedAt`, dropping those past their window. */
export function keepRemovalSecret(id: number, secret: string, savedAt: number): void {
  writeSecrets({ ...pruneSecrets(readSecrets(), savedAt), [String(id)]: { secret, savedAt } });
}

/** The kept secret of signature `id` while it may still be removed at `now`; else null. */
export function removalSecretFor(id: number, now: number): KeptSecret | null {
  const kept = readSecrets()[String(id)];
  return kept && stillRemovable(kept.savedAt, now) ? kept : null;
}

/** Forgets the secret of signature `id` (it was removed), and any past their window. */
export function forgetRemovalSecret(id: number, now: number): void {
  const rest = { ...pruneSecrets(readSecrets(), now) };
  delete rest[String(id)];
  writeSecrets(rest);
}
