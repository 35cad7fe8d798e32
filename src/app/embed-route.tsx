/**
 * `/embed`: the board alone, for a frame in someone else's page (the snippet embed.js places it).
 * No welcome card: the board opens as soon as its code is in, on the view the address names
 * (`x`, `y`, `zoom` or `zoom=fit`), in the mode it names (`mode=view`: pan and zoom only). Every
 * rule and toast is the full page's.
 */
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { initialViewRect } from '../domain/camera.ts';
import { embedSettingsOf } from '../domain/embed.ts';
import { openLiveWall } from '../data/wall-query.ts';
import { openingCamera } from './wall-route.tsx';

const loadBoard = () => import('../features/board/board-screen.tsx');
const BoardScreen = lazy(() => loadBoard().then((m) => ({ default: m.BoardScreen })));

export default function EmbedRoute() {
  const queryClient = useQueryClient();
  const [settings] = useState(() => embedSettingsOf(window.location.search));
  const [opening] = useState(openingCamera);
  const [firstScreen] = useState(() =>
    initialViewRect({ width: window.innerWidth, height: window.innerHeight }, opening),
  );
  useEffect(() => {
    const board = loadBoard();
    board.catch(() => undefined);
    // Subscribed to the wall's changes, then its first screen's signatures first.
    openLiveWall(queryClient, firstScreen, board);
  }, [queryClient, firstScreen]);
  return (
    <Suspense fallback={<div className="board" aria-busy="true" />}>
      <BoardScreen
        onBack={null}
        firstScreen={firstScreen}
        openingCamera={opening}
        embed={settings}
      />
    </Suspense>
  );
}
