/**
 * Insert latency with 2000 signatures already on the wall (a measurement, not a test: nothing here
 * asserts a time). Run: `npx tsx tests/db/insert-latency.ts` (add TEST_DATABASE_URL for PostgreSQL).
 *
 * The wall is filled with 2000 realistic signatures (3 strokes of 40 points in a 50×50 box) on a
 * 45×45 grid; then 200 more are inserted one at a time as anon, each in its own transaction as the
 * server runs them, half on free ground (201) and half on a taken spot (409).
 */
import { migrate, TARGETS, type TestDb } from './support/databases.ts';

const GRID = 45;
const CELL = 3200 / GRID; // ~71 wall pixels: 50 of signature, 20 of padding, a little air

function signature(cx: number, cy: number, seed: number): string {
  const strokes = [0, 1, 2].map((s) =>
    Array.from({ length: 40 }, (_, i) => {
      const t = (i + s * 40 + seed) / 17;
      return [
        Math.round((cx + 25 * Math.sin(t * 1.3)) * 10) / 10,
        Math.round((cy + 25 * Math.cos(t * 0.7 + s)) * 10) / 10,
      ];
    }),
  );
  return JSON.stringify(strokes);
}

const cell = (n: number) => ({
  x: (n % GRID) * CELL + CELL / 2,
  y: Math.floor(n / GRID) * CELL + CELL / 2,
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(db: TestDb) {
  // BEFORE=<version> stops the migrations ahead of that version (to compare with an older guard).
  await migrate(db, { before: process.env.BEFORE });
  // The first 2000 cells hold signatures; cells 2000..2024 stay free for the accepted inserts.
  for (let n = 0; n < 2000; n += 100) {
    const values = Array.from({ length: 100 }, (_, k) => {
      const { x, y } = cell(n + k);
      return `('${signature(x, y, n + k)}')`;
    });
    await db.query(`insert into public.signatures (signature) values ${values.join(',')}`);
  }
  const times: { accepted: number[]; refused: number[] } = { accepted: [], refused: [] };
  for (let i = 0; i < 200; i++) {
    const free = i % 2 === 0;
    // Free: a tiny signature on one of 4 spots of a free cell; refused: on an existing signature.
    const k = Math.floor(i / 2);
    const { x, y } = free ? cell(2000 + Math.floor(k / 4)) : cell((i * 37) % 2000);
    const sx = x + (k % 2 === 0 ? -25 : 10);
    const sy = y + (Math.floor(k / 2) % 2 === 0 ? -25 : 10);
    const text = free
      ? JSON.stringify([
          [
            [sx, sy],
            [sx + 3, sy + 3],
          ],
        ])
      : signature(x, y, i);
    const start = performance.now();
    const ok = await db
      .asAnon((q) => q('insert into public.signatures (signature) values ($1)', [text]))
      .then(
        () => true,
        (e: { code?: string }) => {
          if (e.code !== 'PT409') throw e;
          return false;
        },
      );
    (ok ? times.accepted : times.refused).push(performance.now() - start);
    if (ok !== free) throw new Error(`insert ${i}: expected ${free ? 'accepted' : 'refused'}`);
  }
  for (const [label, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${db.kind}, 2000 rows on the wall, ${label} (${sorted.length}): ` +
        `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`,
    );
  }
}

for (const target of TARGETS) {
  const db = await target.open();
  try {
    await measure(db);
  } finally {
    await db.close();
  }
}
