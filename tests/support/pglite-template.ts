/**
 * PGlite's initdb takes seconds (tens on a busy 2-core machine), and the migrations as many again,
 * so each runs once per machine and PGlite version into a template that fresh data dirs are copied
 * from:
 *   - `copyFreshPgliteData`: initdb only, no roles and no migrations, for the tests whose server
 *     must do all of that itself (migration, bootstrap and data-dir tests, the API harness);
 *   - `copyMigratedPgliteData`: what the real server leaves after its first start on an empty
 *     directory (roles, migrations, no rows), for the e2e servers. Its name carries a hash of the
 *     migrations and the server's bootstrap, so changing either builds a new one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  await cp(await initdbTemplate(), dataDir, { recursive: true });
}

/** Everything that decides what a first start writes into an empty database. */
function schemaHash(): string {
  const hash = createHash('sha256').update(PGLITE_VERSION);
  const file = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));
  const migrations = file('supabase/migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  for (const source of ['server/db/bootstrap.ts', 'server/db/migrate.ts']) {
    hash.update(source).update(readFileSync(file(source)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedTemplate(): Promise<string> {
  const template = join(tmpdir(), `signwall-pglite-migrated-${schemaHash()}`);
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
 * Fills `dataDir` (which must not exist yet) with a database the server has already bootstrapped and
 * migrated, and that holds no rows: the server opens it with nothing left to apply.
 */
export async function copyMigratedPgliteData(dataDir: string): Promise<void> {
  await cp(await migratedTemplate(), dataDir, { recursive: true });
}
