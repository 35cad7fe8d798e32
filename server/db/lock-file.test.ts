import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentHolder, formatLock, holderIsLive, parseLock } from './lock-file.ts';

/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot. */
function startTimeOf(pid: number): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19]!;
}

const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
/** A process that runs for the whole test: the one that started this test runner. */
const parent = process.ppid;

describe('lock file', () => {
  it('records pid, start time and boot id, and reads them back (pid-only files too)', () => {
    const us = currentHolder();
    expect(us).toEqual({ pid: process.pid, startTime: startTimeOf(process.pid), bootId });
    expect(parseLock(`${formatLock(us)}\n`)).toEqual(us);
    expect(parseLock('4242\n')).toEqual({ pid: 4242 });
    expect(parseLock('')).toBeUndefined();
    expect(parseLock('not a pid')).toBeUndefined();
  });

  it('is live only for the same pid, started at the same moment of the same boot', () => {
    const holder = { pid: parent, startTime: startTimeOf(parent), bootId };
    expect(holderIsLive(holder)).toBe(true);
    expect(holderIsLive({ ...holder, startTime: String(Number(holder.startTime) + 1) })).toBe(
      false,
    );
    expect(holderIsLive({ ...holder, bootId: '00000000-0000-0000-0000-000000000000' })).toBe(false);
    // A pid-only file of an earlier version: the pid's liveness is all there is to go by.
    expect(holderIsLive({ pid: parent })).toBe(true);
    expect(holderIsLive({ pid: 2 ** 22 + 1 })).toBe(false); // above Linux's pid_max: no such process
    // Our own pid is a lock left by an earlier start (pid 1 in a container, every time).
    expect(holderIsLive({ pid: process.pid })).toBe(false);
  });
});
