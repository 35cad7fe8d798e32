/**
 * Realtime capacity: how many open boards one server holds while a signature is saved
 * every second, with every board getting each save within 1 s (p99) and no error. The boards
 * (bench/realtime-clients.ts) run in a second process; each does a board's initial load of a wall
 * of BENCH_RT_CAP_WALL signatures, then joins. Steps of BENCH_RT_CAP_STEP boards up to
 * BENCH_RT_CAP_MAX; after each step, BENCH_RT_CAP_SAVES saves one a second. Prints figures only.
 * `npx tsx bench/realtime-capacity.ts` (PostgreSQL from TEST_DATABASE_URL or BENCH_DATABASE_URL,
 * else PGlite; BENCH_RT_CAP_BACKEND=pglite forces PGlite).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyMigratedPgliteData } from '../tests/support/pglite-template.ts';
import { createMigratedDatabase } from '../tests/support/postgres-database.ts';
import { spawnServer } from '../tests/support/server-process.ts';
import { ANON_KEY, insertSignature } from './server.ts';
import { max, median, percentile } from './stats.ts';
import { generateWall } from './wall-generator.ts';
import { simplified } from './wall-bytes.ts';

const env = process.env;
const STEP = Number(env.BENCH_RT_CAP_STEP ?? 1000);
const MAX = Number(env.BENCH_RT_CAP_MAX ?? 5000);
const SAVES = Number(env.BENCH_RT_CAP_SAVES ?? 10);
const WALL = Number(env.BENCH_RT_CAP_WALL ?? 2000);
const adminUrl =
  env.BENCH_RT_CAP_BACKEND === 'pglite'
    ? undefined
    : (env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL);

const dir = await mkdtemp(join(tmpdir(), 'signwall-bench-cap-'));
let database: { name: string; env: Record<string, string>; cleanup: () => Promise<void> };
if (adminUrl) {
  const db = await createMigratedDatabase(adminUrl);
  database = { name: 'PostgreSQL', env: { DATABASE_URL: db.url }, cleanup: db.drop };
} else {
  await copyMigratedPgliteData(join(dir, 'data'));
  database = { name: 'PGlite', env: { DATA_DIR: join(dir, 'data') }, cleanup: async () => {} };
}
const server = await spawnServer({
  ANON_KEY,
  DIST_DIR: join(tmpdir(), 'signwall-no-build'),
  MAX_ROWS: '10000',
  REALTIME_CONNECTIONS_PER_ADDRESS: '0',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  MAX_SAVES_IN_FLIGHT_PER_ADDRESS: '0',
  ...database.env,
});
const wall = generateWall({ n: WALL, seed: 20260601 });
for (const signature of simplified(wall.signatures)) await insertSignature(server.url, signature);
console.log(`${database.name}: a wall of ${WALL} signatures; boards in a second process`);

const clients = fork(new URL('./realtime-clients.ts', import.meta.url).pathname, [], {
  execArgv: ['--import', 'tsx'],
  env: { ...env, BENCH_URL: server.url, BENCH_KEY: ANON_KEY },
});
type Message =
  | { type: 'ready' }
  | { type: 'opened'; boards: number; failed: number; closed: number; seconds: number }
  | { type: 'delivered'; id: number; count: number; p50: number; p99: number; last: number };
const inbox: Message[] = [];
let wake: (() => void) | null = null;
clients.on('message', (m: Message) => {
  inbox.push(m);
  wake?.();
});
async function next<T extends Message['type']>(type: T): Promise<Extract<Message, { type: T }>> {
  for (;;) {
    const i = inbox.findIndex((m) => m.type === type);
    if (i >= 0) return inbox.splice(i, 1)[0] as Extract<Message, { type: T }>;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;
try {
  await next('ready');
  let reserved = 0;
  for (let boards = STEP; boards <= MAX; boards += STEP) {
    clients.send({ type: 'open', count: STEP });
    const opened = await next('opened');
    const delays: number[] = [];
    let missing = 0;
    for (let i = 0; i < SAVES; i++) {
      const sig = wall.reserved[reserved++ % wall.reserved.length]!;
      const started = Date.now();
      await insertSignature(server.url, sig).catch(() => undefined);
      const answered = Date.now();
      const delivered = await next('delivered');
      missing += opened.boards - delivered.count;
      delays.push(delivered.p99 - answered, delivered.last - answered);
      const wait = 1000 - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const p99s = delays.filter((_, i) => i % 2 === 0);
    const lasts = delays.filter((_, i) => i % 2 === 1);
    console.log(
      `  ${opened.boards} boards (opened in ${opened.seconds.toFixed(1)} s, ${opened.failed} failed, ` +
        `${opened.closed} closed): a save a second, 201 → p99 of boards: median ${ms(median(p99s))}, ` +
        `worst ${ms(max(p99s))}; last board: median ${ms(median(lasts))}, worst ${ms(percentile(lasts, 100))}; ` +
        `${missing} deliveries missing`,
    );
    if (opened.failed > 0 || missing > 0 || max(p99s) > 1000) {
      console.log(
        `  stopped: past ${opened.boards} boards the target (p99 ≤ 1 s, no error) is missed`,
      );
      break;
    }
  }
} finally {
  clients.kill();
  await server.stop();
  await database.cleanup();
  await rm(dir, { recursive: true, force: true });
}
