/**
 * A signature's card: a small dialog beside the signature a visitor tapped, with its
 * caption (or '#<id>'), when it was signed, and "Report" and "Close"; for 10 minutes after this
 * browser saved it, also "Remove my signature". "Report" turns the card into the report form,
 * "Remove my signature" into a confirm step. The focus goes into the card as it opens and as it
 * changes; the board gives it back to the wall when the card closes. Escape closes it (the
 * board's key listener, which knows a card is open).
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Size } from '../../../domain/camera.ts';
import { placeCard, screenRectOf, type CardPlacement } from '../model/card-placement.ts';
import { CAPTION_STYLE, defaultCaption } from '../../../domain/presentation.ts';
import { REMOVAL_WINDOW_MS } from '../../../domain/removal.ts';
import type { ReportReason } from '../../../domain/reports.ts';
import type { Signature } from '../../../domain/signature.ts';
import { signedAt, timeAgo } from '../model/signed-time.ts';
import { useRemoveMySignature, type RemovalOutcome } from '../../../data/removal.ts';
import { removalSecretFor } from '../../../data/removal-secrets.ts';
import { reportSignature, type ReportOutcome } from '../../../data/reports.ts';
import type { Camera } from '../input/camera.ts';
import { ReportForm } from './report-form.tsx';
import { useLocale, useWords } from '../../../ui/i18n/words.ts';
import './card.css';
import type { ToastKind } from '../../../domain/toast.ts';

export interface SignatureCardProps {
  signature: Signature;
  camera: Camera;
  /** The screen's size: the card is placed again when it changes. */
  viewport: Size;
  notify: (kind: ToastKind) => void;
  onClose: () => void;
}

type CardView = 'details' | 'report' | 'confirm-removal';

const REPORT_TOAST: Readonly<Record<ReportOutcome, ToastKind>> = {
  sent: 'reported',
  'already-reported': 'alreadyReported',
  'too-many': 'tooManyReports',
  gone: 'signatureGone',
  failed: 'reportError',
};

const REMOVAL_TOAST: Readonly<Record<RemovalOutcome, ToastKind>> = {
  removed: 'removed',
  'too-late': 'removalTooLate',
  refused: 'removalRefused',
  gone: 'signatureGone',
  failed: 'removalError',
};

/**
 * The wall's room under an outline that its caption may take (up to its last line's descent), so
 * the card sits clear of the caption too.
 */
const CAPTION_BAND =
  CAPTION_STYLE.baselineOffset +
  (CAPTION_STYLE.maxLines - 1) * CAPTION_STYLE.lineHeight +
  CAPTION_STYLE.descent;

export function SignatureCard({
  signature,
  camera,
  viewport,
  notify,
  onClose,
}: SignatureCardProps) {
  const { id } = signature;
  const [view, setView] = useState<CardView>('details');
  const cardRef = useRef<HTMLDivElement>(null);
  const placement = useCardPlacement(cardRef, signature, camera, viewport, view);
  const removable = useRemovable(id);
  const removal = useRemoveMySignature();
  const t = useWords();
  const locale = useLocale();

  // The focus follows the card: into it as it opens, and into each step, on the control marked
  // for it (never "Remove my signature", which comes first on the signer's card) or the first.
  // Not before the card is placed: a control that is not visible yet cannot take the focus.
  const placed = placement !== null;
  useEffect(() => {
    const card = cardRef.current;
    if (!placed || !card) return;
    const first =
      card.querySelector<HTMLElement>('[data-autofocus]') ??
      card.querySelector<HTMLElement>('input, button, textarea');
    first?.focus();
  }, [view, placed]);

  const sendReport = async (reason: ReportReason, note: string | null) => {
    const outcome = await reportSignature({ signatureId: id, reason, note });
    notify(REPORT_TOAST[outcome]);
    // A failure leaves the form as it was, to send again.
    if (outcome !== 'failed') onClose();
  };

  const remove = async () => {
    if (!removable) return;
    const outcome = await removal.mutateAsync({ id, secret: removable.secret });
    notify(REMOVAL_TOAST[outcome]);
    if (outcome === 'failed') setView('details');
    else onClose();
  };

  const caption = signature.caption ?? defaultCaption(id);
  const signed = Date.parse(signature.createdAt);
  return (
    <div
      ref={cardRef}
      className="signature-card"
      role="dialog"
      aria-label={t('card.label', { id })}
      data-placed={placed}
      style={placement ? { left: placement.left, top: placement.top } : undefined}
    >
      {/* A caption keeps its own direction, whatever the page's language. */}
      <p className="card-caption" dir="auto">
        {caption}
      </p>
      <p className="card-time">
        <time dateTime={signature.createdAt}>{timeAgo(signed, Date.now(), locale)}</time>
        <span>{signedAt(signed, locale)}</span>
      </p>
      {view === 'details' && (
        <div className="card-actions">
          {removable && (
            <button
              type="button"
              className="card-remove"
              onClick={() => setView('confirm-removal')}
            >
              {t('card.removeMine')}
            </button>
          )}
          <button type="button" data-autofocus onClick={() => setView('report')}>
            {t('card.report')}
          </button>
          <button type="button" className="card-primary" onClick={onClose}>
            {t('card.close')}
          </button>
        </div>
      )}
      {view === 'report' && <ReportForm onSend={sendReport} onBack={() => setView('details')} />}
      {view === 'confirm-removal' && (
        <>
          <p className="card-hint">{t('card.confirmRemoval')}</p>
          <div className="card-actions">
            <button type="button" onClick={() => setView('details')} disabled={removal.isPending}>
              {t('card.keep')}
            </button>
            <button
              type="button"
              className="card-danger"
              onClick={() => void remove()}
              disabled={removal.isPending}
            >
              {t('card.yesRemove')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * Where the card goes: measured once rendered (hidden until then), beside the signature and its
 * caption as the camera shows them, again whenever its step or the screen changes. The camera
 * does not move while a card is open (a move closes it), so it is read, not watched.
 */
function useCardPlacement(
  cardRef: RefObject<HTMLDivElement | null>,
  signature: Signature,
  camera: Camera,
  viewport: Size,
  view: CardView,
): CardPlacement | null {
  const [placement, setPlacement] = useState<CardPlacement | null>(null);
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!card) return;
    const { outline } = signature;
    const withCaption = { ...outline, height: outline.height + CAPTION_BAND };
    const target = screenRectOf(withCaption, camera.current().camera);
    const { width, height } = card.getBoundingClientRect();
    setPlacement(placeCard(target, { width, height }, viewport));
  }, [cardRef, signature, camera, viewport, view]);
  return placement;
}

/** This browser's secret for the signature while it may still take it back; null after. */
function useRemovable(id: number) {
  const [now, setNow] = useState(() => Date.now());
  const kept = removalSecretFor(id, now);
  const savedAt = kept?.savedAt ?? null;
  // The button goes when the window closes, even with the card left open.
  useEffect(() => {
    if (savedAt === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), savedAt + REMOVAL_WINDOW_MS - now);
    return () => clearTimeout(timer);
  }, [savedAt, now]);
  return kept;
}
