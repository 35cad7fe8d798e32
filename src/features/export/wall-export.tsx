/**
 * The /export screen: no welcome card and no board, nothing to draw on; only the toast area
 * telling the visitor how the export goes.
 */
import { ToastArea } from '../../ui/toast.tsx';
import { useWallExport } from './use-wall-export.ts';

export function WallExport({ onFinished }: { onFinished: () => void }) {
  const toast = useWallExport(onFinished);
  return (
    <main className="wall-export" aria-label="Export">
      <ToastArea toast={toast} />
    </main>
  );
}
