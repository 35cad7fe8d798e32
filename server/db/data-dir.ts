/**
 * Checks a PGlite DATA_DIR before anything opens it, and holds it for this process.
 *
 * The lock is a pid file, like PostgreSQL's postmaster.pid: created exclusively, and a file left by a
 * process that no longer runs (SIGKILL, power loss) is taken over at once. Not a lock library:
 * proper-lockfile and its kind judge staleness by age, so a killed server would block a restart for
 * their stale period and a live one must keep touching the file; flock is not in Node's core. A pid
 * recorded that equals our own is stale too: in a container the server is often pid 1 on every start.
 *
 * A directory that is neither empty nor a whole database is refused: PGlite would run initdb over it
 * and serve an empty wall, hiding whatever happened to the real one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirError } from './errors.ts';

export const LOCK_FILE = 'signwall.pid';

/** What a cluster needs to be opened rather than initialised (initdb writes these last but one). */
const DATABASE_MARKERS = ['PG_VERSION', join('global', 'pg_control'), 'base'];

export interface HeldDataDir {
  /** Absolute path. */
  dir: string;
  /** True when the directory held nothing: PGlite will run initdb. */
  fresh: boolean;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/** Directories this process holds: a second open in the same process is refused like another's. */
const heldHere = new Set<string>();

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function describeFsError(dir: string, action: string, error: unknown): DataDirError {
  const reasons: Record<string, string> = {
    ENOTDIR: 'a part of its path is a file, not a directory',
    EEXIST: 'a file of that name is in the way',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
  };
  const code = errnoOf(error);
  const reason =
    (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
  return new DataDirError(`DATA_DIR ${dir} ${action}: ${reason}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoOf(error) === 'EPERM'; // exists, owned by someone else
  }
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function takeLock(dir: string): void {
  const lockPath = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) {
    throw new DataDirError(`DATA_DIR ${dir} is already open in this server process`);
  }
  // A few rounds: another starter may remove or create the file between our steps.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(dir);
      return;
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw describeFsError(dir, 'is not writable', error);
    }
    const pid = readPid(lockPath);
    if (pid !== undefined && pid !== process.pid && isAlive(pid)) {
      throw new DataDirError(
        `DATA_DIR ${dir} is in use by another signwall server (pid ${pid}); ` +
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
  if (readPid(lockPath) !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone; nothing to release
  }
}

/** Entries that do not make a directory "used": the lock, dotfiles, a volume root's lost+found. */
function meaningfulEntries(dir: string): string[] {
  return readdirSync(dir).filter(
    (name) => name !== LOCK_FILE && name !== 'lost+found' && !name.startsWith('.'),
  );
}

/**
 * Creates DATA_DIR if missing, takes its lock, and checks it is empty or a whole database. Every
 * failure is a DataDirError with a one-line message naming the directory.
 */
export function holdDataDir(dataDir: string): HeldDataDir {
  const dir = resolve(dataDir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new DataDirError(`DATA_DIR ${dir} is a file, not a directory`);
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw describeFsError(dir, 'cannot be created', error);
  }
  takeLock(dir);
  try {
    const entries = meaningfulEntries(dir);
    const missing = DATABASE_MARKERS.filter((marker) => !existsSync(join(dir, marker)));
    if (entries.length > 0 && missing.length > 0) {
      throw new DataDirError(
        `DATA_DIR ${dir} is not empty but holds no complete database (missing ${missing.join(', ')}); ` +
          'refusing to initialise a new, empty wall over it: restore the database, or point ' +
          'DATA_DIR at an empty directory',
      );
    }
    return { dir, fresh: entries.length === 0, release: () => releaseLock(dir) };
  } catch (error) {
    releaseLock(dir);
    throw error instanceof DataDirError ? error : describeFsError(dir, 'cannot be read', error);
  }
}
