import { describe, expect, it } from 'vitest';
import { checkBodyDepth, MAX_BODY_DEPTH, nestingDepth } from './body-scan.ts';

describe('nestingDepth', () => {
  it.each<[string, number]>([
    ['', 0],
    ['42', 0],
    ['{}', 1],
    ['[{"signature":"[[[1,2],[3,4]]]","caption":null}]', 2],
    ['{"a":[{"b":[]}]}', 4],
    // Brackets inside strings do not count, escaped quotes do not end the string.
    ['{"s":"[[[[[[[[[[[[","t":"\\"[[[[[[[["}', 1],
    ['[[]][[[]]]', 3],
    // Unbalanced text is the parser's business; the scan only measures.
    ['[[[[', 4],
  ])('%j → %i', (text, depth) => {
    expect(nestingDepth(text)).toBe(depth);
  });

  it('stops counting once past the limit', () => {
    expect(nestingDepth('['.repeat(1_000_000), 8)).toBe(9);
  });

  it('allows a row body with slack, refuses past MAX_BODY_DEPTH', () => {
    expect(() =>
      checkBodyDepth('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH)),
    ).not.toThrow();
    expect(() => checkBodyDepth('{"a":'.repeat(MAX_BODY_DEPTH + 1))).toThrow(
      'Empty or invalid json',
    );
  });
});
