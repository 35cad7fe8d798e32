/**
 * Clean first starts, with `server/main.ts` as a process, on a small file system of the test's own
 * (tmpfs, root only, as in CI): a first start that fails (the disk is full, the file system is
 * read-only) prints one line saying why and leaves DATA_DIR as it found it, so the next start with
 * room succeeds with no hand work; a first start killed during initdb, or while moving the new
 * database into place, is finished by the next start.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGING_DIR, WHOLE_MARKER } from '../../server/db/initdb-staging.ts';
import { LOCK_FILE } from '../../server/db/lock-file.ts';
import { copyFreshPgliteData } from '../support/pglite-template.ts';
import { spawnServer, startRefused } from '../support/server-process.ts';
import { Tmpfs } from '../support/tmpfs.ts';
import { ANON_KEY } from './harness.ts';
import { cellSignature } from './rules-helpers.ts';
import { expectOneReadableLine } from './start-output.ts';

const NO_BUILD = join(tmpdir(), 'signwall-no-build');

function env(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, ANON_KEY, DIST_DIR: NO_BUILD };
}

/** Starts a server on dataDir, checks it answers and takes a save, and stops it. */
async function expectServes(dataDir: string): Promise<void> {
  const server = await spawnServer(env(dataDir));
  try {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const saved = await fetch(`${server.url}/rest/v1/signatures`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ signature: cellSignature(0) }),
    });
    expect(saved.status).toBe(201);
  } finally {
    await server.stop();
  }
}

describe('first start', () => {
  let root: string;
  const disks: Tmpfs[] = [];
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'signwall-first-start-'));
  });
  afterAll(async () => {
    for (const disk of disks) disk.cleanup();
    await rm(root, { recursive: true, force: true });
  });

  it('on a full disk prints one line and leaves DATA_DIR as it was; with room, the next start succeeds', async () => {
    // A new database needs about 40 MB (its first WAL segment alone is 16 MB).
    const disk = Tmpfs.mount(8);
    disks.push(disk);
    const dataDir = join(disk.path, 'data');
    const noSpace =
      /could not create a new database in DATA_DIR \S+: no space left on the device \(ENOSPC\)$/;

    const created = await startRefused(env(dataDir));
    console.log(`first start on a full disk printed: ${created.output.trim()}`);
    expect(created.code).toBe(1);
    expectOneReadableLine(created.output, dataDir, noSpace);
    expect(disk.entries()).toEqual([]); // the DATA_DIR it created is gone again

    await mkdir(dataDir); // made by the operator: it stays, empty
    const existing = await startRefused(env(dataDir));
    expect(existing.code).toBe(1);
    expectOneReadableLine(existing.output, dataDir, noSpace);
    expect(disk.entries('data')).toEqual([]);

    disk.resize(128);
    await expectServes(dataDir);
  }, 240_000);

  it('on a read-only file system prints one line and writes nothing', async () => {
    const disk = Tmpfs.mount(4);
    disks.push(disk);
    await mkdir(join(disk.path, 'data'));
    disk.readOnly();

    const missing = join(disk.path, 'missing');
    const notCreated = await startRefused(env(missing));
    expect(notCreated.code).toBe(1);
    expectOneReadableLine(
      notCreated.output,
      missing,
      /cannot be created: the file system is read-only \(EROFS\)$/,
    );

    const existing = join(disk.path, 'data');
    const notWritable = await startRefused(env(existing));
    console.log(`first start on a read-only file system printed: ${notWritable.output.trim()}`);
    expect(notWritable.code).toBe(1);
    expectOneReadableLine(
      notWritable.output,
      existing,
      /is not writable: the file system is read-only \(EROFS\)$/,
    );
    expect(disk.entries()).toEqual(['data']);
    expect(disk.entries('data')).toEqual([]);
  }, 60_000);

  it('killed during initdb: the next start removes what it left and creates the database', async () => {
    const dataDir = join(root, 'killed-in-initdb');
    const staging = join(dataDir, STAGING_DIR);
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: '0', ...env(dataDir) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Kill it once initdb has begun writing files (it takes seconds to finish).
    while (!existsSync(staging) || readdirSync(staging).length < 3) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGKILL');
    await exited;
    expect((await readdir(dataDir)).sort()).toEqual([STAGING_DIR, LOCK_FILE].sort());

    await expectServes(dataDir);
    expect(existsSync(staging)).toBe(false);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  }, 240_000);

  it('killed while moving the new database in: the next start finishes the move', async () => {
    const dataDir = join(root, 'killed-in-move');
    const staging = join(dataDir, STAGING_DIR);
    await mkdir(dataDir);
    await copyFreshPgliteData(staging);
    await writeFile(join(staging, WHOLE_MARKER), '');
    // Half of the entries already moved up; PG_VERSION, always last, not yet.
    const names = (await readdir(staging)).filter((n) => n !== WHOLE_MARKER && n !== 'PG_VERSION');
    for (const name of names.slice(0, names.length / 2)) {
      await rename(join(staging, name), join(dataDir, name));
    }

    await expectServes(dataDir);
    expect(existsSync(staging)).toBe(false);
  }, 240_000);
});
