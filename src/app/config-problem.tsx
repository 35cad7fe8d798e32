/** Shown instead of a blank page when the build's data API settings are unusable. */
export function ConfigProblem({ problem }: { problem: string }) {
  return (
    <main className="card" role="alert">
      <h1>signwall is not configured</h1>
      <p>{problem}</p>
      <p>
        Set <code>VITE_SUPABASE_URL</code> and <code>VITE_SUPABASE_ANON_KEY</code> (or{' '}
        <code>VITE_SUPABASE_PUBLISHABLE_KEY</code>) when building, or leave them unset to use the
        server the page comes from.
      </p>
    </main>
  );
}
