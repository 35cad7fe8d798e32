/**
 * /moderate: the owner's page, its own chunk (supabase-js and the moderation code load only here).
 * It composes the two features: the moderation page, and the board (view-only) it shows the wall
 * on. Neither feature imports the other: the page says what to draw, the board draws it.
 */
import { ViewOnlyBoard } from '../features/board/view-only-board.tsx';
import type { ModerationBoardSlot } from '../features/moderate/moderation-view.tsx';
import { ModerateScreen } from '../features/moderate/moderate-screen.tsx';

const MODERATION_BOARD_HELP =
  'Tap or click a signature, or press Enter with one in the middle, to select it. Hidden signatures are drawn faint; a red badge counts its reports.';

function renderBoard({ signatures, decorations, selectedId, onSelect }: ModerationBoardSlot) {
  return (
    <ViewOnlyBoard
      label="Wall (every signature)"
      help={MODERATION_BOARD_HELP}
      signatures={signatures}
      decorations={decorations}
      selectedId={selectedId}
      onSignatureTap={onSelect}
    />
  );
}

export default function ModerateRoute() {
  return <ModerateScreen renderBoard={renderBoard} />;
}
