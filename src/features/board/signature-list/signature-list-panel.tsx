/**
 * 'List of signatures' (board-tools.tsx): the wall as text, newest or nearest first, searchable by
 * caption. The list is a listbox of which only the rows in sight are in the page
 * (model/list-window.ts), so 10,000 signatures scroll as smoothly as ten; the focus stays on
 * the listbox and aria-activedescendant names the active row (the arrows, Page Up/Down, Home and
 * End move it, Enter or Space chooses it, as a click or a tap does). Choosing one moves the view
 * to it and opens its card (`signatureShown`); on a phone the list closes to leave it the screen,
 * elsewhere it stays, and the focus comes back to it when the card closes. How many signatures
 * the list holds is said politely, once the search rests.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { Signature } from '../../../domain/signature.ts';
import { ToolPanel } from '../controls/tool-panel.tsx';
import type { BoardMachine } from '../input/board-machine.ts';
import { scrollToShow } from '../model/list-window.ts';
import { timeAgo } from '../model/signed-time.ts';
import {
  cameraOnSignature,
  listed,
  listEntries,
  type ListEntry,
  type ListOrder,
} from '../model/signature-list.ts';
import { ListRow, ROW_HEIGHT } from './list-row.tsx';
import { useRestingText, useRowWindow, useViewCentre } from './list-view.ts';
import { useLocale, useWords } from '../../../ui/i18n/words.ts';
import './signature-list.css';

/** navigation.css's compact screens, where the list closes once a signature is chosen. */
const COMPACT = '(max-width: 599px), (max-height: 599px)';

/** What the list keeps while it is closed: its search, order, active row and scroll. */
export interface ListMemory {
  readonly search: string;
  readonly order: ListOrder;
  readonly active: number | null;
  readonly scrollTop: number;
}

export interface SignatureListPanelProps {
  machine: BoardMachine;
  signatures: readonly Signature[];
  /** The open card's signature, by id. */
  card: number | null;
  memory: RefObject<ListMemory | null>;
  /** Closes the panel; `returnFocus` gives the focus back to the tool's button. */
  onClose: (returnFocus: boolean) => void;
}

export function SignatureListPanel({
  machine,
  signatures,
  card,
  memory,
  onClose,
}: SignatureListPanelProps) {
  const kept = memory.current;
  const [search, setSearch] = useState(kept?.search ?? '');
  const [order, setOrder] = useState<ListOrder>(kept?.order ?? 'newest');
  const [activeId, setActiveId] = useState<number | null>(kept?.active ?? null);
  const scrollTop = useRef(kept?.scrollTop ?? 0);
  const from = useViewCentre(machine.camera, order === 'nearest');
  const entries = useMemo(() => listEntries(signatures), [signatures]);
  // Typing stays quick on a slow phone: the list follows the search when it can.
  const deferredSearch = useDeferredValue(search);
  const results = useMemo(
    () => listed(entries, { search: deferredSearch, order, from }),
    [entries, deferredSearch, order, from],
  );
  const activeIndex = useMemo(
    () => (activeId === null ? -1 : results.findIndex((e) => e.id === activeId)),
    [results, activeId],
  );
  const words = useWords();
  const locale = useLocale();
  const countText = useRestingText(
    results.length === 0
      ? words('signatureList.none')
      : words('signatureList.count', { count: results.length }),
  );

  useEffect(() => {
    memory.current = { search, order, active: activeId, scrollTop: scrollTop.current };
  });

  const ids = useId();
  const optionId = (id: number) => `${ids}-signature-${id}`;
  const searchField = useRef<HTMLInputElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  useEffect(() => searchField.current?.focus(), []);

  const rows = useRowWindow(listbox, results.length);
  // Back where it was when the list was last open.
  useLayoutEffect(() => {
    if (listbox.current) listbox.current.scrollTop = scrollTop.current;
  }, []);

  // The active row is in sight: when it moves, and when the list changes around it.
  useLayoutEffect(() => {
    const el = listbox.current;
    if (!el || activeIndex < 0) return;
    el.scrollTop = scrollToShow(activeIndex, ROW_HEIGHT, el.scrollTop, el.clientHeight);
  }, [activeIndex, results]);

  // The card of a signature chosen here closed: the focus comes back to the list.
  const chosen = useRef<number | null>(null);
  useEffect(() => {
    if (card !== null || chosen.current === null) return;
    chosen.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body) listbox.current?.focus();
  }, [card]);

  // Today's "3 days ago" for each signature, worked out once per opening of the list.
  const [now] = useState(() => Date.now());
  const ago = useMemo(() => {
    const known = new Map<string, string>();
    return (createdAt: string) => {
      let text = known.get(createdAt);
      if (text === undefined) {
        text = timeAgo(Date.parse(createdAt), now, locale);
        known.set(createdAt, text);
      }
      return text;
    };
  }, [now, locale]);

  const choose = (entry: ListEntry) => {
    setActiveId(entry.id);
    const signature = signatures.find((s) => s.id === entry.id);
    if (!signature) return;
    chosen.current = entry.id;
    const camera = cameraOnSignature(signature.outline, machine.camera.current());
    machine.dispatch({ type: 'signatureShown', id: entry.id, camera });
    if (window.matchMedia(COMPACT).matches) onClose(false);
  };

  // Rows render again only when what they show changes: their handler stays the same function.
  const chooseNow = useRef(choose);
  useLayoutEffect(() => {
    chooseNow.current = choose;
  });
  const onChoose = useCallback((entry: ListEntry) => chooseNow.current(entry), []);

  const activate = (index: number) => {
    if (results.length === 0) return;
    const i = Math.min(results.length - 1, Math.max(0, index));
    setActiveId(results[i]!.id);
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((listbox.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown':
        activate(activeIndex + 1);
        break;
      case 'ArrowUp':
        activate(activeIndex < 0 ? 0 : activeIndex - 1);
        break;
      case 'PageDown':
        activate(activeIndex + page);
        break;
      case 'PageUp':
        activate(activeIndex - page);
        break;
      case 'Home':
        activate(0);
        break;
      case 'End':
        activate(results.length - 1);
        break;
      case 'Enter':
      case ' ': {
        const entry = results[activeIndex];
        if (entry) choose(entry);
        break;
      }
      default:
        return;
    }
    // The board hears keys on the window (Enter saves, the arrows pan): these are the list's.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <ToolPanel
      title={words('tools.signatureList')}
      closeLabel={words('signatureList.close')}
      onClose={() => onClose(true)}
      className="signature-list-panel"
    >
      <div className="signature-list-search">
        <label className="tool-panel-label" htmlFor={`${ids}-search`}>
          {words('signatureList.search')}
        </label>
        <input
          ref={searchField}
          id={`${ids}-search`}
          className="board-field"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown' || results.length === 0) return;
            e.preventDefault();
            listbox.current?.focus();
            activate(activeIndex < 0 ? 0 : activeIndex);
          }}
        />
      </div>
      <fieldset className="signature-list-order">
        <legend className="visually-hidden">{words('signatureList.order')}</legend>
        {(['newest', 'nearest'] as const).map((value) => (
          <label key={value} className="signature-list-order-choice">
            <input
              type="radio"
              name={`${ids}-order`}
              value={value}
              checked={order === value}
              onChange={() => setOrder(value)}
            />
            <span>
              {words(value === 'newest' ? 'signatureList.newest' : 'signatureList.nearest')}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="tool-panel-note signature-list-count" role="status">
        {countText}
      </p>
      <div
        ref={listbox}
        className="signature-list"
        role="listbox"
        tabIndex={0}
        aria-label={words('signatureList.list')}
        aria-activedescendant={activeIndex >= 0 ? optionId(results[activeIndex]!.id) : undefined}
        onKeyDown={onListKey}
        onScroll={(e) => (scrollTop.current = e.currentTarget.scrollTop)}
        onFocus={(e) => {
          if (e.target === e.currentTarget && activeIndex < 0 && results.length > 0) {
            setActiveId(results[0]!.id);
          }
        }}
      >
        <div
          role="presentation"
          className="signature-list-rows"
          style={{ height: results.length * ROW_HEIGHT }}
        >
          {results.slice(rows.first, rows.last + 1).map((entry, i) => (
            <ListRow
              key={entry.id}
              entry={entry}
              id={optionId(entry.id)}
              index={rows.first + i}
              setSize={results.length}
              active={entry.id === activeId}
              signedAgo={ago(entry.createdAt)}
              onChoose={onChoose}
            />
          ))}
        </div>
      </div>
    </ToolPanel>
  );
}
