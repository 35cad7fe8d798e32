/**
 * PGlite's initdb takes seconds (tens on a busy 2-core machine), and the migrations as many again,
 * so each runs once per machine and PGlite version into a template that fresh data dirs are copied
 * from:
 *   - `copyFreshPgliteData`: initdb only, no roles and no migrations, for the tests whose server
 *     must do all of that itself (migration, bootstrap, first-start and data-dir tests);
 *   - `copyMigratedPgliteData`: what the real server leaves after its first start on an empty
 *     directory (roles, migrations, no rows), for the e2e servers and the API harness. Its name
 *     carries a hash of the migrations and the server's bootstrap (schema-hash.ts), so changing
 *     either builds a new one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { schemaHash } from './schema-hash.ts';
import { spawnServer } from './server-process.ts';

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
      'utf8',
    ),
  ) as { version: string }
).version;

const INITDB_TEMPLATE = join(tmpdir(), `signwall-pglite-template-${PGLITE_VERSION}`);

/** Moves a finished template into place; another process that got there first wins, equally good. */
async function publish(scratch: string, built: string, template: string): Promise<string> {
  try {
    await rename(built, template); // atomic
  } catch {
    // another test process made it first; theirs is as good
  }
  await rm(scratch, { recursive: true, force: true });
  return template;
}

async function initdbTemplate(): Promise<string> {
  if (existsSync(join(INITDB_TEMPLATE, 'PG_VERSION'))) return INITDB_TEMPLATE;
  const scratch = await mkdtemp(join(tmpdir(), 'signwall-pglite-init-'));
  const db = await PGlite.create(join(scratch, 'data'));
  await db.close();
  return publish(scratch, join(scratch, 'data'), INITDB_TEMPLATE);
}

/** Fills `dataDir` (which must not exist yet) with a freshly initialised, empty PGlite cluster. */
export async function copyFreshPgliteData(dataDir: string): Promise<void> {
  await copyDir(await initdbTemplate(), dataDir);
}

async function migratedTemplate(): Promise<string> {
  const template = join(tmpdir(), `signwall-pglite-migrated-${schemaHash(PGLITE_VERSION)}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const scratch = await mkdtemp(join(tmpdir(), 'signwall-pglite-migrate-'));
  const dataDir = join(scratch, 'data');
  try {
    await copyFreshPgliteData(dataDir);
    // The real server's own first start, so the template is exactly what it would leave; a clean
    // stop (SIGTERM) closes PGlite, which flushes, and releases the directory's lock file.
    const server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir });
    await server.stop();
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  return publish(scratch, dataDir, template);
}

/**
 * A copy of a data directory (about 1000 files, 39 MB) by the system's `cp`: two to three times as
 * fast as Node's `fs.cp` here, and every API file copies one or more per backend.
 */
async function copyDir(from: string, to: string): Promise<void> {
  await promisify(execFile)('cp', ['-R', from, to]);
}

/**
 * Fills `dataDir` (which must not exist yet) with a database the server has already bootstrapped and
 * migrated, and that holds no rows: the server opens it with nothing left to apply.
 */
export async function copyMigratedPgliteData(dataDir: string): Promise<void> {
  await copyDir(await migratedTemplate(), dataDir);
}

/**
 * The same for an in-memory PGlite (the SQL-level tests): PGlite's own data-dir tarball
 * (`dumpDataDir`), which `PGlite.create({ loadDataDir })` opens in a fraction of initdb's time.
 * Built once per machine, schema and `kind` by `build`, which prepares a freshly created database
 * (nothing for 'initdb'; bootstrap and every migration for 'migrated').
 */
export async function pgliteTarball(
  kind: 'initdb' | 'migrated',
  build: (db: PGlite) => Promise<void>,
): Promise<Blob> {
  const version = kind === 'initdb' ? PGLITE_VERSION : schemaHash(PGLITE_VERSION);
  const tarball = join(tmpdir(), `signwall-pglite-memory-${kind}-${version}.tar`);
  if (!existsSync(tarball)) {
    const db = await PGlite.create();
    try {
      await build(db);
      const dump = await db.dumpDataDir('none');
      const scratch = await mkdtemp(join(tmpdir(), 'signwall-pglite-tarball-'));
      await writeFile(join(scratch, 'data.tar'), Buffer.from(await dump.arrayBuffer()));
      await publish(scratch, join(scratch, 'data.tar'), tarball);
    } finally {
      await db.close();
    }
  }
  return new Blob([await readFile(tarball)]);
}

/** A new in-memory PGlite, initialised but empty (what `PGlite.create()` gives, without initdb). */
export async function createFreshPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTarball('initdb', async () => {}) });
}
