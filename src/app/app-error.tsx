/**
 * What a visitor sees instead of a blank page when rendering fails: a readable message and a
 * reload button. A chunk that fails to load right after a redeploy (its hashed file is gone)
 * reloads the page once by itself, which fetches the new build.
 */
import { useEffect, useState } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useWords } from '../ui/i18n/words.ts';

const RELOADED_KEY = 'signwall:reloaded-for-chunk';

/** Browsers word a failed dynamic import differently; these cover Chromium, Firefox and Safari. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** True when this tab has not reloaded for a missing chunk yet (storage blocked: never reload). */
function mayReloadForChunk(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) === null;
  } catch {
    return false;
  }
}

function reloadForChunk(): void {
  try {
    sessionStorage.setItem(RELOADED_KEY, '1');
  } catch {
    return; // without the flag a reload could loop
  }
  window.location.reload();
}

/** A page that loaded fine clears the flag, so a later redeploy gets its own reload. */
export function forgetChunkReload(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // storage blocked: nothing to forget
  }
}

export function AppError({ error }: FallbackProps) {
  const t = useWords();
  // Decided once per mount; the reload itself is an effect, so a re-render cannot repeat it.
  const [reloading] = useState(() => isChunkLoadError(error) && mayReloadForChunk());
  useEffect(() => {
    if (reloading) reloadForChunk();
    else console.error('signwall: rendering failed', error);
  }, [reloading, error]);
  if (reloading) return null;
  return (
    <main className="card" role="alert">
      <h1>{t('app.error.heading')}</h1>
      <p>{t('app.error.body')}</p>
      <button type="button" className="welcome-sign" onClick={() => window.location.reload()}>
        {t('app.error.reload')}
      </button>
    </main>
  );
}
