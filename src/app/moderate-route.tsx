/**
 * /moderate: the owner's page, its own chunk (supabase-js and the moderation code load only here).
 * It composes the two features: the moderation page, and the board (view-only) it shows the wall
 * on. Neither feature imports the other: the page says what to draw, the board draws it.
 */
import { ViewOnlyBoard } from '../features/board/view-only-board.tsx';
import type { ModerationBoardSlot } from '../features/moderate/moderation-view.tsx';
import { ModerateScreen } from '../features/moderate/moderate-screen.tsx';
import { useWords } from '../ui/i18n/words.ts';

function ModerationBoard({ signatures, decorations, selectedId, onSelect }: ModerationBoardSlot) {
  const t = useWords();
  return (
    <ViewOnlyBoard
      label={t('moderate.board.label')}
      help={t('moderate.board.help')}
      signatures={signatures}
      decorations={decorations}
      selectedId={selectedId}
      onSignatureTap={onSelect}
    />
  );
}

function renderBoard(slot: ModerationBoardSlot) {
  return <ModerationBoard {...slot} />;
}

export default function ModerateRoute() {
  return <ModerateScreen renderBoard={renderBoard} />;
}
