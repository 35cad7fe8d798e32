import { useId, useState } from 'react';

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
        <h1>Moderate the wall</h1>
        <p>
          Enter the moderator key (the server&apos;s <code>SERVICE_ROLE_KEY</code>). It stays in
          this tab until you sign out or close it.
        </p>
        <label htmlFor={fieldId}>Moderator key</label>
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
          Open moderation
        </button>
      </form>
    </main>
  );
}
