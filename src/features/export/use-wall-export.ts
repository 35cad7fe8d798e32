/**
 * Runs the export of spec §4: wait for every signature, show 'Generating PNG...', render and
 * download the PNG once, show 'Export complete!', then hand over to `onFinished` after the
 * redirect delay. Returns the toast to show.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { EXPORT_FILE_NAME, EXPORT_REDIRECT_MS } from '../../domain/presentation.ts';
import { exportReducer, initialExportState, redirectsHome } from './model/export-flow.ts';
import type { Toast } from '../../domain/toast.ts';
import { useSignatures } from '../../data/signatures.ts';
import { useToastExpiry } from '../../ui/toast.tsx';
import { downloadBlob } from '../../ui/download-blob.ts';
import { ExportCancelledError, renderWallPng } from './render-wall.ts';
import { afterPaint, measureStep } from './timing.ts';

export function useWallExport(onFinished: () => void): Toast | null {
  const [state, dispatch] = useReducer(exportReducer, initialExportState);
  const { status, data: signatures, error } = useSignatures();

  useEffect(() => {
    if (status === 'success') dispatch({ type: 'loaded' });
    if (status === 'error') {
      console.error(error);
      dispatch({ type: 'loadFailed' });
    }
  }, [status, error]);

  // The reducer enters 'generating' once; this ref keeps the effect below from starting a second
  // render when it runs again in that phase (StrictMode's mount → unmount → mount in development).
  const started = useRef(false);
  // False only after a real unmount: StrictMode's simulated one is followed at once by a re-mount.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (state.phase !== 'generating' || !signatures || started.current) return;
    started.current = true;
    const isCancelled = () => !mounted.current;
    void (async () => {
      try {
        await measureStep('total', async () => {
          // 'Generating PNG...' is committed by now; let it reach the screen before the work
          // that blocks the page starts.
          await afterPaint();
          const png = await renderWallPng(signatures, { isCancelled });
          if (isCancelled()) return;
          downloadBlob(png, EXPORT_FILE_NAME);
        });
        dispatch({ type: 'rendered' });
      } catch (reason) {
        if (reason instanceof ExportCancelledError) return;
        console.error(reason);
        dispatch({ type: 'renderFailed' });
      }
    })();
  }, [state.phase, signatures]);

  useEffect(() => {
    if (!redirectsHome(state.phase)) return undefined;
    const timer = setTimeout(onFinished, EXPORT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, onFinished]);

  const expire = useCallback((seq: number) => dispatch({ type: 'toastExpired', seq }), []);
  useToastExpiry(state.toast, expire);
  return state.toast;
}
