/**
 * PGlite's initdb takes seconds (tens on a busy 2-core machine), so it runs once per machine and
 * PGlite version: a fresh data dir is a copy of an initdb-only template. The template has no roles
 * and no migrations: the server under test still does all of that itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
      'utf8',
    ),
  ) as { version: string }
).version;

const TEMPLATE = join(tmpdir(), `signwall-pglite-template-${PGLITE_VERSION}`);

async function pgliteTemplate(): Promise<string> {
  if (existsSync(join(TEMPLATE, 'PG_VERSION'))) return TEMPLATE;
  const scratch = await mkdtemp(join(tmpdir(), 'signwall-pglite-init-'));
  const db = await PGlite.create(join(scratch, 'data'));
  await db.close();
  try {
    await rename(join(scratch, 'data'), TEMPLATE); // atomic: a racing process may have won
  } catch {
    // another test process made it first; theirs is as good
  }
  await rm(scratch, { recursive: true, force: true });
  return TEMPLATE;
}

/** Fills `dataDir` (which must not exist yet) with a freshly initialised, empty PGlite cluster. */
export async function copyFreshPgliteData(dataDir: string): Promise<void> {
  await cp(await pgliteTemplate(), dataDir, { recursive: true });
}
