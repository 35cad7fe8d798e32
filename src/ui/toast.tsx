import { useEffect } from 'react';
import { TOAST_TIMEOUT_MS } from '../domain/presentation.ts';
import type { Toast } from '../domain/toast.ts';
import './toast.css';
import { useWords } from './i18n/words.ts';
import { toastText } from './toast-words.ts';

/**
 * The toast area: one message at a time, announced to screen readers. The text element is keyed
 * by the toast's sequence number so a repeated message is announced again.
 */
export function ToastArea({ toast }: { toast: Toast | null }) {
  const t = useWords();
  return (
    <div className="toast-area" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.seq} className="toast" data-testid="toast">
          {toastText(toast.kind, t)}
        </div>
      )}
    </div>
  );
}

/** Expires the shown toast after TOAST_TIMEOUT_MS (spec §4: toasts clear after 2 seconds). */
export function useToastExpiry(toast: Toast | null, expire: (seq: number) => void): void {
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => expire(toast.seq), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [toast, expire]);
}
