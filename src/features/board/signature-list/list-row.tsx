/**
 * One row of 'List of signatures': an option of the listbox, placed at its index (only the rows
 * in sight are in the page), with the caption, when it was signed and where. Rendered again only
 * when what it shows changes: scrolling adds and removes rows, it does not redraw the others.
 */
import { memo } from 'react';
import type { ListEntry } from '../model/signature-list.ts';
import { useWords } from '../../../ui/i18n/words.ts';

/** A row's height in CSS px (signature-list.css): two lines, and a finger's target. */
export const ROW_HEIGHT = 56;

export interface ListRowProps {
  entry: ListEntry;
  /** The option's id, for the listbox's aria-activedescendant. */
  id: string;
  index: number;
  /** How many rows the list holds (most are not in the page). */
  setSize: number;
  active: boolean;
  /** When it was signed, as the card says it ('3 days ago'). */
  signedAgo: string;
  onChoose: (entry: ListEntry) => void;
}

export const ListRow = memo(function ListRow({
  entry,
  id,
  index,
  setSize,
  active,
  signedAgo,
  onChoose,
}: ListRowProps) {
  const words = useWords();
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className="signature-list-option"
      style={{ top: index * ROW_HEIGHT }}
      onClick={() => onChoose(entry)}
    >
      <span className="signature-list-caption">{entry.label}</span>
      <span className="signature-list-meta">
        <time dateTime={entry.createdAt}>{signedAgo}</time>
        {' · '}
        {words('signatureList.position', {
          x: Math.round(entry.centre[0]),
          y: Math.round(entry.centre[1]),
        })}
      </span>
    </div>
  );
});
