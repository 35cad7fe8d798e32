/**
 * Realtime delivery and idle cost, against the real server (`server/main.ts`) as child
 * processes. Prints figures only, asserts nothing. Run alone: `npx tsx bench/realtime.ts`.
 *
 * - Delivery: BENCH_RT_SAVES saves one after another through the data API; for each, the time from
 *   its 201 to the postgres_changes INSERT at a supabase-js channel (the app's client) and at a raw
 *   socket. The database announces a change at commit, before the 201 is sent, so an event can
 *   come first: those count as 0 ms, and "early" says how many. On PGlite, on PostgreSQL
 *   (TEST_DATABASE_URL or BENCH_DATABASE_URL names a server to create a database on), and with
 *   two server processes on one PostgreSQL (saves through one, the channel on the other).
 * - Idle: BENCH_RT_SOCKETS sockets open and joined (as many open boards, heartbeating every 25 s as
 *   supabase-js does) for BENCH_RT_IDLE_S seconds while nobody signs: the server's CPU (from
 *   /proc) and the messages the clients sent (heartbeats only, no HTTP request at all); then a few
 *   saves fanned out to all of them: the time until the last socket has each.
 *
 * - To a board: BENCH_RT_BOARD_SAVES saves (20) while a board is open in headless Chromium, from
 *   each 201 to the board having drawn the wall with it (realtime-board.ts). It needs a build:
 *   BENCH_DIST, else `$TMPDIR/signwall-bench-dist` (what `npm run bench` builds), else skipped.
 *
 * BENCH_RT_BACKENDS (default `pglite,postgres`) picks the databases. The clients run in this
 * process, on the same machine: on 2 cores they compete with the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subscribeWithSupabase } from '../tests/api/realtime-support.ts';
import { signatureAt } from '../tests/support/grid.ts';
import { copyMigratedPgliteData } from '../tests/support/pglite-template.ts';
import { createMigratedDatabase } from '../tests/support/postgres-database.ts';
import { spawnServer, type ServerProcess } from '../tests/support/server-process.ts';
import { boardDelivery } from './realtime-board.ts';
import { joinRawChannel } from './realtime-socket.ts';
import { ANON_KEY, API_HEADERS } from './server.ts';
import { max, median, percentile } from './stats.ts';

const SAVES = Number(process.env.BENCH_RT_SAVES ?? 100);
const SOCKETS = Number(process.env.BENCH_RT_SOCKETS ?? 1000);
const IDLE_S = Number(process.env.BENCH_RT_IDLE_S ?? 30);
const FANOUT_SAVES = 10;
const HEARTBEAT_MS = 25_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const BOARD_SAVES = Number(process.env.BENCH_RT_BOARD_SAVES ?? 20);
const builtApp = [process.env.BENCH_DIST, join(tmpdir(), 'signwall-bench-dist')].find(
  (dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html')),
);

/** Off for the benchmark: every socket comes from 127.0.0.1. */
const SERVER_ENV = {
  ANON_KEY,
  DIST_DIR: builtApp ?? join(tmpdir(), 'signwall-no-build'),
  REALTIME_CONNECTIONS_PER_ADDRESS: '0',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  MAX_SAVES_IN_FLIGHT_PER_ADDRESS: '0',
};

interface Database {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

async function pglite(): Promise<Database> {
  const dir = await mkdtemp(join(tmpdir(), 'signwall-bench-rt-'));
  await copyMigratedPgliteData(join(dir, 'data'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: join(dir, 'data') },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgres(url: string): Promise<Database> {
  const database = await createMigratedDatabase(url);
  return { name: 'PostgreSQL', env: { DATABASE_URL: database.url }, cleanup: database.drop };
}

/** Seconds of CPU (user + system) the process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

let cells = 0;
/** Saves a signature in a grid cell no earlier save used; answers its id once the 201 is read. */
async function save(url: string): Promise<number> {
  const res = await fetch(`${url}/rest/v1/signatures?select=id`, {
    method: 'POST',
    headers: {
      ...API_HEADERS,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ signature: signatureAt(cells++) }),
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`save refused: ${res.status} ${body.slice(0, 200)}`);
  return (JSON.parse(body) as { id: number }[])[0]!.id;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${ms(median(values))}  p99 ${ms(percentile(values, 99))}  max ${ms(max(values))}`;

interface Watcher {
  /** When this watcher got the INSERT of row `id` (performance.now()). */
  arrivals: Map<number, number>;
  close(): void;
}

/** A raw v2 socket joined to the app's binding, recording INSERT arrival times by id. */
async function rawWatcher(url: string, heartbeat: boolean): Promise<Watcher> {
  const arrivals = new Map<number, number>();
  const channel = await joinRawChannel(url, ANON_KEY, {
    heartbeat,
    onInsert: (id) => arrivals.set(id, performance.now()),
  });
  return { arrivals, close: channel.close };
}

/** Sequential saves through `saveUrl`; 201 → event at the supabase-js channel and a raw socket on `watchUrl`. */
async function delivery(label: string, saveUrl: string, watchUrl: string): Promise<void> {
  const channel = await subscribeWithSupabase(watchUrl, ANON_KEY);
  const raw = await rawWatcher(watchUrl, false);
  const toChannel: number[] = [];
  const toRaw: number[] = [];
  let early = 0;
  const seen = new Map<number, number>();
  const stop = setInterval(() => {
    for (const event of channel.events) {
      const id = (event.new as { id?: number }).id;
      if (id !== undefined && !seen.has(id)) seen.set(id, performance.now());
    }
  }, 1);
  for (let i = 0; i < SAVES; i++) {
    const id = await save(saveUrl);
    const answered = performance.now();
    const channelAt = await waitUntil(() => seen.get(id));
    const rawAt = await waitUntil(() => raw.arrivals.get(id));
    if (rawAt < answered) early++;
    toChannel.push(Math.max(0, channelAt - answered));
    toRaw.push(Math.max(0, rawAt - answered));
  }
  clearInterval(stop);
  await channel.close();
  raw.close();
  console.log(`${label}: ${SAVES} saves, 201 → INSERT event (early: ${early})`);
  console.log(`  supabase-js channel  ${summary(toChannel)}  (polled every 1 ms)`);
  console.log(`  raw socket           ${summary(toRaw)}`);
}

async function waitUntil(check: () => number | undefined, timeoutMs = 10_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (performance.now() > until) throw new Error('an event did not arrive within 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** BENCH_RT_SOCKETS idle sockets: the server's CPU while nobody signs, then fan-out times. */
async function idle(label: string, server: ServerProcess): Promise<void> {
  const pid = server.child.pid!;
  const rssBefore = rssMb(pid);
  const watchers: Watcher[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = Math.min(50, SOCKETS - i);
    watchers.push(
      ...(await Promise.all(Array.from({ length: batch }, () => rawWatcher(server.url, true)))),
    );
  }
  const connectS = (performance.now() - connectStarted) / 1000;
  const cpuStart = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const cpu = cpuSeconds(pid) - cpuStart;
  const lastArrival: number[] = [];
  for (let i = 0; i < FANOUT_SAVES; i++) {
    const id = await save(server.url);
    const answered = performance.now();
    const all = await waitUntil(() => {
      let latest = 0;
      for (const watcher of watchers) {
        const at = watcher.arrivals.get(id);
        if (at === undefined) return undefined;
        latest = Math.max(latest, at);
      }
      return latest;
    }, 30_000);
    lastArrival.push(Math.max(0, all - answered));
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const rssAfter = rssMb(pid);
  for (const watcher of watchers) watcher.close();
  const heartbeatsPerS = SOCKETS / (HEARTBEAT_MS / 1000);
  console.log(`${label}: ${SOCKETS} sockets joined in ${connectS.toFixed(1)} s, idle ${IDLE_S} s`);
  console.log(
    `  server CPU ${((cpu / IDLE_S) * 100).toFixed(1)} % of one core; HTTP requests 0; ` +
      `heartbeats ${heartbeatsPerS.toFixed(0)}/s; RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`,
  );
  console.log(`  one save to all ${SOCKETS}: 201 → last socket ${summary(lastArrival)}`);
}

async function run(database: Database, processes: number): Promise<void> {
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < processes; i++)
      servers.push(await spawnServer({ ...SERVER_ENV, ...database.env }));
    const [first, second] = servers;
    if (processes === 1) {
      await delivery(database.name, first!.url, first!.url);
      if (builtApp && BOARD_SAVES > 0) {
        const delays = await boardDelivery(first!.url, BOARD_SAVES, () => save(first!.url));
        console.log(
          `  to a board (Chromium)  ${summary(delays)}  (${BOARD_SAVES} saves, 201 → drawn)`,
        );
      } else if (!builtApp) {
        console.log(
          '  to a board: skipped (no build: run `npm run bench` once, or set BENCH_DIST)',
        );
      }
      await idle(database.name, first!);
    } else {
      await delivery(
        `${database.name}, 2 processes (save on one, watch the other)`,
        first!.url,
        second!.url,
      );
    }
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-3000));
    throw error;
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** BENCH_RT_BACKENDS: which databases, e.g. `postgres` alone for a large BENCH_RT_SOCKETS. */
const wanted = (process.env.BENCH_RT_BACKENDS ?? 'pglite,postgres').split(',');
const databases: (() => Promise<Database>)[] = [];
if (wanted.includes('pglite')) databases.push(pglite);
if (adminUrl && wanted.includes('postgres')) databases.push(() => postgres(adminUrl));
for (const open of databases) {
  const database = await open();
  try {
    await run(database, 1);
    if (database.name === 'PostgreSQL') await run(database, 2);
  } finally {
    await database.cleanup();
  }
}
if (!adminUrl && wanted.includes('postgres')) {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_DATABASE_URL)');
}
