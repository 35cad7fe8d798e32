/**
 * The small caption box that opens with the first completed stroke (spec §4). Not a modal: the
 * wall around it stays drawable, so more strokes can join the pending signature. Usable by
 * keyboard alone: the input is labelled and focused, Enter saves, Escape cancels, Ctrl/Cmd+Z in
 * the empty field undoes the last stroke, Tab reaches the buttons.
 */
import { useId, type KeyboardEvent } from 'react';
import { MAX_CAPTION_LENGTH } from '../../../domain/rules.ts';
import { useWords } from '../../../ui/i18n/words.ts';
import './caption-box.css';

export interface CaptionBoxProps {
  caption: string;
  saving: boolean;
  onCaptionChange: (caption: string) => void;
  onSave: () => void;
  onCancel: () => void;
  /** Removes the pending signature's last stroke (the only one: as Cancel). */
  onUndo: () => void;
}

export function CaptionBox({
  caption,
  saving,
  onCaptionChange,
  onSave,
  onCancel,
  onUndo,
}: CaptionBoxProps) {
  const inputId = useId();
  const t = useWords();
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An IME composing text uses Enter to confirm a word, not to submit.
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      onSave();
    } else if (
      (e.key === 'z' || e.key === 'Z') &&
      (e.ctrlKey || e.metaKey) &&
      !e.altKey &&
      !e.shiftKey &&
      e.currentTarget.value === ''
    ) {
      // Right after a stroke the field has the focus and nothing to undo of its own: the stroke
      // goes, as Ctrl/Cmd+Z on the wall does. With text in it, it stays the text's own undo.
      e.preventDefault();
      e.stopPropagation();
      onUndo();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      // The board listens for Escape too; one cancel is enough.
      e.stopPropagation();
      onCancel();
    }
  };
  return (
    <form
      className="caption-box"
      aria-label={t('caption.form')}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <label className="caption-label" htmlFor={inputId}>
        {t('caption.label')} <span className="caption-optional">{t('caption.optional')}</span>
      </label>
      <input
        id={inputId}
        className="caption-input board-field"
        type="text"
        // A caption in Hebrew or Arabic is typed right to left, as the wall paints it.
        dir="auto"
        // Focused on open (spec §4); the box only exists while a caption is pending.
        autoFocus
        autoComplete="off"
        enterKeyHint="done"
        value={caption}
        // The database refuses longer captions, and a refused save clears the drawing: stop the
        // typing here instead. (maxLength counts UTF-16 units, so it is never looser than SQL.)
        maxLength={MAX_CAPTION_LENGTH}
        disabled={saving}
        onChange={(e) => onCaptionChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="caption-actions">
        <button type="button" className="caption-undo" disabled={saving} onClick={onUndo}>
          {t('caption.undo')}
        </button>
        <button type="button" className="caption-cancel" disabled={saving} onClick={onCancel}>
          {t('caption.cancel')}
        </button>
        <button type="submit" className="caption-save" disabled={saving}>
          {t('caption.save')}
        </button>
      </div>
    </form>
  );
}
