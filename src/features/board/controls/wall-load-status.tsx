/**
 * How far the wall's load has come: a progress bar with the percentage once the wall's
 * size is known, until every signature is in; after a failed load, a "Retry" button that loads
 * again. Nothing once the wall is complete.
 */
import { useWallLoadPercent } from '../../../data/signatures.ts';
import { useWords } from '../../../ui/i18n/words.ts';
import './wall-load-status.css';

export interface WallLoadStatusProps {
  complete: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function WallLoadStatus({ complete, failed, onRetry }: WallLoadStatusProps) {
  const t = useWords();
  const percent = useWallLoadPercent();
  if (complete) return null;
  if (failed) {
    return (
      <div className="wall-load">
        <button type="button" className="board-button wall-load-retry" onClick={onRetry}>
          {t('board.load.retry')}
        </button>
      </div>
    );
  }
  return (
    <div
      className="wall-load"
      role="progressbar"
      aria-label={t('board.load.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
    >
      <span className="wall-load-text">
        {percent === null
          ? t('board.load.pending')
          : t('board.load.progress', { share: percent / 100 })}
      </span>
      <span className="wall-load-track" aria-hidden="true">
        <span className="wall-load-bar" style={{ width: `${percent ?? 0}%` }} />
      </span>
    </div>
  );
}
