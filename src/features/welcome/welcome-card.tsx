/** The first thing a visitor sees on every path but /export (spec §2). */
import './welcome.css';

/**
 * `ready` is false only in the copy pre-rendered into index.html (scripts/prerender-welcome.ts):
 * until the app has loaded, Sign! is disabled rather than a button whose press is lost.
 */
export function WelcomeCard({ onSign, ready = true }: { onSign: () => void; ready?: boolean }) {
  return (
    <main className="welcome">
      <section className="card welcome-card" aria-labelledby="welcome-heading">
        <h1 id="welcome-heading">Hey! Sign my page!</h1>
        <p>
          Pan around the wall, then leave your signature and an optional caption for everyone to
          see.
        </p>
        <p>
          A cooldown is not implemented, so the wall runs on an honor system: please sign once and
          leave room for others.
        </p>
        <button type="button" className="welcome-sign" onClick={onSign} disabled={!ready}>
          Sign!
        </button>
      </section>
    </main>
  );
}
