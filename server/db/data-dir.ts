/**
 * Checks a PGlite DATA_DIR before anything opens it, and holds it for this process.
 *
 * The lock is a file like PostgreSQL's postmaster.pid, created exclusively and naming this process
 * (pid, start time, boot id: lock-file.ts); a file whose process is gone, a zombie, or a pid now
 * reused by another process is taken over at once. Not a lock library: proper-lockfile and its kind
 * judge staleness by age, so a killed server would block a restart for their stale period and a live
 * one must keep touching the file; flock is not in Node's core.
 *
 * A directory that is neither empty nor a whole database is refused: PGlite would run initdb over it
 * and serve an empty wall, hiding whatever happened to the real one. A new database is made in a
 * staging folder first (initdb-staging.ts), so a first start that fails leaves no such directory.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DataDirError } from './errors.ts';
import { fsReason } from './fs-errors.ts';
import { settleStaging } from './initdb-staging.ts';
import {
  currentHolder,
  formatLock,
  holderIsLive,
  LOCK_FILE,
  parseLock,
  type LockHolder,
} from './lock-file.ts';

export { LOCK_FILE } from './lock-file.ts';

/** What a cluster needs to be opened rather than initialised (initdb writes these last but one). */
const DATABASE_MARKERS = ['PG_VERSION', join('global', 'pg_control'), 'base'];

export interface HeldDataDir {
  /** Absolute path. */
  dir: string;
  /** True when the directory held nothing: a new database must be created (initdb). */
  fresh: boolean;
  /**
   * Removes the lock file if it is still ours, and the directory itself if this start created it
   * and it is still empty (a first start that failed leaves no trace).
   */
  release(): void;
}

/** Directories this process holds: a second open in the same process is refused like another's. */
const heldHere = new Set<string>();

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function describeFsError(dir: string, action: string, error: unknown): DataDirError {
  const reason = fsReason(error) ?? (error instanceof Error ? error.message : String(error));
  return new DataDirError(`DATA_DIR ${dir} ${action}: ${reason}`);
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return parseLock(readFileSync(lockPath, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Creates the lock file exclusively; one that could be created but not written is removed again. */
function writeLock(lockPath: string): void {
  const fd = openSync(lockPath, 'wx', 0o600);
  try {
    writeSync(fd, `${formatLock(currentHolder())}\n`);
  } catch (error) {
    closeSync(fd);
    unlinkSync(lockPath);
    throw error;
  }
  closeSync(fd);
}

function takeLock(dir: string): void {
  const lockPath = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new DataDirError(`DATA_DIR ${dir} is already open in this server process`);
  }
  // A few rounds: another starter may remove or create the file between our steps.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeLock(lockPath);
      heldHere.add(dir);
      return;
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw describeFsError(dir, 'is not writable', error);
    }
    const holder = readHolder(lockPath);
    if (holder !== undefined && holderIsLive(holder)) {
      throw new DataDirError(
        `DATA_DIR ${dir} is in use by another signwall server (pid ${holder.pid}); ` +
          'stop that server first, or set DATA_DIR to another directory',
      );
    }
    try {
      unlinkSync(lockPath); // stale: its server is gone
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw describeFsError(dir, 'is not writable', error);
    }
  }
  throw new DataDirError(`DATA_DIR ${dir} is being opened by another server at the same moment`);
}

function releaseLock(dir: string): void {
  heldHere.delete(dir);
  const lockPath = join(dir, LOCK_FILE);
  const holder = readHolder(lockPath);
  const us = currentHolder();
  if (holder?.pid !== us.pid || holder.startTime !== us.startTime) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone; nothing to release
  }
}

/**
 * Why the first missing level of `dir` cannot be made. Node's recursive mkdir reports ENOENT where
 * the file system is read-only (it tries the parent next, which exists); a plain mkdir says EROFS.
 */
function plainMkdirError(dir: string): unknown {
  let path = dir;
  while (!existsSync(dirname(path)) && dirname(path) !== path) path = dirname(path);
  try {
    mkdirSync(path);
    rmdirSync(path);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Removes the directories `mkdirSync` created for DATA_DIR (innermost first) while they are empty. */
function removeCreated(dir: string, firstCreated: string | undefined): void {
  if (firstCreated === undefined) return;
  for (let path = dir; path.length >= firstCreated.length; path = dirname(path)) {
    try {
      rmdirSync(path);
    } catch {
      return; // not empty (a database, or something put there meanwhile): keep it
    }
  }
}

/** Entries that do not make a directory "used": the lock, dotfiles, a volume root's lost+found. */
function meaningfulEntries(dir: string): string[] {
  return readdirSync(dir).filter(
    (name) => name !== LOCK_FILE && name !== 'lost+found' && !name.startsWith('.'),
  );
}

/**
 * Creates DATA_DIR if missing, takes its lock, settles what an interrupted first start left, and
 * checks it is empty or a whole database. Every failure is a DataDirError with a one-line message
 * naming the directory.
 */
export function holdDataDir(dataDir: string): HeldDataDir {
  const dir = resolve(dataDir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new DataDirError(`DATA_DIR ${dir} is a file, not a directory`);
  }
  let created: string | undefined;
  try {
    created = mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw describeFsError(dir, 'cannot be created', plainMkdirError(dir) ?? error);
  }
  try {
    takeLock(dir);
  } catch (error) {
    removeCreated(dir, created);
    throw error;
  }
  const release = () => {
    releaseLock(dir);
    removeCreated(dir, created);
  };
  try {
    settleStaging(dir);
    const entries = meaningfulEntries(dir);
    const missing = DATABASE_MARKERS.filter((marker) => !existsSync(join(dir, marker)));
    if (entries.length > 0 && missing.length > 0) {
      throw new DataDirError(
        `DATA_DIR ${dir} is not empty but holds no complete database (missing ${missing.join(', ')}); ` +
          'refusing to initialise a new, empty wall over it: restore the database, or point ' +
          'DATA_DIR at an empty directory',
      );
    }
    return { dir, fresh: entries.length === 0, release };
  } catch (error) {
    release();
    throw error instanceof DataDirError ? error : describeFsError(dir, 'cannot be read', error);
  }
}
