/**
 * A full disk while serving, on a tmpfs of the test's own (root only, as in CI).
 *
 * With the real server as a process: saves that fill the disk are answered 201, or 503 (or a 4xx),
 * never 500 and never a cut connection; once room is made, by deleting a file or by growing the file
 * system, saves succeed again within a minute with no restart, and every save that got 201 is there.
 *
 * With the server in-process, to reach PGlite's reopen loop: a save whose WAL needs a new segment on
 * a full disk (Postgres PANICs) gets 503, PGlite cannot reopen while the disk stays full, and comes
 * back by itself once a few MB are free, every acknowledged save still there.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../../src/domain/geometry.ts';
import { BYTES_PER_NODE, MAX_POINTS, WEIGHT_GRID } from '../../src/domain/rules.ts';
import {
  canonicalCoordinate,
  claimedNodes,
  pointBytes,
  strokesTextBytes,
} from '../../src/domain/signature-weight.ts';
import { copyMigratedPgliteData } from '../support/pglite-template.ts';
import { captureLogger } from '../support/db-server.ts';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { MEGABYTE, Tmpfs } from '../support/tmpfs.ts';
import { ANON_KEY, startServer, type TestServer } from './harness.ts';
import { cellSignature } from './rules-helpers.ts';

/** The longest a server may take to recover once there is room again: a minute. */
const RECOVERY_LIMIT_MS = 60_000;
/** A fill is over when this many saves in a row were refused. */
const REFUSALS_IN_A_ROW = 10;
/** What the disk keeps free for the saves to fill, at the start, and what deleting a file frees. */
const FREE_FOR_SAVES = MEGABYTE;
const FREED_BY_DELETING = 2 * MEGABYTE;

/** Cells of the grid the heavy saves are drawn in: 18 a row, 175 px apart (324 on the wall). */
const CELLS_PER_ROW = 18;
const CELL = 175;
const BOX = 150;

/**
 * As heavy a save as the weight rule allows (about 39 KB), in grid cell `n`, and one that
 * compresses badly (to about 17 KB on disk), so a hundred saves fill megabytes: rows 10 px apart claim every node of a
 * 150 px box, then a random walk in steps of at most 2 px adds points of random hundredths until
 * the box's nodes allow no more bytes.
 */
function heavySignature(n: number): string {
  const left = (n % CELLS_PER_ROW) * CELL + 20;
  const top = Math.floor(n / CELLS_PER_ROW) * CELL + 20;
  const rows: Point[] = [];
  for (let row = 0; row <= BOX / WEIGHT_GRID; row++) {
    const y = top + row * WEIGHT_GRID;
    const ends: Point[] = [
      [left, y],
      [left + BOX, y],
    ];
    rows.push(...(row % 2 === 0 ? ends : ends.reverse()));
  }
  const budget = claimedNodes([rows]).size * BYTES_PER_NODE;
  const walk: Point[] = [];
  let [x, y] = [left + BOX / 2, top + BOX / 2];
  const step = (v: number, from: number) =>
    canonicalCoordinate(Math.min(from + BOX, Math.max(from, v + (Math.random() - 0.5) * 2.8)));
  let bytes = strokesTextBytes([rows, []]);
  while (rows.length + walk.length < MAX_POINTS) {
    const next: Point = [step(x, left), step(y, top)];
    if (bytes + 1 + pointBytes(next) > budget) break;
    walk.push(next);
    bytes += 1 + pointBytes(next);
    [x, y] = next;
  }
  return JSON.stringify([rows, walk]);
}

interface Answer {
  status: number;
  /** PostgREST's error code of a refusal (53100 for a full disk, PGRST001 while PGlite reopens). */
  code?: string;
  retryAfter: string | null;
  id?: number;
}

async function save(url: string, signature: string): Promise<Answer> {
  const res = await fetch(`${url}/rest/v1/signatures?select=id`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ signature }),
  });
  const retryAfter = res.headers.get('retry-after');
  if (res.status !== 201) {
    const { code } = (await res.json()) as { code: string };
    return { status: res.status, code, retryAfter };
  }
  const [row] = (await res.json()) as Array<{ id: number }>;
  return { status: res.status, retryAfter, id: Number(row!.id) };
}

/** Every answer a test got, and the saves acknowledged (id → signature). */
class Saves {
  readonly acked = new Map<number, string>();
  readonly statuses = new Map<string, number>();
  private cell = 0;

  constructor(
    private readonly url: string,
    private readonly signatureIn: (cell: number) => string = heavySignature,
  ) {}

  /** One save of the next cell; a connection error is thrown (the test fails on it). */
  async next(): Promise<Answer> {
    const signature = this.signatureIn(this.cell++);
    const answer = await save(this.url, signature);
    const key = [answer.status, answer.code, answer.retryAfter === null ? '' : 'Retry-After']
      .filter(Boolean)
      .join(' ');
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    expect(
      [201, 503].includes(answer.status) || (answer.status >= 400 && answer.status < 500),
    ).toBe(true);
    if (answer.id !== undefined) this.acked.set(answer.id, signature);
    return answer;
  }

  /** Saves from two clients at once until the disk is full: REFUSALS_IN_A_ROW refusals in a row. */
  async fill(): Promise<number> {
    const before = this.acked.size;
    let refusedInARow = 0;
    const client = async () => {
      while (refusedInARow < REFUSALS_IN_A_ROW) {
        const { status } = await this.next();
        refusedInARow = status === 201 ? 0 : refusedInARow + 1;
      }
    };
    // Two at once: the most saves one address may have in flight (MAX_SAVES_IN_FLIGHT_PER_ADDRESS).
    await Promise.all([client(), client()]);
    return this.acked.size - before;
  }

  /** Saves until one is acknowledged; how long that took. Fails past RECOVERY_LIMIT_MS. */
  async untilSaved(): Promise<number> {
    const started = performance.now();
    while ((await this.next()).status !== 201) {
      if (performance.now() - started > RECOVERY_LIMIT_MS) {
        throw new Error(
          `no save succeeded within ${RECOVERY_LIMIT_MS} ms of making room; answers ` +
            JSON.stringify(Object.fromEntries(this.statuses)),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return Math.round(performance.now() - started);
  }
}

/** Every acknowledged save is stored, exactly as sent. */
async function expectAllThere(url: string, acked: Map<number, string>): Promise<void> {
  const res = await fetch(`${url}/rest/v1/signatures?select=id,signature&order=id`, {
    headers: { apikey: ANON_KEY },
  });
  expect(res.status).toBe(200);
  const stored = new Map(
    ((await res.json()) as Array<{ id: number; signature: string }>).map((r) => [
      Number(r.id),
      r.signature,
    ]),
  );
  const lost = [...acked].filter(([id, signature]) => stored.get(id) !== signature);
  expect(lost.map(([id]) => id)).toEqual([]);
}

/** The promise's value, or a failure naming what did not happen within `ms`. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const mb = (bytes: number) => (bytes / MEGABYTE).toFixed(1);

describe('a full disk while serving, PGlite', () => {
  let disk: Tmpfs;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    disk = Tmpfs.mount(72);
    await copyMigratedPgliteData(join(disk.path, 'data'));
  });
  afterAll(async () => {
    await server?.stop();
    disk?.cleanup();
  });

  it('refuses saves with 503 while full, and takes them again once there is room', async () => {
    // Deleting it makes less room than a WAL segment (16 MB): the tester's server never came back
    // from freeing 11.7 MB.
    const filler = disk.fill('filler', FREED_BY_DELETING);
    // The wall has room for 324 heavy saves (5.5 MB on disk): the disk keeps only 1 MB for them.
    disk.fill('ballast', Math.max(0, disk.freeBytes() - FREE_FOR_SAVES));
    server = await spawnServer({
      DATA_DIR: join(disk.path, 'data'),
      ANON_KEY,
      DIST_DIR: join(tmpdir(), 'signwall-no-build'),
      // Reading every heavy signature back at the end takes more than the default answer cap.
      MAX_RESPONSE_BYTES: String(256 * MEGABYTE),
    });
    const url = server.url;
    const saves = new Saves(url);

    const firstFill = await saves.fill();
    const freeWhenFull = disk.freeBytes();
    await rm(filler);
    const afterDelete = await saves.untilSaved();

    const secondFill = await saves.fill();
    disk.resize(72 + 16);
    const afterGrow = await saves.untilSaved();

    console.log(
      `full disk: ${firstFill} saves filled it (${mb(freeWhenFull)} MB free then), ` +
        `saves back ${afterDelete} ms after deleting a ${mb(FREED_BY_DELETING)} MB file; ${secondFill} more filled it, ` +
        `saves back ${afterGrow} ms after growing it by 16 MB; answers ` +
        JSON.stringify(Object.fromEntries(saves.statuses)),
    );
    expect(saves.statuses.get('500')).toBeUndefined();
    // Busy is not broken: every refusal says when to come back.
    for (const key of saves.statuses.keys()) {
      if (key.startsWith('503')) expect(key).toMatch(/Retry-After$/);
    }
    expect(server.child.exitCode).toBeNull(); // no restart of the server
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await expectAllThere(url, saves.acked);
  }, 300_000);
});

describe('PGlite reopening on a full disk (in-process, to reach the reopen loop)', () => {
  let disk: Tmpfs;
  let server: TestServer | undefined;
  const log = captureLogger();

  beforeAll(async () => {
    disk = Tmpfs.mount(64);
    const dataDir = join(disk.path, 'data');
    await copyMigratedPgliteData(dataDir);
    const target = { backend: 'pglite', config: { dataDir }, cleanup: async () => undefined };
    // A budget no test reaches: the restart below must come from PGlite's PANIC, not the watchdog.
    const open = { statementTimeoutMs: 600_000, logger: log.logger };
    server = await startServer(target, { open });
  });
  afterAll(async () => {
    await server?.stop();
    disk?.cleanup();
  });

  it('a save whose WAL needs a new segment on a full disk: 503, then back by itself once there is room', async () => {
    const saves = new Saves(server!.url, cellSignature);
    // The table now has a page with room, so the next small save extends no file: only its WAL,
    // which pg_switch_wal sends into a new segment, needs room.
    expect((await saves.next()).status).toBe(201);
    await server!.db.transaction((tx) => tx.query('select pg_switch_wal()'));
    const room = disk.fill('room', 4 * MEGABYTE); // freed below: a quarter of a WAL segment
    disk.fill('filler'); // not a page left

    const restarted = log.next('pglite_restart');
    const reopenFailed = log.next('pglite_reopen_failed');
    const refused = await saves.next();
    expect(refused.status).toBe(503);
    // Postgres PANICs in COMMIT and PGlite then spins: the log line restarts it, not a timeout.
    const why = await restarted;
    expect(why.fields.reason).toBe('pglite_broken');
    expect(String(why.fields.detail)).toMatch(/^PANIC: .*No space left on device/);
    const failure = await reopenFailed;
    expect(String(failure.fields.detail)).toMatch(/No space left on device/);

    const recovered = log.next('pglite_recovered');
    const freedAt = performance.now();
    await rm(room);
    const { fields } = await within(RECOVERY_LIMIT_MS, recovered, 'PGlite reopened');
    const sinceFreed = Math.round(performance.now() - freedAt);
    console.log(
      `reopen on a full disk: ${String(fields.attempts)} attempts, back ${sinceFreed} ms after ` +
        `4 MB were freed (${String(fields.recoveryMs)} ms after the restart); restarted for: ` +
        `${String(why.fields.detail)}; reopen failed with: ${String(failure.fields.detail)}`,
    );
    await saves.untilSaved();
    await expectAllThere(server!.url, saves.acked);
  }, 180_000);
});
