/** What a refused start must print: one readable line naming the directory, no stack. */
import { expect } from 'vitest';

export function expectOneReadableLine(output: string, dir: string, pattern: RegExp): void {
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toContain(dir);
  expect(lines[0]).toMatch(pattern);
  expect(output).not.toMatch(/^\s+at /m); // no stack
  expect(output).not.toContain('[object Object]');
}
