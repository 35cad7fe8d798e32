/**
 * Nothing of the wall before the moderator key is known good: the page asks one question only the
 * owner's key may ask (where community hiding stands) and shows the board, the lists and the details
 * only once it is answered. A refused key goes back to the form; any other failure says so here,
 * with "Try again", and still shows nothing of the wall.
 */
import { useEffect, type ReactNode } from 'react';
import { KeyRefusedError, type ModeratorClient } from '../../data/moderation.ts';
import { useCommunityHiding } from '../../data/moderation-queries.ts';
import { useWords } from '../../ui/i18n/words.ts';

export function KeyCheck({
  client,
  onKeyRefused,
  onSignOut,
  children,
}: {
  client: ModeratorClient;
  onKeyRefused: () => void;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const hiding = useCommunityHiding(client);
  const t = useWords();
  const refused = hiding.error instanceof KeyRefusedError;
  useEffect(() => {
    if (refused) onKeyRefused();
  }, [refused, onKeyRefused]);

  if (hiding.data !== undefined) return children;
  const failed = hiding.error !== null && !refused;
  return (
    <main className="moderate moderate-key">
      <div className="card">
        <h1>{t('moderate.title')}</h1>
        {failed ? (
          <>
            <p className="moderate-problem" role="alert">
              {hiding.error.message}
            </p>
            <button
              type="button"
              className="moderate-primary"
              onClick={() => void hiding.refetch()}
            >
              {t('moderate.tryAgain')}
            </button>
            <button type="button" className="moderate-quiet" onClick={onSignOut}>
              {t('moderate.signOut')}
            </button>
          </>
        ) : (
          <p className="moderate-hint" role="status">
            {t('moderate.key.checking')}
          </p>
        )}
      </div>
    </main>
  );
}
