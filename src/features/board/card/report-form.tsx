/**
 * The card's report form: one of the four reasons, an optional note of at most 200
 * characters with a counter, "Send report" (off until a reason is picked, and while sending) and
 * "Back" to the card.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  MAX_REPORT_NOTE_LENGTH,
  REPORT_REASONS,
  reportNote,
  type ReportReason,
} from '../../../domain/reports.ts';
import { useWords } from '../../../ui/i18n/words.ts';

export interface ReportFormProps {
  /** Sends the report; resolves once it is answered (the card then closes or stays). */
  onSend: (reason: ReportReason, note: string | null) => Promise<void>;
  onBack: () => void;
}

export function ReportForm({ onSend, onBack }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const noteId = useId();
  const t = useWords();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason === null || sending) return;
    setSending(true);
    void onSend(reason, reportNote(note)).finally(() => setSending(false));
  };

  return (
    <form className="card-report" onSubmit={submit}>
      <fieldset className="card-reasons" disabled={sending}>
        <legend>{t('report.why')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {t(`report.reason.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="card-note-label" htmlFor={noteId}>
        <span>
          {t('report.note')} <span className="card-note-count">{t('caption.optional')}</span>
        </span>
        <span className="card-note-count" aria-hidden="true">
          {note.length}/{MAX_REPORT_NOTE_LENGTH}
        </span>
      </label>
      <textarea
        id={noteId}
        className="card-note board-field"
        value={note}
        maxLength={MAX_REPORT_NOTE_LENGTH}
        rows={2}
        dir="auto"
        disabled={sending}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="card-actions">
        <button type="button" onClick={onBack} disabled={sending}>
          {t('report.back')}
        </button>
        <button type="submit" className="card-primary" disabled={reason === null || sending}>
          {t('report.send')}
        </button>
      </div>
    </form>
  );
}
