/**
 * In an embed, where the back button would be: a small link that opens the full wall (`/`) at the
 * same view in a new tab. Its address is the share link of the view at the moment it is used.
 */
import { useWords } from '../../../ui/i18n/words.ts';
import { OpenFullWallIcon } from './icons.tsx';

export interface OpenFullWallProps {
  /** The full wall's link to the current view. */
  href: () => string;
}

export function OpenFullWall({ href }: OpenFullWallProps) {
  const t = useWords();
  const follow = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = href();
  };
  return (
    <a
      className="board-button board-back board-open-full"
      href="/"
      target="_blank"
      rel="noopener"
      aria-label={t('board.openFullWall')}
      title={t('board.openFullWall')}
      onPointerEnter={follow}
      onFocus={follow}
      onClick={follow}
    >
      <OpenFullWallIcon />
    </a>
  );
}
