/**
 * Where /moderate keeps the moderator key: this tab's sessionStorage only. Never localStorage (it
 * would outlive the tab and reach every tab of the origin), never the URL (history, referrers,
 * logs). Closing the tab, or "Sign out", forgets it.
 */
const STORAGE_KEY = 'signwall.moderator-key';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can be refused (privacy settings): the key then lives only as long as the page.
    return null;
  }
}

export function readModeratorKey(): string | null {
  return storage()?.getItem(STORAGE_KEY) || null;
}

export function keepModeratorKey(key: string): void {
  storage()?.setItem(STORAGE_KEY, key);
}

export function forgetModeratorKey(): void {
  storage()?.removeItem(STORAGE_KEY);
}
