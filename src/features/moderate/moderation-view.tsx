/**
 * The moderation view: a header (hide all since…, sign out, the status line), the board with every
 * signature (drawn by whatever `renderBoard` gives: the route composes the board feature in), the
 * selected signature's details with its actions, and the "Reported" and "Newest" lists.
 *
 * Layout (moderate.css): on a wide screen the board takes the main area and the details and lists
 * a side column; on a phone the board stays on top and the details and lists scroll below it.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { reportCounts } from '../../domain/moderation.ts';
import type { Signature } from '../../domain/signature.ts';
import { moderationDecorations, type Decorations } from '../../domain/signature-marks.ts';
import { KeyRefusedError, NEWEST_PAGE } from '../../data/moderation.ts';
import {
  useCommunityHiding,
  useModerationActions,
  useModeratedWall,
  useNewestSignatures,
  useReportedSignatures,
  type ReportedEntry,
} from '../../data/moderation-queries.ts';
import type { ModeratorClient } from '../../data/moderation.ts';
import { ConfirmDialog, type Confirmation } from './confirm-dialog.tsx';
import { HideSinceForm } from './hide-since-form.tsx';
import { HidingNotice } from './hiding-notice.tsx';
import { NewestList, ReportedList } from './signature-lists.tsx';
import { SignatureDetails } from './signature-details.tsx';
import { useSelectedId } from './use-selected-id.ts';
import { useWords } from '../../ui/i18n/words.ts';

const NO_ENTRIES: readonly ReportedEntry[] = [];
const NO_SIGNATURES: readonly Signature[] = [];
const NO_IDS: ReadonlySet<number> = new Set();

/** What the board on this page is given: every signature, how each is marked, the selection. */
export interface ModerationBoardSlot {
  readonly signatures: readonly Signature[];
  /** Hidden ones dimmed, reported ones badged with their count. */
  readonly decorations: Decorations;
  readonly selectedId: number | null;
  /** A signature tapped on the board: selected, as a row would be. */
  readonly onSelect: (id: number) => void;
}

export type RenderModerationBoard = (slot: ModerationBoardSlot) => ReactNode;

export interface ModerationContext {
  readonly actions: ReturnType<typeof useModerationActions>;
  /** Says what happened (or failed) in the status line. */
  readonly tell: (text: string) => void;
  /** Asks before a change that cannot be undone from here. */
  readonly confirm: (confirmation: Confirmation) => void;
}

export function ModerationView({
  client,
  onKeyRefused,
  onSignOut,
  renderBoard,
}: {
  client: ModeratorClient;
  onKeyRefused: () => void;
  onSignOut: () => void;
  renderBoard: RenderModerationBoard;
}) {
  const [limit, setLimit] = useState(NEWEST_PAGE);
  const newest = useNewestSignatures(client, limit);
  const reported = useReportedSignatures(client);
  const wall = useModeratedWall(client);
  const hiding = useCommunityHiding(client);
  const actions = useModerationActions(client);
  const [selected, select] = useSelectedId();
  const [status, setStatus] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const t = useWords();

  const refused = [newest.error, reported.error, wall.error, hiding.error].some(
    (e) => e instanceof KeyRefusedError,
  );
  useEffect(() => {
    if (refused) onKeyRefused();
  }, [refused, onKeyRefused]);

  const entries: readonly ReportedEntry[] = reported.data ?? NO_ENTRIES;
  const counts = useMemo(() => reportCounts(entries.map((e) => e.reported)), [entries]);
  const hiddenIds = wall.data?.hiddenIds ?? NO_IDS;
  const decorations = useMemo(() => moderationDecorations(hiddenIds, counts), [hiddenIds, counts]);
  const context: ModerationContext = useMemo(
    () => ({ actions, tell: setStatus, confirm: setConfirmation }),
    [actions],
  );
  const selectedReports = entries.find((e) => e.reported.signatureId === selected)?.reported;
  // The reports' own failure shows in their list: the rest of the page works without them.
  const loadError = [newest.error, wall.error].find(
    (e) => e !== null && !(e instanceof KeyRefusedError),
  );

  return (
    <div className="moderate moderate-view">
      <header className="moderate-header">
        <h1>{t('moderate.heading')}</h1>
        <button type="button" className="moderate-quiet moderate-sign-out" onClick={onSignOut}>
          {t('moderate.signOut')}
        </button>
        <HideSinceForm context={context} />
        <p className="moderate-status" role="status" aria-live="polite">
          {status}
        </p>
      </header>
      <HidingNotice hiding={hiding.data} />
      {loadError && (
        <p className="moderate-problem" role="alert">
          {loadError.message}
        </p>
      )}
      <div className="moderate-body">
        <div className="moderate-board">
          {renderBoard({
            signatures: wall.data?.signatures ?? NO_SIGNATURES,
            decorations,
            selectedId: selected,
            onSelect: select,
          })}
        </div>
        <div className="moderate-side">
          <main className="moderate-main" aria-label={t('moderate.selected')}>
            {selected === null ? (
              <p className="moderate-hint">{t('moderate.selectHint')}</p>
            ) : (
              <SignatureDetails
                key={selected}
                client={client}
                id={selected}
                reported={selectedReports ?? null}
                context={context}
                onClose={() => select(null)}
              />
            )}
          </main>
          <nav className="moderate-lists" aria-label={t('moderate.lists')}>
            <ReportedList
              entries={entries}
              loading={reported.isPending}
              error={reported.error instanceof KeyRefusedError ? null : reported.error}
              hiding={hiding.data}
              selected={selected}
              onSelect={select}
            />
            <NewestList
              rows={newest.data ?? []}
              loading={newest.isPending}
              counts={counts}
              selected={selected}
              onSelect={select}
              canShowMore={(newest.data?.length ?? 0) >= limit}
              onShowMore={() => setLimit((n) => n + NEWEST_PAGE)}
            />
          </nav>
        </div>
      </div>
      {confirmation && (
        <ConfirmDialog confirmation={confirmation} onDone={() => setConfirmation(null)} />
      )}
    </div>
  );
}
