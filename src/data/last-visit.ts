/**
 * The newest signature this browser has seen on the wall (its `created_at`), kept in localStorage
 * for "new since your last visit". The value a page opened with is the last visit's:
 * it is read once, before this visit writes its own.
 */
import { localStore, type KeyValueStore } from './local-store.ts';

const STORAGE_KEY = 'signwall.newest-seen';
/** An ISO timestamp is about 32 characters; anything much longer is not one of ours. */
const MAX_LENGTH = 64;

/** localStorage, or memory where a frame may not use it (local-store.ts). */
function storage(): KeyValueStore | null {
  return localStore();
}

function read(): string | null {
  try {
    const value = storage()?.getItem(STORAGE_KEY) ?? null;
    return value !== null && value.length <= MAX_LENGTH && !Number.isNaN(Date.parse(value))
      ? value
      : null;
  } catch {
    return null;
  }
}

let atOpening: string | null | undefined;

/** The newest created_at seen by the last visit (before this page wrote any); null on a first visit. */
export function newestSeenLastVisit(): string | null {
  if (atOpening === undefined) atOpening = read();
  return atOpening;
}

/** Remembers `createdAt` as the newest seen, unless a newer one is already kept. */
export function rememberNewestSeen(createdAt: string): void {
  newestSeenLastVisit();
  const kept = read();
  if (kept !== null && kept >= createdAt) return;
  try {
    storage()?.setItem(STORAGE_KEY, createdAt);
  } catch {
    // Storage full or forbidden: the next visit just shows nothing as new.
  }
}
