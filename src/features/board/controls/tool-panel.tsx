/**
 * The frame of a tool's panel ('Type your name', 'List of signatures'): a non-modal dialog named
 * by its heading, with a close button. The wall around it stays usable. Escape closes it (and
 * goes no further: the board's own Escape would cancel a drawing or close a card).
 */
import { useId, type ReactNode } from 'react';
import './tool-panel.css';

export interface ToolPanelProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Its place and size on screen (tool-panel.css). */
  className: string;
  children: ReactNode;
}

export function ToolPanel({ title, closeLabel, onClose, className, children }: ToolPanelProps) {
  const headingId = useId();
  return (
    <section
      role="dialog"
      aria-labelledby={headingId}
      className={`tool-panel ${className}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <header className="tool-panel-header">
        <h2 id={headingId} className="tool-panel-title">
          {title}
        </h2>
        <button
          type="button"
          className="tool-panel-close"
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        >
          ✕
        </button>
      </header>
      {children}
    </section>
  );
}
