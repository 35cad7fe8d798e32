/**
 * Tells the owner when community hiding is paused, and why: the hour's budget of signatures hidden
 * by reports (REPORTS_HIDE_PER_HOUR) is spent, so reported signatures stay up and wait for them.
 */
import type { CommunityHiding } from '../../data/moderation.ts';
import { plural } from './format.ts';

const CLOCK = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

export function hidingPausedText(hiding: CommunityHiding): string | null {
  if (!hiding.paused) return null;
  const waiting = `${plural(hiding.waiting.size, 'reported signature')} ${
    hiding.waiting.size === 1 ? 'waits' : 'wait'
  } for you.`;
  if (hiding.hidesPerHour === 0) {
    return `Community hiding is paused: REPORTS_HIDE_PER_HOUR is 0, so reports hide nothing. ${waiting}`;
  }
  const resumes = hiding.resumesAt ? Date.parse(hiding.resumesAt) : Number.NaN;
  return (
    `Community hiding is paused: ${plural(hiding.hiddenLastHour, 'signature')} hidden by reports ` +
    `in the last hour, the most REPORTS_HIDE_PER_HOUR allows (${hiding.hidesPerHour}). ${waiting}` +
    (Number.isNaN(resumes) ? '' : ` It resumes at ${CLOCK.format(resumes)}.`)
  );
}

export function HidingNotice({ hiding }: { hiding: CommunityHiding | undefined }) {
  const text = hiding ? hidingPausedText(hiding) : null;
  if (text === null) return null;
  return (
    <p className="moderate-notice" role="note">
      {text}
    </p>
  );
}
