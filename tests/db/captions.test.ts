/**
 * Caption normalisation in the database (signwall.normalize_caption, applied by the insert guard),
 * against the shared vectors in tests/vectors/captions.json that src/domain/signature.test.ts runs
 * against normalizeCaption: the client and the database store the same caption.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMBINING_MARK_RANGES } from '../../src/domain/combining-marks.ts';
import vectors from '../vectors/captions.json';
import { signatureAt } from '../support/grid.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

describe.each(TARGETS)('caption normalisation on $kind', ({ openMigrated }) => {
  let db: TestDb;
  let cell = 0;
  /** A small signature in a spot of its own, so every insert is accepted. */
  const signature = () => signatureAt(cell++);
  const insert = (caption: string | null) =>
    db.asAnon((q) =>
      q<{ caption: string | null }>(
        'insert into public.signatures (signature, caption) values ($1, $2) returning caption',
        [signature(), caption],
      ),
    );

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it.each(vectors.captions)('$name', async ({ input, output }) => {
    const [row] = await db.query<{ c: string | null }>(
      'select signwall.normalize_caption($1) as c',
      [input],
    );
    expect(row!.c).toBe(output);
    const [stored] = await insert(input);
    expect(stored!.caption).toBe(output);
  });

  it('caps the same combining marks as the client: one list of every general category M', async () => {
    const [row] = await db.query<{ marks: string }>('select signwall.combining_marks() as marks');
    // The bracket expression's inside, "a-b" or "a" per range, back into first, last pairs.
    const chars = [...row!.marks];
    const ranges: number[] = [];
    for (let i = 0; i < chars.length; i++) {
      const first = chars[i]!.codePointAt(0)!;
      const ranged = chars[i + 1] === '-';
      ranges.push(first, ranged ? chars[(i += 2)]!.codePointAt(0)! : first);
    }
    expect(ranges).toEqual(COMBINING_MARK_RANGES);
    // The five ranges an older migration capped, and marks of scripts outside them.
    for (const mark of [0x0300, 0x1ab0, 0x1dc0, 0x20d0, 0xfe20, 0x0e31, 0x0951, 0x0903, 0x1d167]) {
      expect(String.fromCodePoint(mark)).toMatch(/^\p{M}$/u);
      const inside = (k: number) => ranges[k]! <= mark && mark <= ranges[k + 1]!;
      expect(ranges.some((_, k) => k % 2 === 0 && inside(k))).toBe(true);
    }
  });

  it('applies the 200-character limit to the normalised caption', async () => {
    // 200 letters each with 5 marks: 1200 characters sent, 800 kept, over the limit.
    await expect(insert('a\u0334\u0334\u0334\u0334\u0334'.repeat(200))).rejects.toMatchObject({
      code: '23514',
      message: 'caption is longer than 200 characters',
      detail: 'It has 800 characters.',
    });
    // One letter with 400 marks and 195 bidi controls: 4 characters once normalised.
    const [row] = await insert(`\u202e`.repeat(195) + 'a' + '\u0334'.repeat(400));
    expect(row!.caption).toBe('a\u0334\u0334\u0334');
    const exactly = 'b'.repeat(199) + '\u200f'.repeat(50) + 'c';
    const [edge] = await insert(exactly);
    expect(edge!.caption).toBe('b'.repeat(199) + 'c');
  });
});
