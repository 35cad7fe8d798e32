/**
 * Tells the owner when community hiding is paused, and why: the hour's budget of signatures hidden
 * by reports (REPORTS_HIDE_PER_HOUR) is spent, so reported signatures stay up and wait for them.
 */
import type { CommunityHiding } from '../../data/moderation.ts';
import type { Locale } from '../../domain/locales.ts';
import type { Words } from '../../ui/i18n/words.ts';
import { useModerateWords } from './moderate-words.ts';

export function hidingPausedText(hiding: CommunityHiding, t: Words, locale: Locale): string | null {
  if (!hiding.paused) return null;
  const waiting = t('moderate.paused.waiting', { count: hiding.waiting.size });
  if (hiding.hidesPerHour === 0) return `${t('moderate.paused.off')} ${waiting}`;
  const resumes = hiding.resumesAt ? Date.parse(hiding.resumesAt) : Number.NaN;
  const budget = t('moderate.paused.budget', {
    hidden: hiding.hiddenLastHour,
    limit: hiding.hidesPerHour,
  });
  if (Number.isNaN(resumes)) return `${budget} ${waiting}`;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(resumes);
  return `${budget} ${waiting} ${t('moderate.paused.resumes', { time })}`;
}

export function HidingNotice({ hiding }: { hiding: CommunityHiding | undefined }) {
  const { t, locale } = useModerateWords();
  const text = hiding ? hidingPausedText(hiding, t, locale) : null;
  if (text === null) return null;
  return (
    <p className="moderate-notice" role="note">
      {text}
    </p>
  );
}
