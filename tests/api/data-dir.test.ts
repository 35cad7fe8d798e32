/**
 * Start safely on a PGlite DATA_DIR, with `server/main.ts` as a process: a second server on the same
 * directory exits non-zero naming it, a lock left by a SIGKILLed server does not block a restart, a
 * directory that is not a whole database is refused (never re-initialised into an empty wall), and an
 * impossible directory gives one readable line, not an errno stack.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirError } from '../../server/db/errors.ts';
import { openDatabase } from '../../server/db/index.ts';
import { copyFreshPgliteData } from '../support/pglite-template.ts';
import { spawnServer } from '../support/server-process.ts';
import { ANON_KEY } from './harness.ts';

const NO_BUILD = join(tmpdir(), 'signwall-no-build');

/** Runs main.ts expecting it to refuse to start: its exit code and everything it printed. */
function startRefused(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: NO_BUILD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, output }));
    // A server that starts instead of refusing is a failure, not a hang.
    child.stdout.on('data', () => {
      if (/listening on/.test(output)) child.kill('SIGKILL');
    });
  });
}

function expectOneReadableLine(output: string, dir: string, pattern: RegExp): void {
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toContain(dir);
  expect(lines[0]).toMatch(pattern);
  expect(output).not.toMatch(/^\s+at /m); // no stack
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
      expectOneReadableLine(second.output, dataDir, /in use by another signwall server/);
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
