/**
 * Start safely on a PGlite DATA_DIR, with `server/main.ts` as a process: a second server on the same
 * directory exits non-zero naming it, a lock left by a SIGKILLed server does not block a restart (nor
 * does one whose pid now belongs to another process, or to a zombie), a directory that is not a whole
 * database is refused (never re-initialised into an empty wall), and an impossible directory gives
 * one readable line, not an errno stack. Failed first starts: first-start.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirError } from '../../server/db/errors.ts';
import { openDatabase } from '../../server/db/index.ts';
import { LOCK_FILE } from '../../server/db/lock-file.ts';
import { copyFreshPgliteData } from '../support/pglite-template.ts';
import { spawnServer, startRefused as startRefusedWith } from '../support/server-process.ts';
import { ANON_KEY } from './harness.ts';
import { expectOneReadableLine } from './start-output.ts';

const NO_BUILD = join(tmpdir(), 'signwall-no-build');

function startRefused(dataDir: string) {
  return startRefusedWith({ DATA_DIR: dataDir, DIST_DIR: NO_BUILD });
}

/** Field `index` (1-based, as in proc(5)) of /proc/<pid>/stat. */
function procStatField(pid: number, index: number): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[index - 3]!;
}

/** A zombie: `sleep 0.2` whose parent execs into `sleep 60`, which never reaps it. */
async function spawnZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10))),
  );
  while (procStatField(pid, 3) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 50));
  return { pid, parent };
}

describe('DATA_DIR start safety', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'signwall-data-dir-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, and restarts after SIGKILL', async () => {
    const dataDir = join(root, 'locked');
    await copyFreshPgliteData(dataDir);
    const env = { DATA_DIR: dataDir, ANON_KEY, DIST_DIR: NO_BUILD };
    const first = await spawnServer(env);
    try {
      const second = await startRefused(dataDir);
      expect(second.code).not.toBe(0);
      expectOneReadableLine(
        second.output,
        dataDir,
        new RegExp(`in use by another signwall server \\(pid ${first.child.pid}\\)`),
      );
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200); // the first is unharmed
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // Its lock file is still there, naming a dead process: taken over at once.
    expect(existsSync(join(dataDir, 'signwall.pid'))).toBe(true);
    const restarted = await spawnServer(env);
    try {
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    } finally {
      await restarted.stop();
    }
  }, 120_000);

  it('takes over a lock whose pid is now another process or a zombie', async () => {
    const dataDir = join(root, 'reused-pid');
    await copyFreshPgliteData(dataDir);
    const env = { DATA_DIR: dataDir, ANON_KEY, DIST_DIR: NO_BUILD };
    const lockPath = join(dataDir, LOCK_FILE);
    // What a SIGKILLed server leaves: its pid, its start time and the boot id.
    const killed = await spawnServer(env);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const [pid, startTime, bootId] = (await readFile(lockPath, 'utf8')).trim().split('\n');
    expect(Number(pid)).toBe(killed.child.pid);
    expect(startTime).toMatch(/^\d+$/);
    expect(bootId).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());

    // Its pid reused by a process that is no signwall server (a `sleep`): alive, but started later.
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    const zombie = await spawnZombie();
    try {
      await writeFile(lockPath, `${sleeper.pid}\n${startTime}\n${bootId}\n`);
      const afterReuse = await spawnServer(env);
      expect((await fetch(`${afterReuse.url}/healthz`)).status).toBe(200);
      await afterReuse.stop();
      expect(sleeper.exitCode).toBeNull(); // taken over, and the process left alone

      // A zombie recorded with its own start time: only its state tells it is no server.
      const zombieStart = procStatField(zombie.pid, 22);
      await writeFile(lockPath, `${zombie.pid}\n${zombieStart}\n${bootId}\n`);
      const afterZombie = await spawnServer(env);
      expect((await fetch(`${afterZombie.url}/healthz`)).status).toBe(200);
      await afterZombie.stop();
    } finally {
      sleeper.kill();
      zombie.parent.kill();
    }
  }, 120_000);

  it('refuses a second open of one DATA_DIR within a process', async () => {
    const dataDir = join(root, 'in-process');
    await copyFreshPgliteData(dataDir);
    const db = await openDatabase({ dataDir }, { migrate: false });
    try {
      await expect(openDatabase({ dataDir }, { migrate: false })).rejects.toBeInstanceOf(
        DataDirError,
      );
    } finally {
      await db.close();
    }
    const again = await openDatabase({ dataDir }, { migrate: false });
    await again.close();
  }, 60_000);

  it('refuses a database that lost PG_VERSION instead of serving an empty wall', async () => {
    const dataDir = join(root, 'damaged');
    await copyFreshPgliteData(dataDir);
    await rm(join(dataDir, 'PG_VERSION'));
    const before = (await readdir(dataDir)).sort();
    const { code, output } = await startRefused(dataDir);
    expect(code).toBe(1);
    expectOneReadableLine(output, dataDir, /holds no complete database \(missing PG_VERSION\)/);
    expect((await readdir(dataDir)).sort()).toEqual(before); // untouched, not re-initialised
  }, 60_000);

  it('refuses a non-empty directory that is no database', async () => {
    const dataDir = join(root, 'photos');
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'holiday.jpg'), 'not a database');
    const { code, output } = await startRefused(dataDir);
    expect(code).toBe(1);
    expectOneReadableLine(output, dataDir, /not empty but holds no complete database/);
    expect(await readdir(dataDir)).toEqual(['holiday.jpg']);
  }, 60_000);

  it('explains a DATA_DIR that cannot be created', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, '');
    const dataDir = join(file, 'data');
    const { code, output } = await startRefused(dataDir);
    expect(code).toBe(1);
    expectOneReadableLine(output, dataDir, /cannot be created: a part of its path is a file/);
  }, 60_000);

  it('explains a DATA_DIR that is a file', async () => {
    const file = join(root, 'plain-file');
    await writeFile(file, '');
    const { code, output } = await startRefused(file);
    expect(code).toBe(1);
    expectOneReadableLine(output, file, /is a file, not a directory/);
  }, 60_000);
});
