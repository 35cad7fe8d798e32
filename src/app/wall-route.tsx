/** Every path but /export: the welcome card, and the board once the visitor chooses to sign. */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { initialViewRect, type CameraState } from '../domain/camera.ts';
import { initialCamera, parseViewHash, parseViewQuery } from '../domain/view-link.ts';
import { wallChangesOf } from '../data/wall-changes.ts';
import { prefetchWall } from '../data/wall-query.ts';
import { WelcomeCard } from '../features/welcome/welcome-card.tsx';
import type { Locale } from '../domain/locales.ts';
import { loadPart } from '../ui/i18n/catalog.ts';
import { switchLocale } from '../ui/i18n/locale-choice.ts';
import { WordsFor } from '../ui/i18n/words-provider.tsx';
import { useLocale } from '../ui/i18n/words.ts';

// The board (Konva, the data client, the drawing code) is its own chunk, so the welcome card
// shows without waiting for it; it is fetched while the card is on screen (see below).
const loadBoard = () => import('../features/board/board-screen.tsx');
const BoardScreen = lazy(() => loadBoard().then((m) => ({ default: m.BoardScreen })));

/**
 * The camera a board opens on: the view the address names, in its hash (where the last board was:
 * it keeps the hash up to date; or an older shared link) or its query (a shared link), for this
 * window.
 */
export function openingCamera(): CameraState {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const { hash, search } = window.location;
  return initialCamera(viewport, parseViewHash(hash) ?? parseViewQuery(search));
}

export function WallRoute() {
  const [screen, setScreen] = useState<'welcome' | 'board'>('welcome');
  const [opening, setOpening] = useState(openingCamera);
  const queryClient = useQueryClient();
  const locale = useLocale();
  // The wall the first board's first screen will show: its signatures are loaded first.
  const [firstScreen] = useState(() =>
    initialViewRect({ width: window.innerWidth, height: window.innerHeight }, opening),
  );
  useEffect(() => {
    // Prefetch: by the time a visitor has read the card and tapped 'Sign!', the board is here.
    // A failed prefetch is not an error yet: the lazy import tries again, and the error boundary
    // handles it if that fails too.
    const board = loadBoard();
    board.catch(() => undefined);
    // The wall's data starts loading now too, viewport first, the rest once the
    // board's code is in; the board shows how far it has come. A failure here is the board's to
    // report (it loads again when it opens).
    // Subscribed to the wall's changes before its first read: nothing saved or removed
    // while it is read is missed.
    wallChangesOf(queryClient).start();
    prefetchWall(queryClient, firstScreen, board);
  }, [queryClient, firstScreen]);
  // The board's words, beside its code.
  useEffect(() => {
    loadPart(locale, 'app').catch(() => undefined);
  }, [locale]);
  return screen === 'welcome' ? (
    <WelcomeCard
      onSign={() => {
        setOpening(openingCamera());
        setScreen('board');
      }}
      onLanguage={(chosen: Locale) => void switchLocale(chosen)}
    />
  ) : (
    <Suspense fallback={<div className="board" aria-busy="true" />}>
      <WordsFor part="app">
        <BoardScreen
          onBack={() => setScreen('welcome')}
          firstScreen={firstScreen}
          openingCamera={opening}
        />
      </WordsFor>
    </Suspense>
  );
}
