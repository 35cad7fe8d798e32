import { Trans } from '@lingui/react';
import { useWords, type MessageId } from '../ui/i18n/words.ts';

const HINT: MessageId = 'app.config.hint';

/** Shown instead of a blank page when the build's data API settings are unusable. */
export function ConfigProblem({ problem }: { problem: string }) {
  const t = useWords();
  return (
    <main className="card" role="alert">
      <h1>{t('app.config.heading')}</h1>
      <p>{problem}</p>
      <p>
        <Trans
          id={HINT}
          values={{
            url: <code>VITE_SUPABASE_URL</code>,
            key: <code>VITE_SUPABASE_ANON_KEY</code>,
            publishableKey: <code>VITE_SUPABASE_PUBLISHABLE_KEY</code>,
          }}
        />
      </p>
    </main>
  );
}
