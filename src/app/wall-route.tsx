/** Every path but /export: the welcome card, and the board once the visitor chooses to sign. */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { initialViewRect, type CameraState } from '../domain/camera.ts';
import { initialCamera, parseViewHash, parseViewQuery } from '../domain/view-link.ts';
import { whenFirstViewLoaded } from '../data/wall-load.ts';
import { openLiveWall } from '../data/wall-query.ts';
import { startFirstViewPainter } from '../features/board/stage/tiles/first-view-start.ts';
import { WelcomeCard } from '../features/welcome/welcome-card.tsx';
import type { Locale } from '../domain/locales.ts';
import { loadPart } from '../ui/i18n/catalog.ts';
import { switchLocale } from '../ui/i18n/locale-choice.ts';
import { WordsFor } from '../ui/i18n/words-provider.tsx';
import { nextMacrotask } from '../ui/next-macrotask.ts';
import { useLocale } from '../ui/i18n/words.ts';
import type * as BoardModule from '../features/board/board-screen.tsx';

// The board (Konva, the data client, the drawing code) is its own chunk, so the welcome card
// shows without waiting for it; it is fetched while the card is on screen (see below).
let boardModule: typeof BoardModule | null = null;
export const loadBoard = () =>
  import('../features/board/board-screen.tsx').then((m) => {
    boardModule = m;
    return m;
  });

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

/** Where the board will be, while its code or its words are on their way. */
const BOARD_PLACEHOLDER = <div className="board" aria-busy="true" />;

export function WallRoute() {
  const [screen, setScreen] = useState<'welcome' | 'board'>('welcome');
  // The board's code once it is in. Not React.lazy: a lazy component suspends even when its code
  // has arrived, and React reveals a Suspense boundary's content no sooner than 300 ms after its
  // fallback showed, a third of a second of blank board after 'Sign!'. The placeholder below
  // shows only while the code is still on its way, and the board replaces it as soon as it is in.
  const [board, setBoard] = useState<typeof BoardModule | null>(boardModule);
  const [boardFailure, setBoardFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (screen !== 'board' || board) return;
    let current = true;
    loadBoard().then(
      (m) => current && setBoard(m),
      (error: unknown) => current && setBoardFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [screen, board]);
  const [opening, setOpening] = useState(openingCamera);
  const queryClient = useQueryClient();
  const locale = useLocale();
  // The camera the first board opens on, and the wall its first screen shows: loaded first, and
  // painted ahead.
  const [firstCamera] = useState(opening);
  const [firstScreen] = useState(() =>
    initialViewRect({ width: window.innerWidth, height: window.innerHeight }, opening),
  );
  useEffect(() => {
    // Prefetch: by the time a visitor has read the card and tapped 'Sign!', the board is here.
    // A failed prefetch is not an error yet: opening the board tries again (above). Each start
    // below has a task of its own, so that a phone's card stays responsive meanwhile: together
    // they took a 100 ms task on a 4×-slowed phone.
    const board = nextMacrotask().then(loadBoard);
    board.catch(() => undefined);
    // The wall's data starts loading now, viewport first, the rest once the board's code is in;
    // the board shows how far it has come. A failure here is the board's to report (it loads
    // again when it opens).
    openLiveWall(queryClient, firstScreen, board);
    void nextMacrotask().then(startFirstViewPainter);
    // Once the first screen's signatures and the board's code are in, its tiles are painted off
    // the page, so 'Sign!' finds them ready.
    Promise.all([board, whenFirstViewLoaded(queryClient)])
      .then(([m, first]) =>
        m.prepaintFirstView(first.signatures, firstCamera, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      )
      .catch(() => undefined);
  }, [queryClient, firstScreen, firstCamera]);
  // The board's words, beside its code.
  useEffect(() => {
    loadPart(locale, 'app').catch(() => undefined);
  }, [locale]);
  // A failed prefetch is tried again when the board opens; a second failure is the error
  // boundary's to show.
  if (boardFailure) throw boardFailure.error;
  return screen === 'welcome' ? (
    <WelcomeCard
      onSign={() => {
        setOpening(openingCamera());
        setBoard(boardModule);
        setScreen('board');
      }}
      onLanguage={(chosen: Locale) => void switchLocale(chosen)}
    />
  ) : board ? (
    // The board's words are in by now unless 'Sign!' came first: then the placeholder waits too.
    <Suspense fallback={BOARD_PLACEHOLDER}>
      <WordsFor part="app">
        <board.BoardScreen
          onBack={() => setScreen('welcome')}
          firstScreen={firstScreen}
          openingCamera={opening}
        />
      </WordsFor>
    </Suspense>
  ) : (
    BOARD_PLACEHOLDER
  );
}
