/** Every path but /export: the welcome card, and the board once the visitor chooses to sign. */
export function WallRoute() {
  return (
    <main className="card">
      <h1>Hey! Sign my page!</h1>
    </main>
  );
}
