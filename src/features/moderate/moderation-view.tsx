/**
 * The moderation view: a header (hide all since…, sign out, the status line), the "Reported" and
 * "Newest" lists, and the selected signature's details with its actions.
 *
 * Layout: the lists are a side column and the details take the main area. The board (issue 21's
 * later pass) is meant to take that main area, with the details moving into the side column
 * above the lists; nothing here assumes the main area holds the details.
 */
import { useEffect, useMemo, useState } from 'react';
import { reportCounts } from '../../domain/moderation.ts';
import { KeyRefusedError, NEWEST_PAGE } from '../../data/moderation.ts';
import {
  useModerationActions,
  useNewestSignatures,
  useReportedSignatures,
  type ReportedEntry,
} from '../../data/moderation-queries.ts';
import type { ModeratorClient } from '../../data/moderation.ts';
import { ConfirmDialog, type Confirmation } from './confirm-dialog.tsx';
import { HideSinceForm } from './hide-since-form.tsx';
import { NewestList, ReportedList } from './signature-lists.tsx';
import { SignatureDetails } from './signature-details.tsx';
import { useSelectedId } from './use-selected-id.ts';

const NO_ENTRIES: readonly ReportedEntry[] = [];

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
}: {
  client: ModeratorClient;
  onKeyRefused: () => void;
  onSignOut: () => void;
}) {
  const [limit, setLimit] = useState(NEWEST_PAGE);
  const newest = useNewestSignatures(client, limit);
  const reported = useReportedSignatures(client);
  const actions = useModerationActions(client);
  const [selected, select] = useSelectedId();
  const [status, setStatus] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const refused = [newest.error, reported.error].some((e) => e instanceof KeyRefusedError);
  useEffect(() => {
    if (refused) onKeyRefused();
  }, [refused, onKeyRefused]);

  const entries: readonly ReportedEntry[] = reported.data ?? NO_ENTRIES;
  const counts = useMemo(() => reportCounts(entries.map((e) => e.reported)), [entries]);
  const context: ModerationContext = useMemo(
    () => ({ actions, tell: setStatus, confirm: setConfirmation }),
    [actions],
  );
  const selectedReports = entries.find((e) => e.reported.signatureId === selected)?.reported;
  // The reports' own failure shows in their list: the rest of the page works without them.
  const loadError = newest.error instanceof KeyRefusedError ? null : newest.error;

  return (
    <div className="moderate moderate-view">
      <header className="moderate-header">
        <h1>Moderation</h1>
        <button type="button" className="moderate-quiet moderate-sign-out" onClick={onSignOut}>
          Sign out
        </button>
        <HideSinceForm context={context} />
        <p className="moderate-status" role="status" aria-live="polite">
          {status}
        </p>
      </header>
      {loadError && (
        <p className="moderate-problem" role="alert">
          {loadError.message}
        </p>
      )}
      <div className="moderate-body">
        <main className="moderate-main" aria-label="Selected signature">
          {selected === null ? (
            <p className="moderate-hint">Select a signature in a list to see it here.</p>
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
        <nav className="moderate-lists" aria-label="Signatures">
          <ReportedList
            entries={entries}
            loading={reported.isPending}
            error={reported.error instanceof KeyRefusedError ? null : reported.error}
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
      {confirmation && (
        <ConfirmDialog confirmation={confirmation} onDone={() => setConfirmation(null)} />
      )}
    </div>
  );
}
