/**
 * Insert latency with 2000 signatures already on the wall (a measurement, not a test: nothing here
 * asserts a time). Run: `npx tsx tests/db/insert-latency.ts` (add TEST_DATABASE_URL for PostgreSQL).
 *
 * The wall is filled with 2000 realistic signatures (3 strokes of 40 points in a 50×50 box) on a
 * 45×45 grid; then 200 more (450 with REQUEST=all) are inserted one at a time as anon, each in its own transaction as the
 * server runs them, half on free ground (201) and half on a taken spot (409).
 *
 * REQUEST says what else each insert's transaction does, as the server would:
 *   bare    (default) the insert alone;
 *   context the request.* settings first (every API request; INSERT_LIMIT_PER_MINUTE unset);
 *   limit   the settings and the flood limit's pre-request, the limit on (too high to refuse) and
 *           the saves coming from 50 client addresses in turn;
 *   all     the three, interleaved (150 inserts each), to compare them under the same load.
 */
import { INSERT_LIMIT_PRE_REQUEST } from '../../server/settings/insert-limit.ts';
import { applyRequestContext } from '../../server/api/request-context.ts';
import { migrate, TARGETS, type TestDb } from './support/databases.ts';

const MODES = ['bare', 'context', 'limit'] as const;
type Mode = (typeof MODES)[number];
const REQUEST = process.env.REQUEST ?? 'bare';
if (REQUEST !== 'all' && !MODES.includes(REQUEST as Mode)) throw new Error(`REQUEST=${REQUEST}?`);

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
  const modes: Mode[] = REQUEST === 'all' ? [...MODES] : [REQUEST as Mode];
  if (modes.includes('limit')) {
    await db.query('update signwall.insert_limit set per_minute = 1000000');
  }
  // Pairs of (free, taken) inserts go to the modes in turn, so load on the machine hits all alike.
  const total = modes.length === 1 ? 200 : 450;
  const times = new Map(
    modes.map((mode) => [mode, { accepted: [] as number[], refused: [] as number[] }]),
  );
  for (let i = 0; i < total; i++) {
    const free = i % 2 === 0;
    const mode = modes[Math.floor(i / 2) % modes.length]!;
    // Free: a tiny signature on one of 9 spots (24 px apart) of a free cell; refused: on an
    // existing signature.
    const k = Math.floor(i / 2);
    const { x, y } = free ? cell(2000 + Math.floor(k / 9)) : cell((i * 37) % 2000);
    const sx = x - 30 + 24 * (k % 3);
    const sy = y - 30 + 24 * (Math.floor(k / 3) % 3);
    const text = free
      ? JSON.stringify([
          [
            [sx, sy],
            [sx + 3, sy + 3],
          ],
        ])
      : signature(x, y, i);
    const headers = JSON.stringify({ 'x-forwarded-for': `198.51.100.${i % 50}` });
    const start = performance.now();
    const ok = await db
      .asAnon(async (q) => {
        if (mode !== 'bare') {
          const tx = { query: q, exec: () => Promise.reject(new Error('not used')) };
          const settings = { method: 'POST', path: '/signatures', headers };
          const preRequest = mode === 'limit' ? INSERT_LIMIT_PRE_REQUEST : undefined;
          await applyRequestContext(tx, settings, preRequest);
        }
        return q('insert into public.signatures (signature) values ($1)', [text]);
      })
      .then(
        () => true,
        (e: { code?: string }) => {
          if (e.code !== 'PT409') throw e;
          return false;
        },
      );
    const list = times.get(mode)!;
    (ok ? list.accepted : list.refused).push(performance.now() - start);
    if (ok !== free) throw new Error(`insert ${i}: expected ${free ? 'accepted' : 'refused'}`);
  }
  for (const [mode, lists] of times) {
    for (const [label, list] of Object.entries(lists)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${db.kind}, REQUEST=${mode}, 2000 rows on the wall, ${label} (${sorted.length}): ` +
          `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`,
      );
    }
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
