/**
 * "New since your last visit" on the board: once the wall is in, the signatures saved
 * since this browser's last visit are marked with a "New" badge for NEW_SINCE_VISIT_MS, with
 * their count; the newest signature seen is remembered for the next visit, live arrivals included.
 */
import { useEffect, useMemo, useState } from 'react';
import { newestCreatedAt } from '../../domain/merge.ts';
import { NEW_SINCE_VISIT_MS, signaturesSince } from './model/new-since-visit.ts';
import { useWords } from '../../ui/i18n/words.ts';
import type { Signature } from '../../domain/signature.ts';
import { newestSeenLastVisit, rememberNewestSeen } from '../../data/last-visit.ts';
import type { SignatureMarks } from './stage/signature-marks.ts';

export interface NewSinceVisit {
  /** The count to show, or null. */
  readonly text: string | null;
  /** "New" badges on the new signatures while the count shows; undefined otherwise. */
  readonly marks: SignatureMarks | undefined;
}

const NOTHING_NEW: NewSinceVisit = { text: null, marks: undefined };

export function useNewSinceVisit(
  signatures: readonly Signature[],
  complete: boolean,
): NewSinceVisit {
  const [fresh, setFresh] = useState<readonly Signature[] | null>(null);
  const [told, setTold] = useState(false);
  const t = useWords();

  // Once per visit, when the whole wall is first in.
  useEffect(() => {
    if (!complete || told) return undefined;
    setTold(true);
    const since = signaturesSince(signatures, newestSeenLastVisit());
    if (since.length === 0) return undefined;
    setFresh(since);
    return undefined;
  }, [complete, told, signatures]);

  useEffect(() => {
    if (fresh === null) return undefined;
    const timer = setTimeout(() => setFresh(null), NEW_SINCE_VISIT_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  useEffect(() => {
    if (!complete) return;
    const newest = newestCreatedAt(signatures);
    if (newest !== null) rememberNewestSeen(newest);
  }, [complete, signatures]);

  return useMemo(() => {
    if (fresh === null) return NOTHING_NEW;
    return {
      text: t('board.newSinceVisit', { count: fresh.length }),
      marks: {
        selected: null,
        badges: fresh.map((s) => ({ id: s.id, outline: s.outline, text: t('board.newBadge') })),
      },
    };
  }, [fresh, t]);
}
