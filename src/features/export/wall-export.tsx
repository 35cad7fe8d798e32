/**
 * The /export screen: no welcome card and no board, nothing to draw on; only the toast area
 * telling the visitor how the export goes.
 */
import { ToastArea } from '../../ui/toast.tsx';
import { useWords } from '../../ui/i18n/words.ts';
import { useWallExport } from './use-wall-export.ts';

export function WallExport({ onFinished }: { onFinished: () => void }) {
  const toast = useWallExport(onFinished);
  const t = useWords();
  return (
    <main className="wall-export" aria-label={t('board.export')}>
      <ToastArea toast={toast} />
    </main>
  );
}
