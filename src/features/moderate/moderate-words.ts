/** The moderation page's words, times and reasons, in the page's language. */
import { useMemo } from 'react';
import { isKnownReason } from '../../domain/moderation.ts';
import { useLocale, useWords } from '../../ui/i18n/words.ts';
import { formatTime } from './format.ts';

export function useModerateWords() {
  const t = useWords();
  const locale = useLocale();
  return useMemo(
    () => ({
      t,
      locale,
      time: (iso: string) => formatTime(iso, locale),
      /** A reason as the visitor's card words it; one this build does not know, as stored. */
      reason: (reason: string) => (isKnownReason(reason) ? t(`report.reason.${reason}`) : reason),
    }),
    [t, locale],
  );
}
