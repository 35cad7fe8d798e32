/**
 * How far the wall's load has come: a progress bar with the percentage once the wall's
 * size is known, until every signature is in; after a failed load, a "Retry" button that loads
 * again. Nothing once the wall is complete.
 */
import type { WallLoadProgress } from '../../../data/wall-load.ts';
import { useWords } from '../../../ui/i18n/words.ts';
import './wall-load-status.css';

export interface WallLoadStatusProps {
  complete: boolean;
  failed: boolean;
  progress: WallLoadProgress | null;
  onRetry: () => void;
}

/** Whole percent of the wall in, or null while its size is unknown. */
export function loadPercent(progress: WallLoadProgress | null): number | null {
  if (!progress || progress.total === null) return null;
  if (progress.total === 0) return 100;
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
}

export function WallLoadStatus({ complete, failed, progress, onRetry }: WallLoadStatusProps) {
  const t = useWords();
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
  const percent = loadPercent(progress);
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
