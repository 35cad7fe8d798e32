/**
 * The /export screen: no welcome card and no board, nothing to draw on; only the toast area
 * telling the visitor how the export goes.
 */
import { useRef } from 'react';
import { ToastArea } from '../../ui/toast.tsx';
import { useWallExport } from './use-wall-export.ts';

export function WallExport({ onFinished }: { onFinished: () => void }) {
  const screenRef = useRef<HTMLElement>(null);
  const toast = useWallExport(onFinished, screenRef);
  return (
    <main ref={screenRef} className="wall-export" aria-label="Export">
      <ToastArea toast={toast} />
    </main>
  );
}
