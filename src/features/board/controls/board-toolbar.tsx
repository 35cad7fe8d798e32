/**
 * The spec's own controls (§2): back to the welcome card (top left) and the mode toggle (top
 * right). The zoom and tool buttons we added live in view-tools.tsx.
 */
import { useWords } from '../../../ui/i18n/words.ts';
import type { BoardMode } from '../model/board.ts';

export interface BoardToolbarProps {
  mode: BoardMode;
  /** A stroke is being drawn or a caption is pending (spec §2). */
  locked: boolean;
  /**
   * Drawing cannot start yet (the toggle to 'Sign' is disabled): the wall is still loading, or a
   * replay shows only part of it.
   */
  wallLoading?: boolean;
  /** Null: no back button (an embed has no welcome card to go back to). */
  onBack: (() => void) | null;
  onToggle: () => void;
  /** False: no mode toggle at all (an embed in view mode: pan and zoom only). */
  canSign?: boolean;
}

export function BoardToolbar({
  mode,
  locked,
  wallLoading = false,
  onBack,
  onToggle,
  canSign = true,
}: BoardToolbarProps) {
  const t = useWords();
  return (
    <>
      {onBack && (
        <button
          type="button"
          className="board-button board-back"
          aria-label={t('board.back')}
          title={t('board.back.title')}
          // The '<' points the way it sits, top left, in a right-to-left language too (where the
          // bidi algorithm would mirror it).
          dir="ltr"
          disabled={locked}
          onClick={onBack}
        >
          &lt;
        </button>
      )}
      {canSign && (
        <button
          type="button"
          className="board-button board-toggle"
          // The label names the mode the button switches to: 'Sign' while panning, 'Pan' while drawing.
          title={mode === 'pan' ? t('board.mode.toDrawing') : t('board.mode.toPanning')}
          disabled={locked || (mode === 'pan' && wallLoading)}
          onClick={onToggle}
        >
          {mode === 'pan' ? t('board.mode.sign') : t('board.mode.pan')}
        </button>
      )}
    </>
  );
}
