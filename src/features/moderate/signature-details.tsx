/** The selected signature: what it is, what was said of it, and what the owner can do with it. */
import { useEffect, useMemo, useRef } from 'react';
import { signatureFigures, spotTakenBy, type ReportedSignature } from '../../domain/moderation.ts';
import { outlineOf } from '../../domain/geometry.ts';
import { parseStrokes } from '../../domain/signature.ts';
import { DataApiError } from '../../data/table.ts';
import type { ModeratorClient } from '../../data/moderation.ts';
import { useModeratedSignature } from '../../data/moderation-queries.ts';
import type { Words } from '../../ui/i18n/words.ts';
import { captionOrId } from './format.ts';
import { useModerateWords } from './moderate-words.ts';
import type { ModerationContext } from './moderation-view.tsx';
import { SignaturePreview } from './signature-preview.tsx';

/** What an unhide refused for its spot tells the owner. */
export function unhideRefusal(id: number, message: string, t: Words): string {
  const taker = spotTakenBy(message);
  return taker === null
    ? t('moderate.spotTaken', { id })
    : t('moderate.spotTakenBy', { id, taker });
}

export function SignatureDetails({
  client,
  id,
  reported,
  context,
  onClose,
}: {
  client: ModeratorClient;
  id: number;
  reported: ReportedSignature | null;
  context: ModerationContext;
  onClose: () => void;
}) {
  const query = useModeratedSignature(client, id);
  const article = useRef<HTMLElement>(null);
  // A row tapped far down a phone's list: its details (above the lists there) come into view.
  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a
  // cleanup function and call on unmount.
  useEffect(() => {
    article.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const row = query.data;
  const figures = useMemo(() => row && signatureFigures(row.signature), [row]);
  const strokes = useMemo(() => (row ? parseStrokes(row.signature) : null), [row]);
  const outline = strokes && outlineOf(strokes);
  const { actions, tell, confirm } = context;
  const { t, time, reason } = useModerateWords();
  const busy = actions.setHidden.isPending || actions.remove.isPending || actions.dismiss.isPending;

  const failed = (error: unknown) =>
    tell(error instanceof Error ? error.message : t('moderate.failed'));

  const hideOrShow = (hidden: boolean) =>
    actions.setHidden.mutate(
      { id, hidden },
      {
        onSuccess: (found) =>
          tell(
            !found
              ? t('moderate.gone', { id })
              : hidden
                ? t('moderate.hidden', { id })
                : t('moderate.shown', { id }),
          ),
        onError: (error) =>
          error instanceof DataApiError && error.status === 409
            ? tell(unhideRefusal(id, error.message, t))
            : failed(error),
      },
    );

  const askDelete = () =>
    confirm({
      question: t('moderate.deleteQuestion', { id }),
      confirmLabel: t('moderate.delete'),
      run: () =>
        actions.remove
          .mutateAsync(id)
          .then((found) => {
            tell(found ? t('moderate.deleted', { id }) : t('moderate.gone', { id }));
            if (found) onClose();
          })
          .catch(failed),
    });

  const dismiss = () =>
    actions.dismiss.mutate(id, {
      onSuccess: (n) => tell(t('moderate.dismissed', { count: n, id })),
      onError: failed,
    });

  return (
    <article ref={article} className="moderate-details" aria-labelledby="moderate-details-title">
      <header>
        <h2 id="moderate-details-title">{t('moderate.details.title', { id })}</h2>
        <button type="button" className="moderate-quiet" onClick={onClose}>
          {t('moderate.close')}
        </button>
      </header>
      {query.isPending ? (
        <p className="moderate-hint">{t('moderate.loading')}</p>
      ) : query.isError ? (
        <p className="moderate-problem">{query.error.message}</p>
      ) : !row ? (
        <p className="moderate-hint">{t('moderate.details.missing', { id })}</p>
      ) : (
        <>
          {outline && strokes && <SignaturePreview strokes={strokes} outline={outline} />}
          <dl className="moderate-facts">
            <dt>{t('moderate.details.caption')}</dt>
            <dd dir="auto">{captionOrId(row)}</dd>
            <dt>{t('moderate.details.signed')}</dt>
            <dd>{time(row.created_at)}</dd>
            <dt>{t('moderate.details.status')}</dt>
            <dd>{row.hidden ? t('moderate.details.hidden') : t('moderate.details.onTheWall')}</dd>
            {figures && (
              <>
                <dt>{t('moderate.details.size')}</dt>
                <dd>
                  {t('moderate.details.figures', {
                    strokes: figures.strokes,
                    points: figures.points,
                    bytes: figures.bytes,
                  })}
                  {figures.outline &&
                    `; ${t('moderate.details.outline', {
                      width: Math.round(figures.outline.width),
                      height: Math.round(figures.outline.height),
                    })}`}
                </dd>
              </>
            )}
          </dl>
          <div className="moderate-actions">
            {row.hidden ? (
              <button type="button" disabled={busy} onClick={() => hideOrShow(false)}>
                {t('moderate.unhide')}
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={() => hideOrShow(true)}>
                {t('moderate.hide')}
              </button>
            )}
            <button type="button" className="moderate-danger" disabled={busy} onClick={askDelete}>
              {t('moderate.delete')}
            </button>
            {reported && (
              <button type="button" disabled={busy} onClick={dismiss}>
                {t('moderate.dismiss')}
              </button>
            )}
          </div>
        </>
      )}
      <section aria-label={t('moderate.reports')}>
        <h3>
          {reported
            ? t('moderate.reportCount', { count: reported.reportCount })
            : t('moderate.noReports')}
        </h3>
        {reported && (
          <ul className="moderate-reports">
            {reported.reports.map((report, i) => (
              <li key={i}>
                <strong>{reason(report.reason)}</strong>{' '}
                <span className="moderate-row-time">{time(report.createdAt)}</span>
                {report.note && (
                  <p className="moderate-note" dir="auto">
                    {report.note}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
