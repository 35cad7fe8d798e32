/**
 * File-system failures in words a person starting the server understands, whether Node reported them
 * (an `ErrnoException`, `code: 'ENOSPC'`) or PGlite did. PGlite's file system is Emscripten's: it
 * throws `ErrnoError { errno: 51 }`, an object that is not an Error and prints as `[object Object]`,
 * with Emscripten's own errno numbers (not Linux's).
 */

/** The reasons a data directory's files fail, by errno name. */
const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of its path is a file, not a directory',
  EEXIST: 'a file of that name is in the way',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'an input/output error on the device',
  ENOENT: 'a file or directory is missing',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  ENOMEM: 'out of memory',
  EFBIG: 'a file grew past the largest size allowed',
};

/** Emscripten's errno numbers (its ERRNO_CODES table) for the names above. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  54: 'ENOTDIR',
  20: 'EEXIST',
  2: 'EACCES',
  63: 'EPERM',
  69: 'EROFS',
  51: 'ENOSPC',
  19: 'EDQUOT',
  29: 'EIO',
  44: 'ENOENT',
  33: 'EMFILE',
  41: 'ENFILE',
  48: 'ENOMEM',
  22: 'EFBIG',
};

/** The errno name of a Node or Emscripten file-system error, if it is one. */
export function errnoName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') {
    return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  }
  return undefined;
}

/**
 * Why a file operation failed, in words, e.g. "no space left on the device (ENOSPC)"; undefined when
 * it is no file-system error this knows (a Node error's own message then says more).
 */
export function fsReason(error: unknown): string | undefined {
  const name = errnoName(error);
  if (name !== undefined && REASONS[name]) return `${REASONS[name]} (${name})`;
  // An Emscripten errno outside the table: its number is all there is to say.
  if (name?.startsWith('errno ')) return `file system error (${name})`;
  return undefined;
}

/** Any thrown value as one line of text: never `[object Object]`, never a stack. */
export function describeThrown(error: unknown): string {
  const reason = fsReason(error);
  let text: string;
  if (reason !== undefined) text = reason;
  else if (error instanceof Error) text = `${error.name}: ${error.message}`;
  else if (typeof error === 'object' && error !== null) {
    try {
      text = JSON.stringify(error);
    } catch {
      text = Object.prototype.toString.call(error);
    }
  } else text = String(error);
  return oneLine(text);
}

/** Collapses line breaks: a start failure is printed as exactly one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
