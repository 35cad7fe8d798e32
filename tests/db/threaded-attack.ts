/**
 * The threaded-gaps attack on the overlap check, timed (a measurement, not a test: nothing here
 * asserts a time; tests/db/limits.test.ts asserts the answers). On a wall of 2,000 small
 * signatures, one anon insert of a stroke of nearly MAX_POINTS points that threads the gaps
 * (accepted), and one that ends on an outline (refused); then, on a grid of dots, a stroke
 * zig-zagging along a free diagonal channel as far as the length limit allows (accepted).
 * tests/db/bounded-saves.test.ts times the costliest shapes we know. Run: `npx tsx tests/db/threaded-attack.ts` (add
 * TEST_DATABASE_URL for PostgreSQL; BEFORE=<version> to stop the migrations ahead of a version,
 * e.g. to time the guard as it was before 20261123000000).
 */
import { migrate, TARGETS, type TestDb } from './support/databases.ts';
import { channelDots, channelStroke, fillDenseWall, threadedStroke } from './support/dense-wall.ts';

async function timed(db: TestDb, text: string): Promise<string> {
  const start = performance.now();
  const answer = await db
    .asAnon((q) => q('insert into public.signatures (signature) values ($1)', [text]))
    .then(
      () => 'accepted',
      (e: { code?: string }) => `refused ${e.code}`,
    );
  return `${answer} in ${(performance.now() - start).toFixed(0)} ms`;
}

for (const target of TARGETS) {
  const db = await target.open();
  try {
    await migrate(db, { before: process.env.BEFORE });
    await fillDenseWall(db);
    console.log(`${db.kind}: wall-wide ${await timed(db, threadedStroke({ wallWide: true }))}`);
    console.log(`${db.kind}: touching ${await timed(db, threadedStroke({ touching: true }))}`);
    console.log(`${db.kind}: threaded ${await timed(db, threadedStroke())}`);
  } finally {
    await db.close();
  }
  const channel = await target.open();
  try {
    await migrate(channel, { before: process.env.BEFORE });
    await channel.query('insert into public.signatures (signature) select unnest($1::text[])', [
      channelDots(),
    ]);
    console.log(`${channel.kind}: diagonal channel ${await timed(channel, channelStroke())}`);
  } finally {
    await channel.close();
  }
}
