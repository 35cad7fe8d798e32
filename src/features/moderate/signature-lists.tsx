/** The "Reported" and "Newest" lists: one row per signature, a button that selects it. */
import { useId } from 'react';
import { reasonSummary } from '../../domain/moderation.ts';
import type { CommunityHiding, ModeratedRow } from '../../data/moderation.ts';
import type { ReportedEntry } from '../../data/moderation-queries.ts';
import { captionOrId } from './format.ts';
import { useModerateWords } from './moderate-words.ts';

function SignatureRow({
  id,
  row,
  reportCount,
  detail,
  mark,
  selected,
  onSelect,
}: {
  id: number;
  row: ModeratedRow | null;
  reportCount: number;
  detail?: string;
  /** What community hiding did with it: 'waits for you' (paused), 'kept' (the owner's word). */
  mark?: 'moderate.row.waits' | 'moderate.row.kept';
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const { t, time } = useModerateWords();
  return (
    <li>
      <button
        type="button"
        className="moderate-row"
        aria-current={selected ? 'true' : undefined}
        data-hidden={row?.hidden ? 'true' : undefined}
        onClick={() => onSelect(id)}
      >
        <span className="moderate-row-id">#{id}</span>
        <span className="moderate-row-caption" dir="auto">
          {row ? captionOrId(row) : t('moderate.row.deleted')}
        </span>
        {row?.hidden && <span className="moderate-badge">{t('moderate.row.hidden')}</span>}
        {reportCount > 0 && (
          <span className="moderate-badge moderate-badge-reports">
            {t('moderate.reportCount', { count: reportCount })}
          </span>
        )}
        {mark && <span className="moderate-badge">{t(mark)}</span>}
        <span className="moderate-row-time">{row ? time(row.created_at) : ''}</span>
        {detail && <span className="moderate-row-detail">{detail}</span>}
      </button>
    </li>
  );
}

function markOf(
  id: number,
  hiding: CommunityHiding | undefined,
): 'moderate.row.waits' | 'moderate.row.kept' | undefined {
  if (hiding?.waiting.has(id)) return 'moderate.row.waits';
  if (hiding?.kept.has(id)) return 'moderate.row.kept';
  return undefined;
}

export function ReportedList({
  entries,
  loading,
  error,
  hiding,
  selected,
  onSelect,
}: {
  entries: readonly ReportedEntry[];
  loading: boolean;
  error: Error | null;
  hiding: CommunityHiding | undefined;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const headingId = useId();
  const { t, reason } = useModerateWords();
  return (
    <section className="moderate-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('moderate.list.reported')}</h2>
      {error ? (
        <p className="moderate-problem">{error.message}</p>
      ) : loading ? (
        <p className="moderate-hint">{t('moderate.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="moderate-hint">{t('moderate.list.noReports')}</p>
      ) : (
        <ul>
          {entries.map(({ reported, row }) => (
            <SignatureRow
              key={reported.signatureId}
              id={reported.signatureId}
              row={row}
              reportCount={reported.reportCount}
              detail={reasonSummary(reported.reports, reason)}
              mark={markOf(reported.signatureId, hiding)}
              selected={selected === reported.signatureId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function NewestList({
  rows,
  loading,
  counts,
  selected,
  onSelect,
  canShowMore,
  onShowMore,
}: {
  rows: readonly ModeratedRow[];
  loading: boolean;
  counts: ReadonlyMap<number, number>;
  selected: number | null;
  onSelect: (id: number) => void;
  canShowMore: boolean;
  onShowMore: () => void;
}) {
  const headingId = useId();
  const { t } = useModerateWords();
  return (
    <section className="moderate-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('moderate.list.newest')}</h2>
      {loading ? (
        <p className="moderate-hint">{t('moderate.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="moderate-hint">{t('moderate.list.empty')}</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <SignatureRow
              key={row.id}
              id={row.id}
              row={row}
              reportCount={counts.get(row.id) ?? 0}
              selected={selected === row.id}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
      {canShowMore && (
        <button type="button" className="moderate-quiet" onClick={onShowMore}>
          {t('moderate.list.more')}
        </button>
      )}
    </section>
  );
}
