/**
 * Runs the export of spec §4: wait for every signature, show 'Generating PNG...', render and
 * download the PNG once, show 'Export complete!', then hand over to `onFinished` after the
 * redirect delay. Returns the toast to show.
 *
 * Where a worker can (worker-export.ts), the worker reads, paints and encodes the wall and the page
 * only shows the toasts; the wall's read starts with the page. Elsewhere, or when the worker
 * turns out unable, the page reads the wall (useSignatures) and paints it (render-wall.ts).
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { EXPORT_FILE_NAME, EXPORT_REDIRECT_MS } from '../../domain/presentation.ts';
import { exportReducer, initialExportState, redirectsHome } from './model/export-flow.ts';
import type { Toast } from '../../domain/toast.ts';
import { useSignatures } from '../../data/signatures.ts';
import { useToastExpiry } from '../../ui/toast.tsx';
import { downloadBlob } from '../../ui/download-blob.ts';
import { ExportCancelledError, renderWallPngOnPage } from './render-wall.ts';
import { afterPaint, measureStep, nextFrame } from './timing.ts';
import { workerCanRender } from './export-workers-start.ts';
import { takeWorkerExport, WorkerUnavailableError, type WorkerExport } from './worker-export.ts';

/** Who reads and paints the wall: the export's worker, or the page itself. */
type Source = 'worker' | 'page';

export function useWallExport(onFinished: () => void): Toast | null {
  const [state, dispatch] = useReducer(exportReducer, initialExportState);
  const [source, setSource] = useState<Source>(() => (workerCanRender() ? 'worker' : 'page'));
  const worker = useRef<WorkerExport | null>(null);
  const onPage = useSignatures(source === 'page');

  // False only after a real unmount: StrictMode's simulated one is followed at once by a re-mount.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fallBackToPage = useCallback((reason: unknown) => {
    console.warn('The export runs on the page:', reason);
    setSource('page');
  }, []);

  useEffect(() => {
    if (source !== 'worker') return undefined;
    const started = takeWorkerExport();
    if (!started) {
      fallBackToPage('no worker could start');
      return undefined;
    }
    worker.current = started;
    started.loaded.then(
      () => dispatch({ type: 'loaded' }),
      (reason: unknown) => {
        if (reason instanceof ExportCancelledError) return;
        if (reason instanceof WorkerUnavailableError) return fallBackToPage(reason);
        console.error(reason);
        dispatch({ type: 'loadFailed' });
      },
    );
    return () => {
      started.close();
      worker.current = null;
    };
  }, [source, fallBackToPage]);

  useEffect(() => {
    if (source !== 'page') return;
    if (onPage.status === 'success') dispatch({ type: 'loaded' });
    if (onPage.status === 'error') {
      console.error(onPage.error);
      dispatch({ type: 'loadFailed' });
    }
  }, [source, onPage.status, onPage.error]);

  // The source whose render has started: the effect below may run again in that phase
  // (StrictMode's mount → unmount → mount in development), and must not start a second one; a
  // worker that turns out unable to paint hands over to the page, which then renders once.
  const rendering = useRef<Source | null>(null);
  const signatures = onPage.data;
  useEffect(() => {
    if (state.phase !== 'generating' || rendering.current === source) return;
    const job = worker.current;
    if (source === 'worker' ? !job : !signatures) return;
    rendering.current = source;
    const isCancelled = () => !mounted.current;
    void (async () => {
      try {
        await measureStep('total', async () => {
          // 'Generating PNG...' is committed by now; let it reach the screen before the work
          // starts (on the page, that work blocks it between slices; the workers' does not keep
          // the frame that shows it from coming).
          await (job ? nextFrame() : afterPaint());
          const png = job
            ? await job.render()
            : await renderWallPngOnPage(signatures!, { isCancelled });
          if (isCancelled()) return;
          downloadBlob(png, EXPORT_FILE_NAME);
        });
        dispatch({ type: 'rendered' });
      } catch (reason) {
        if (reason instanceof ExportCancelledError) return;
        if (reason instanceof WorkerUnavailableError) return fallBackToPage(reason);
        console.error(reason);
        dispatch({ type: 'renderFailed' });
      }
    })();
  }, [state.phase, source, signatures, fallBackToPage]);

  useEffect(() => {
    if (!redirectsHome(state.phase)) return undefined;
    const timer = setTimeout(onFinished, EXPORT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.phase, onFinished]);

  const expire = useCallback((seq: number) => dispatch({ type: 'toastExpired', seq }), []);
  useToastExpiry(state.toast, expire);
  return state.toast;
}
