/**
 * A small file system of its own (tmpfs) for tests of a full or read-only disk: mounted in a fresh
 * temporary folder, grown or made read-only in place, unmounted by cleanup(). Needs root (CI runs as
 * root), and fails the test with mount's own message otherwise, rather than skipping it.
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MB = 1024 * 1024;

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export class Tmpfs {
  /** The mount point. */
  readonly path: string;

  private constructor(path: string) {
    this.path = path;
  }

  /** Mounts a tmpfs of `sizeMb` MB (read-only if asked) at a new temporary folder. */
  static mount(sizeMb: number, options: { readOnly?: boolean } = {}): Tmpfs {
    const path = mkdtempSync(join(tmpdir(), 'signwall-tmpfs-'));
    const flags = [`size=${sizeMb}m`, ...(options.readOnly ? ['ro'] : [])].join(',');
    try {
      run('mount', ['-t', 'tmpfs', '-o', flags, 'tmpfs', path]);
    } catch (error) {
      rmSync(path, { recursive: true, force: true });
      const stderr = String((error as { stderr?: unknown }).stderr ?? error).trim();
      throw new Error(`cannot mount a tmpfs at ${path} (these tests need root): ${stderr}`);
    }
    return new Tmpfs(path);
  }

  /** Changes the size in place (more room, as freeing space would give). */
  resize(sizeMb: number): void {
    run('mount', ['-o', `remount,size=${sizeMb}m`, this.path]);
  }

  readOnly(): void {
    run('mount', ['-o', 'remount,ro', this.path]);
  }

  /** Bytes still free. */
  freeBytes(): number {
    const stats = statfsSync(this.path);
    return stats.bavail * stats.bsize;
  }

  /**
   * Writes a file of `bytes` bytes, or as many as fit (to take room that a test frees later by
   * removing it). Returns its path.
   */
  fill(name: string, bytes = Number.POSITIVE_INFINITY): string {
    const file = join(this.path, name);
    const fd = openSync(file, 'w');
    try {
      let left = bytes;
      for (let chunk = MB; chunk >= 4096 && left > 0;) {
        try {
          left -= writeSync(fd, Buffer.alloc(Math.min(chunk, left), 1));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          chunk /= 2; // full at this size: try smaller pieces for the last pages
        }
      }
    } finally {
      closeSync(fd);
    }
    return file;
  }

  entries(sub = ''): string[] {
    return readdirSync(join(this.path, sub)).sort();
  }

  /** Unmounts (lazily if something still holds a file there) and removes the mount point. */
  cleanup(): void {
    try {
      run('umount', [this.path]);
    } catch {
      try {
        run('umount', ['-l', this.path]);
      } catch {
        // not mounted any more
      }
    }
    rmSync(this.path, { recursive: true, force: true });
  }
}

export const MEGABYTE = MB;
