/** The selected signature: what it is, what was said of it, and what the owner can do with it. */
import { useEffect, useMemo, useRef } from 'react';
import {
  reasonLabel,
  signatureFigures,
  spotTakenBy,
  type ReportedSignature,
} from '../../domain/moderation.ts';
import { outlineOf } from '../../domain/geometry.ts';
import { parseStrokes } from '../../domain/signature.ts';
import { DataApiError } from '../../data/table.ts';
import type { ModeratorClient } from '../../data/moderation.ts';
import { useModeratedSignature } from '../../data/moderation-queries.ts';
import { captionOrId, formatTime, plural } from './format.ts';
import type { ModerationContext } from './moderation-view.tsx';
import { SignaturePreview } from './signature-preview.tsx';

/** What an unhide refused for its spot tells the owner. */
export function unhideRefusal(id: number, message: string): string {
  const taker = spotTakenBy(message);
  return taker === null
    ? `Signature #${id} stays hidden: its spot is taken by another signature.`
    : `Signature #${id} stays hidden: its spot is taken by signature #${taker}. Hide or delete that one first.`;
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
  const busy = actions.setHidden.isPending || actions.remove.isPending || actions.dismiss.isPending;

  const failed = (error: unknown) =>
    tell(error instanceof Error ? error.message : 'That did not work.');

  const hideOrShow = (hidden: boolean) =>
    actions.setHidden.mutate(
      { id, hidden },
      {
        onSuccess: (found) =>
          tell(
            !found
              ? `Signature #${id} no longer exists.`
              : hidden
                ? `Signature #${id} is hidden.`
                : `Signature #${id} is on the wall again.`,
          ),
        onError: (error) =>
          error instanceof DataApiError && error.status === 409
            ? tell(unhideRefusal(id, error.message))
            : failed(error),
      },
    );

  const askDelete = () =>
    confirm({
      question: `Delete signature #${id} for good? This cannot be undone.`,
      confirmLabel: 'Delete',
      run: () =>
        actions.remove
          .mutateAsync(id)
          .then((found) => {
            tell(found ? `Signature #${id} deleted.` : `Signature #${id} no longer exists.`);
            if (found) onClose();
          })
          .catch(failed),
    });

  const dismiss = () =>
    actions.dismiss.mutate(id, {
      onSuccess: (n) => tell(`Dismissed ${plural(n, 'report')} of signature #${id}.`),
      onError: failed,
    });

  return (
    <article ref={article} className="moderate-details" aria-labelledby="moderate-details-title">
      <header>
        <h2 id="moderate-details-title">Signature #{id}</h2>
        <button type="button" className="moderate-quiet" onClick={onClose}>
          Close
        </button>
      </header>
      {query.isPending ? (
        <p className="moderate-hint">Loading…</p>
      ) : query.isError ? (
        <p className="moderate-problem">{query.error.message}</p>
      ) : !row ? (
        <p className="moderate-hint">There is no signature #{id} (deleted?).</p>
      ) : (
        <>
          {outline && strokes && <SignaturePreview strokes={strokes} outline={outline} />}
          <dl className="moderate-facts">
            <dt>Caption</dt>
            <dd>{captionOrId(row)}</dd>
            <dt>Signed</dt>
            <dd>{formatTime(row.created_at)}</dd>
            <dt>Status</dt>
            <dd>{row.hidden ? 'hidden' : 'on the wall'}</dd>
            {figures && (
              <>
                <dt>Size</dt>
                <dd>
                  {plural(figures.strokes, 'stroke')}, {plural(figures.points, 'point')},{' '}
                  {plural(figures.bytes, 'byte')}
                  {figures.outline &&
                    `; outline ${Math.round(figures.outline.width)} × ${Math.round(figures.outline.height)} px`}
                </dd>
              </>
            )}
          </dl>
          <div className="moderate-actions">
            {row.hidden ? (
              <button type="button" disabled={busy} onClick={() => hideOrShow(false)}>
                Unhide
              </button>
            ) : (
              <button type="button" disabled={busy} onClick={() => hideOrShow(true)}>
                Hide
              </button>
            )}
            <button type="button" className="moderate-danger" disabled={busy} onClick={askDelete}>
              Delete
            </button>
            {reported && (
              <button type="button" disabled={busy} onClick={dismiss}>
                Dismiss reports
              </button>
            )}
          </div>
        </>
      )}
      <section aria-label="Reports">
        <h3>{reported ? plural(reported.reportCount, 'report') : 'No reports'}</h3>
        {reported && (
          <ul className="moderate-reports">
            {reported.reports.map((report, i) => (
              <li key={i}>
                <strong>{reasonLabel(report.reason)}</strong>{' '}
                <span className="moderate-row-time">{formatTime(report.createdAt)}</span>
                {report.note && <p className="moderate-note">{report.note}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
