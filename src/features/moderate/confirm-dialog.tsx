import { useEffect, useId, useRef, useState } from 'react';
import { useWords } from '../../ui/i18n/words.ts';

/** A question before a change that cannot be undone from here (delete, hide a whole window). */
export interface Confirmation {
  readonly question: string;
  /** The confirming button's label ("Delete", "Hide 12"). */
  readonly confirmLabel: string;
  readonly run: () => Promise<void>;
}

/**
 * A modal question in the page (not window.confirm, which a phone shows out of context and some
 * embedded browsers suppress). The focus starts on Cancel, so Enter never confirms by accident;
 * Escape cancels.
 */
export function ConfirmDialog({
  confirmation,
  onDone,
}: {
  confirmation: Confirmation;
  onDone: () => void;
}) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [running, setRunning] = useState(false);
  const t = useWords();
  useEffect(() => {
    cancel.current?.focus();
  }, []);
  return (
    <div
      className="moderate-backdrop"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !running) onDone();
      }}
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="moderate-dialog"
      >
        <p id={titleId}>{confirmation.question}</p>
        <div className="moderate-dialog-buttons">
          <button ref={cancel} type="button" onClick={onDone} disabled={running}>
            {t('moderate.cancel')}
          </button>
          <button
            type="button"
            className="moderate-danger"
            disabled={running}
            onClick={() => {
              setRunning(true);
              void confirmation.run().finally(onDone);
            }}
          >
            {confirmation.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
