import { Trans } from '@lingui/react';
import { useId, useState } from 'react';
import { useWords, type MessageId } from '../../ui/i18n/words.ts';

const KEY_INTRO: MessageId = 'moderate.key.intro';

/** The moderator key's form: a password field the browser neither fills nor offers to save. */
export function KeyForm({
  problem,
  onSubmit,
}: {
  problem: string | null;
  onSubmit: (key: string) => void;
}) {
  const [key, setKey] = useState('');
  const fieldId = useId();
  const problemId = useId();
  const t = useWords();
  return (
    <main className="moderate moderate-key">
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          const entered = key.trim();
          if (entered !== '') onSubmit(entered);
        }}
      >
        <h1>{t('moderate.title')}</h1>
        <p>
          <Trans id={KEY_INTRO} values={{ name: <code>SERVICE_ROLE_KEY</code> }} />
        </p>
        <label htmlFor={fieldId}>{t('moderate.key.label')}</label>
        <input
          id={fieldId}
          name="moderator-key"
          type="password"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={key}
          onChange={(event) => setKey(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
        />
        {problem && (
          <p id={problemId} className="moderate-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="moderate-primary">
          {t('moderate.key.open')}
        </button>
      </form>
    </main>
  );
}
