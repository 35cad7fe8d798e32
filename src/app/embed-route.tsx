/**
 * `/embed`: the board alone, for a frame in someone else's page (the snippet embed.js places it).
 * No welcome card: the board opens as soon as its code and its words are in, on the view the
 * address names (`x`, `y`, `zoom` or `zoom=fit`), in the mode it names (`mode=view`: pan and zoom
 * only). Every rule and toast is the full page's.
 *
 * Part of the entry, and the board shown from state rather than through React.lazy: React reveals
 * a Suspense boundary's content no sooner than 300 ms after its fallback showed, and behind a lazy
 * route and a lazy board that was twice, with the wall's first read waiting for the first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { initialViewRect } from '../domain/camera.ts';
import { embedSettingsOf } from '../domain/embed.ts';
import type { Locale } from '../domain/locales.ts';
import { openLiveWall } from '../data/wall-query.ts';
import { i18n, loadPart } from '../ui/i18n/catalog.ts';
import type * as BoardModule from '../features/board/board-screen.tsx';
import { loadBoard, openingCamera } from './wall-route.tsx';

export function EmbedRoute() {
  const queryClient = useQueryClient();
  const [settings] = useState(() => embedSettingsOf(window.location.search));
  const [opening] = useState(openingCamera);
  const [firstScreen] = useState(() =>
    initialViewRect({ width: window.innerWidth, height: window.innerHeight }, opening),
  );
  const [board, setBoard] = useState<typeof BoardModule | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    let current = true;
    const code = loadBoard();
    // Subscribed to the wall's changes, then its first screen's signatures first, beside the
    // board's code; the rest of the wall once the code is in.
    openLiveWall(queryClient, firstScreen, code);
    // The words of the page's language now; a language chosen later loads its own (locale-choice.ts).
    Promise.all([code, loadPart(i18n.locale as Locale, 'app')]).then(
      ([m]) => current && setBoard(m),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [queryClient, firstScreen]);
  // The error boundary shows what failed to load.
  if (failure) throw failure.error;
  return board ? (
    <board.BoardScreen
      onBack={null}
      firstScreen={firstScreen}
      openingCamera={opening}
      embed={settings}
    />
  ) : (
    <div className="board" aria-busy="true" />
  );
}
