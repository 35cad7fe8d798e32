/**
 * A new database enters DATA_DIR only once it is whole.
 *
 * initdb writes a cluster file by file, so a first start that fails half way (the disk fills, the
 * process is killed) would leave a directory that is neither empty nor a database, which every later
 * start must refuse (data-dir.ts) until someone cleans it by hand. So PGlite creates the cluster in
 * DATA_DIR/.signwall-initdb, and only a cluster it created, opened and closed cleanly is moved up.
 * The staging folder is inside DATA_DIR, not beside it: DATA_DIR is often a volume's mount point,
 * and a sibling folder on another device could not be renamed into place.
 *
 * The move is one rename per entry, PG_VERSION last (until it is in place neither PGlite nor
 * data-dir.ts takes DATA_DIR for a database), after a marker file says the cluster is whole. So a
 * start finds no staging folder, a marked one (a move was cut short: it finishes it) or an unmarked
 * one (initdb was cut short: it removes it), and in each case goes on by itself.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirError } from './errors.ts';

export const STAGING_DIR = '.signwall-initdb';
/** Written into the staging folder once its cluster is whole; removed with the folder. */
export const WHOLE_MARKER = '.signwall-whole';
/** The entry whose presence makes a directory a database to PGlite and to data-dir.ts. */
const LAST_ENTRY = 'PG_VERSION';

/** Moves a whole cluster's entries up into DATA_DIR, PG_VERSION last, then drops the folder. */
function promote(dir: string): void {
  const staging = join(dir, STAGING_DIR);
  const names = readdirSync(staging)
    .filter((name) => name !== WHOLE_MARKER)
    .sort((a, b) => Number(a === LAST_ENTRY) - Number(b === LAST_ENTRY));
  for (const name of names) {
    const target = join(dir, name);
    // renameSync would silently replace a file of that name; nothing of ours is ever there.
    if (existsSync(target)) {
      throw new DataDirError(
        `DATA_DIR ${dir} has ${name} in the way of the new database in ${STAGING_DIR}: ` +
          'move it elsewhere and start again',
      );
    }
    renameSync(join(staging, name), target);
  }
  rmSync(staging, { recursive: true, force: true }); // only the marker is left
}

/**
 * Under DATA_DIR's lock, before it is checked: finishes a move an earlier start began, or removes
 * the remains of an initdb that never completed. Returns what it did, for the log.
 */
export function settleStaging(dir: string): 'none' | 'finished' | 'removed' {
  const staging = join(dir, STAGING_DIR);
  if (!existsSync(staging)) return 'none';
  if (existsSync(join(staging, WHOLE_MARKER))) {
    promote(dir);
    return 'finished';
  }
  rmSync(staging, { recursive: true, force: true });
  return 'removed';
}

/**
 * Runs `create` on an empty staging folder (it must leave a whole, cleanly closed cluster there),
 * then moves the cluster into DATA_DIR. On failure the staging folder is removed, so DATA_DIR is
 * left as it was; if even that fails, the next start removes it (settleStaging).
 */
export async function createInStaging(
  dir: string,
  create: (stagingDir: string) => Promise<void>,
): Promise<void> {
  const staging = join(dir, STAGING_DIR);
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    await create(staging);
    writeFileSync(join(staging, WHOLE_MARKER), '');
    promote(dir);
  } catch (error) {
    // A marked folder is a whole cluster: leave it for the next start to finish moving.
    if (!existsSync(join(staging, WHOLE_MARKER))) {
      try {
        rmSync(staging, { recursive: true, force: true });
      } catch {
        // the next start removes it; the error to report is the one that stopped initdb
      }
    }
    throw error;
  }
}
