/**
 * A button of the board's tools: an icon named by `label` (for screen readers, and as its tooltip
 * unless `title` says more).
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ToolButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  label: string;
  children: ReactNode;
}

export function ToolButton({ label, title, children, ...rest }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="board-button board-tool"
      aria-label={label}
      title={title ?? label}
      {...rest}
    >
      {children}
    </button>
  );
}
