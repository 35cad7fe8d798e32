/**
 * DATA_DIR's lock file and the question it exists to answer: is the process it names a live signwall
 * server, or did that server die and leave its pid to someone else?
 *
 * A pid alone cannot tell: after a SIGKILL the pid may be reused by any process (pid 1 in a
 * container, a shell), and a killed server whose parent has not reaped it lingers as a zombie that
 * `kill(pid, 0)` still finds. So the file records, like `ps` would show it, the pid, the process's
 * start time (field 22 of /proc/<pid>/stat, in clock ticks since boot) and the boot id: a holder is
 * live only when that pid exists, is not a zombie, and started at that same moment of this same boot.
 * Where /proc is missing (macOS) only the pid is recorded and checked, as before.
 *
 * Not a lock socket (what PostgreSQL does for its socket directory): a Unix socket path is limited to
 * about 100 bytes, which a DATA_DIR may exceed, some volume mounts do not support sockets at all, and
 * binding one is asynchronous while this check runs before anything else opens. The start time is
 * read synchronously from a file every Linux has.
 */
import { readFileSync } from 'node:fs';

export const LOCK_FILE = 'signwall.pid';

/** Who wrote a lock file. Start time and boot id are absent on systems without /proc, and in the
 * pid-only files of earlier versions. */
export interface LockHolder {
  pid: number;
  startTime?: string;
  bootId?: string;
}

interface ProcStat {
  /** One letter: R running, S sleeping, Z zombie, X dead … */
  state: string;
  startTime: string;
}

/** /proc/<pid>/stat's state and start time; undefined when there is no such process (or no /proc). */
function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19]; // field 22 of the whole line
  return state && startTime ? { state, startTime } : undefined;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

const hasProc = (): boolean => procStat(process.pid) !== undefined;

/** This process, as its lock file records it. */
export function currentHolder(): LockHolder {
  const stat = procStat(process.pid);
  const boot = bootId();
  return stat && boot
    ? { pid: process.pid, startTime: stat.startTime, bootId: boot }
    : { pid: process.pid };
}

/** The file's text: one field a line, the pid first (as the pid-only files of earlier versions). */
export function formatLock(holder: LockHolder): string {
  return [holder.pid, holder.startTime, holder.bootId].filter((f) => f !== undefined).join('\n');
}

export function parseLock(text: string): LockHolder | undefined {
  const [pidText, startTime, boot] = text.split('\n').map((line) => line.trim());
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return {
    pid,
    ...(startTime && /^\d+$/.test(startTime) ? { startTime } : {}),
    ...(boot ? { bootId: boot } : {}),
  };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Whether the process that wrote this lock still runs. Our own pid is never a live other holder: in
 * a container the server is often pid 1 on every start (a second open in this process is refused
 * before this is asked).
 */
export function holderIsLive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  if (!hasProc()) return pidExists(holder.pid);
  const stat = procStat(holder.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  // A pid-only file (an earlier version, or written without /proc): the pid's liveness is all we know.
  if (holder.startTime === undefined || holder.bootId === undefined) return true;
  return holder.bootId === bootId() && holder.startTime === stat.startTime;
}
