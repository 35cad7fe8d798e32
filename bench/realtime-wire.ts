/**
 * What one save costs the open boards over Realtime: the bytes on the wire (TCP payload: frames,
 * headers and all, as each socket counts what it read) for BENCH_RT_WIRE_BOARDS boards (640) joined
 * to the wall, once for boards that offer permessage-deflate (as browsers and realtime-js do) and
 * once for boards that offer nothing (what every board received before compression, uncompressed).
 * The saves: a heavy legal one (3,000 points with 2 decimals past 1000, ~54 KB of text) and the old
 * heaviest (3,000 identical points written with 24-character numbers, 156 KB), which the wall's
 * newer rules may refuse: then it says so. Also the server's CPU for each fan-out (/proc) and its
 * memory per open board (RSS, each board having sent a compressed heartbeat as browsers do, which
 * gives it an inflater on the server). Against the real server as a child process on PGlite (or
 * PostgreSQL: BENCH_RT_WIRE_BACKEND=postgres with TEST_DATABASE_URL or BENCH_DATABASE_URL).
 * Prints figures only. `npx tsx bench/realtime-wire.ts`.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { joinFrame, openRaw, waitFor, type RawSocket } from '../tests/api/realtime-support.ts';
import { heavySignatureAt } from '../tests/support/heavy-signature.ts';
import { copyMigratedPgliteData } from '../tests/support/pglite-template.ts';
import { createMigratedDatabase } from '../tests/support/postgres-database.ts';
import { spawnServer, type ServerProcess } from '../tests/support/server-process.ts';
import { ANON_KEY, API_HEADERS } from './server.ts';

const BOARDS = Number(process.env.BENCH_RT_WIRE_BOARDS ?? 640);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const onPostgres = process.env.BENCH_RT_WIRE_BACKEND === 'postgres' && adminUrl !== undefined;

/**
 * 3,000 identical points, each number 24 characters: the heaviest save before canonical numbers
 * (a dot at (x, x), x from 2900 by 60 a call so that each has a spot of its own).
 */
function oldHeaviest(k: number): string {
  const n = `${2900 + 60 * k}.0000000000000000001`; // 24 characters
  return `[[${Array.from({ length: 3000 }, () => `[${n},${n}]`).join(',')}]]`;
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** Saves `signature`; its id, or the refusal's message. */
async function save(url: string, signature: string): Promise<{ id?: number; refused?: string }> {
  const res = await fetch(`${url}/rest/v1/signatures?select=id`, {
    method: 'POST',
    headers: {
      ...API_HEADERS,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ signature }),
  });
  const body = await res.text();
  if (res.status !== 201) return { refused: `${res.status} ${body.slice(0, 160)}` };
  return { id: (JSON.parse(body) as { id: number }[])[0]!.id };
}

/** BOARDS sockets joined to the wall, each having sent one heartbeat (compressed if it can). */
async function openBoards(url: string, deflate: boolean): Promise<RawSocket[]> {
  const boards: RawSocket[] = [];
  for (let i = 0; i < BOARDS; i += 40) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(40, BOARDS - i) }, async () => {
        const board = await openRaw(
          url,
          { apikey: ANON_KEY, vsn: '2.0.0' },
          // Browsers compress every message they send, heartbeats included.
          { perMessageDeflate: deflate ? { threshold: 0 } : false },
        );
        board.send(joinFrame('wall', '1'));
        board.send([null, '2', 'phoenix', 'heartbeat', {}]);
        await board.next('the heartbeat reply', (f) => (f as unknown[])[1] === '2');
        return board;
      }),
    );
    boards.push(...batch);
  }
  return boards;
}

let box = 0;
async function round(server: ServerProcess, deflate: boolean): Promise<void> {
  const pid = server.child.pid!;
  const rssBefore = rssMb(pid);
  const boards = await openBoards(server.url, deflate);
  const rssAfter = rssMb(pid);
  const label = deflate ? 'offering permessage-deflate' : 'offering nothing (as before)';
  console.log(
    `  ${BOARDS} boards ${label}: server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB ` +
      `(${(((rssAfter - rssBefore) * 1024) / BOARDS).toFixed(1)} KB a board)`,
  );
  const saves: Array<[string, string]> = [
    [
      'heavy legal save',
      heavySignatureAt(1000 + (box % 6) * 350, 1000 + Math.floor(box / 6) * 200),
    ],
    ['old heaviest save', oldHeaviest(box)],
  ];
  box++;
  for (const [what, signature] of saves) {
    const before = boards.map((board) => board.bytesRead());
    const cpuBefore = cpuSeconds(pid);
    const saved = await save(server.url, signature);
    if (saved.id === undefined) {
      console.log(`    ${what} (${kb(signature.length)}): refused by the rules: ${saved.refused}`);
      continue;
    }
    const arrived = (board: RawSocket) =>
      board.frames.some((f) => {
        const frame = f as [
          unknown,
          unknown,
          string,
          string,
          { data?: { record?: { id?: number } } },
        ];
        return frame[3] === 'postgres_changes' && frame[4].data?.record?.id === saved.id;
      });
    await waitFor('every board to have the save', () => boards.every(arrived), 60_000);
    const cpu = cpuSeconds(pid) - cpuBefore;
    const bytes = boards.reduce((sum, board, i) => sum + board.bytesRead() - before[i]!, 0);
    console.log(
      `    ${what} (${kb(signature.length)} of text): ${mib(bytes)} on the wire to ${BOARDS} boards ` +
        `(${kb(bytes / BOARDS)} each); server CPU ${(cpu * 1000).toFixed(0)} ms for the save and its fan-out`,
    );
  }
  for (const board of boards) board.ws.close();
  await waitFor('the boards to close', () => boards.every((b) => b.ws.readyState === b.ws.CLOSED));
}

const dir = await mkdtemp(join(tmpdir(), 'signwall-bench-wire-'));
let env: Record<string, string>;
let dropDatabase = async () => {};
if (onPostgres) {
  const database = await createMigratedDatabase(adminUrl!);
  env = { DATABASE_URL: database.url };
  dropDatabase = database.drop;
} else {
  await copyMigratedPgliteData(join(dir, 'data'));
  env = { DATA_DIR: join(dir, 'data') };
}
const server = await spawnServer({
  ...env,
  ANON_KEY,
  DIST_DIR: join(tmpdir(), 'signwall-no-build'),
  REALTIME_CONNECTIONS_PER_ADDRESS: '0',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
});
try {
  console.log(
    `Realtime bytes of one save to ${BOARDS} open boards (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
  );
  await round(server, false);
  await round(server, true);
} finally {
  await server.stop();
  await dropDatabase();
  await rm(dir, { recursive: true, force: true });
}
