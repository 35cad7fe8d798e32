import { describe, expect, it } from 'vitest';
import { describeThrown, fsReason } from './fs-errors.ts';

describe('file-system errors in words', () => {
  it("renders PGlite's Emscripten ErrnoError, which is no Error and prints as [object Object]", () => {
    const enospc = { name: 'ErrnoError', errno: 51 };
    expect(String(enospc)).toBe('[object Object]');
    expect(describeThrown(enospc)).toBe('no space left on the device (ENOSPC)');
    expect(describeThrown({ name: 'ErrnoError', errno: 69 })).toBe(
      'the file system is read-only (EROFS)',
    );
    expect(describeThrown({ name: 'ErrnoError', errno: 999 })).toBe(
      'file system error (errno 999)',
    );
  });

  it("renders Node's errno codes, and leaves other errors their own message on one line", () => {
    const eacces = Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' });
    expect(fsReason(eacces)).toBe('permission denied (EACCES)');
    expect(fsReason(new Error('no errno'))).toBeUndefined();
    expect(describeThrown(new Error('PGlite failed\nto initialize'))).toBe(
      'Error: PGlite failed to initialize',
    );
    expect(describeThrown({ some: 'object' })).toBe('{"some":"object"}');
  });
});
