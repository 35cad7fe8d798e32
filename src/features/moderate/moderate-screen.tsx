/**
 * /moderate: the owner's key first, checked (key-check.tsx), then the moderation view. The key lives
 * in this tab's sessionStorage only (src/data/moderator-key.ts) and goes only to the data API, in a
 * client of its own; a key the API refuses is forgotten and the form comes back saying so, with
 * nothing of the wall shown meanwhile.
 */
import { useCallback, useMemo, useState } from 'react';
import { createModeratorClient, isPublicKey } from '../../data/moderation.ts';
import { useForgetModeration } from '../../data/moderation-queries.ts';
import {
  forgetModeratorKey,
  keepModeratorKey,
  readModeratorKey,
} from '../../data/moderator-key.ts';
import { KeyCheck } from './key-check.tsx';
import { KeyForm } from './key-form.tsx';
import { ModerationView, type RenderModerationBoard } from './moderation-view.tsx';
import { useWords, type MessageId } from '../../ui/i18n/words.ts';
import './moderate.css';
import './moderate-panels.css';

/** `renderBoard` draws the wall beside the lists (the route composes the board feature in). */
export function ModerateScreen({ renderBoard }: { renderBoard: RenderModerationBoard }) {
  const [key, setKey] = useState<string | null>(readModeratorKey);
  // Kept as what to say, so it is said in the page's language.
  const [problem, setProblem] = useState<MessageId | null>(null);
  const t = useWords();
  const forgetAnswers = useForgetModeration();
  const client = useMemo(() => (key === null ? null : createModeratorClient(key)), [key]);

  const leave = useCallback(
    (why: MessageId | null) => {
      forgetModeratorKey();
      forgetAnswers();
      setKey(null);
      setProblem(why);
    },
    [forgetAnswers],
  );
  const refused = useCallback(() => leave('moderate.key.refused'), [leave]);
  const signOut = useCallback(() => leave(null), [leave]);

  if (client === null) {
    return (
      <KeyForm
        problem={problem && t(problem)}
        onSubmit={(entered) => {
          if (isPublicKey(entered)) {
            setProblem('moderate.key.public');
            return;
          }
          keepModeratorKey(entered);
          setProblem(null);
          setKey(entered);
        }}
      />
    );
  }
  return (
    <KeyCheck client={client} onKeyRefused={refused} onSignOut={signOut}>
      <ModerationView
        client={client}
        onKeyRefused={refused}
        onSignOut={signOut}
        renderBoard={renderBoard}
      />
    </KeyCheck>
  );
}
