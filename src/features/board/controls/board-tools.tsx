/**
 * Two more tools in the board's column (view-tools.tsx): 'Type your name' (a typed name drawn in
 * a single-stroke script as the pending signature, for whoever cannot or would rather not draw)
 * and 'List of signatures' (the wall as text). Their panels are part of the board's chunk, which
 * the welcome card loads in the background; the script's glyphs load when 'Type your name' is
 * first opened (type-name-panel.tsx). Splitting the panels into chunks of their own would have
 * cost the first screen: the bundler then splits the chunk the welcome card shares with the
 * board in two (one more request, and more bytes, before the card shows).
 */
import { useCallback, useRef } from 'react';
import type { Signature } from '../../../domain/signature.ts';
import type { BoardMachine } from '../input/board-machine.ts';
import { useWords } from '../../../ui/i18n/words.ts';
import { ToolButton } from './tool-button.tsx';
import { Icon } from './icons.tsx';
import './board-tools.css';
import { SignatureListPanel, type ListMemory } from '../signature-list/signature-list-panel.tsx';

import { TypeNamePanel } from '../type-name/type-name-panel.tsx';

export type BoardTool = 'type-name' | 'signature-list';

function TypeNameIcon() {
  return (
    <Icon>
      <rect x="3" y="15" width="18" height="6" rx="1.5" />
      <path d="M6 18h.01M10 18h4M18 18h.01" />
      <path d="M4 11c2-5 4-7 5-5s-2 6 0 5 3-5 5-4 0 4 2 3 3-3 4-2" />
    </Icon>
  );
}

function SignatureListIcon() {
  return (
    <Icon>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4 6h.01M4 12h.01M4 18h.01" />
    </Icon>
  );
}

export interface BoardToolButtonsProps {
  open: BoardTool | null;
  onOpen: (tool: BoardTool) => void;
  /** Null: no typing here (a view-only embed); false: not now (the wall loading, a drawing). */
  canType: boolean | null;
}

/**
 * The tools' buttons, after the others: on a large screen side by side under the column (so the
 * column stays clear of the overview on a 720 px tall screen), on a compact one in the folded
 * menu's row (board-tools.css).
 */
export function BoardToolButtons({ open, onOpen, canType }: BoardToolButtonsProps) {
  const words = useWords();
  return (
    <div className="board-tools-pair">
      {canType !== null && (
        <ToolButton
          label={words('tools.typeName')}
          aria-haspopup="dialog"
          aria-expanded={open === 'type-name'}
          disabled={!canType}
          data-tool="type-name"
          onClick={() => onOpen('type-name')}
        >
          <TypeNameIcon />
        </ToolButton>
      )}
      <ToolButton
        label={words('tools.signatureList')}
        aria-haspopup="dialog"
        aria-expanded={open === 'signature-list'}
        data-tool="signature-list"
        onClick={() => onOpen('signature-list')}
      >
        <SignatureListIcon />
      </ToolButton>
    </div>
  );
}

export interface BoardToolPanelProps {
  /** The open tool; null: none. */
  tool: BoardTool | null;
  machine: BoardMachine;
  /** What the board shows. */
  signatures: readonly Signature[];
  canType: boolean;
  /** The open card's signature, by id (the list gives the focus back when it closes). */
  card: number | null;
  onClose: () => void;
}

/**
 * The focus goes back to the tool's button when its panel closes; where that button is folded
 * away (a phone's "More tools"), to the button that unfolds it.
 */
function focusToolButton(tool: BoardTool): void {
  const button = document.querySelector<HTMLElement>(`[data-tool="${tool}"]`);
  if (button && button.getClientRects().length > 0) {
    button.focus();
    return;
  }
  document.querySelector<HTMLElement>('.board-tools-more')?.focus();
}

/** The open tool's panel. */
export function BoardToolPanel({
  tool,
  machine,
  signatures,
  canType,
  card,
  onClose,
}: BoardToolPanelProps) {
  // The list's search, order and place, kept while it is closed and opened again.
  const listMemory = useRef<ListMemory | null>(null);
  const close = useCallback(
    (returnFocus: boolean) => {
      if (returnFocus && tool) focusToolButton(tool);
      onClose();
    },
    [onClose, tool],
  );
  if (tool === null) return null;
  if (tool === 'type-name') {
    return (
      <TypeNamePanel machine={machine} signatures={signatures} canType={canType} onClose={close} />
    );
  }
  return (
    <SignatureListPanel
      machine={machine}
      signatures={signatures}
      card={card}
      memory={listMemory}
      onClose={close}
    />
  );
}
