/** "Hide all since…": undo a flood by hiding every visible signature of a recent window. */
import { useId, useState } from 'react';
import {
  HIDE_WINDOWS,
  hideFromMs,
  type HideSince,
  type HideWindowId,
} from '../../domain/moderation.ts';
import { useModerateWords } from './moderate-words.ts';
import type { ModerationContext } from './moderation-view.tsx';

const A_TIME = 'time';
type Choice = HideWindowId | typeof A_TIME;

export function HideSinceForm({ context }: { context: ModerationContext }) {
  const [choice, setChoice] = useState<Choice>(HIDE_WINDOWS[0].id);
  const [local, setLocal] = useState('');
  const [counting, setCounting] = useState(false);
  const windowId = useId();
  const timeId = useId();
  const { actions, tell, confirm } = context;
  const { t, time } = useModerateWords();

  const start = async () => {
    const since: HideSince =
      choice === A_TIME ? { kind: 'time', local } : { kind: 'window', id: choice };
    // A datetime-local value (no zone) is local time to Date.parse, as the field shows it.
    const sinceMs = hideFromMs(since, Date.now(), Date.parse);
    if (sinceMs === null) {
      tell(t('moderate.hide.pastTime'));
      return;
    }
    const sinceIso = new Date(sinceMs).toISOString();
    setCounting(true);
    try {
      const count = await actions.countVisibleSince(sinceIso);
      if (count === 0) {
        tell(t('moderate.hide.none', { time: time(sinceIso) }));
        return;
      }
      confirm({
        question: t('moderate.hide.question', { count, time: time(sinceIso) }),
        confirmLabel: t('moderate.hide.confirm', { count }),
        run: () =>
          actions.hideSince
            .mutateAsync(sinceIso)
            .then((hidden) => tell(t('moderate.hide.done', { count: hidden })))
            .catch((error: unknown) => tell((error as Error).message)),
      });
    } catch (error) {
      tell((error as Error).message);
    } finally {
      setCounting(false);
    }
  };

  return (
    <form
      className="moderate-hide-since"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <label htmlFor={windowId}>{t('moderate.hide.window')}</label>
      <select
        id={windowId}
        value={choice}
        onChange={(event) => setChoice(event.target.value as Choice)}
      >
        {HIDE_WINDOWS.map((w) => (
          <option key={w.id} value={w.id}>
            {t(`moderate.hide.${w.id}`)}
          </option>
        ))}
        <option value={A_TIME}>{t('moderate.hide.sinceATime')}</option>
      </select>
      {choice === A_TIME && (
        <>
          <label htmlFor={timeId} className="moderate-visually-hidden">
            {t('moderate.hide.since')}
          </label>
          <input
            id={timeId}
            type="datetime-local"
            step={1}
            required
            value={local}
            onChange={(event) => setLocal(event.target.value)}
          />
        </>
      )}
      <button type="submit" disabled={counting}>
        {t('moderate.hide.submit')}
      </button>
    </form>
  );
}
