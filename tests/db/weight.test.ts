/**
 * The wall's weight rule in SQL (20261127000100_wall_weight.sql), on PGlite and on PostgreSQL,
 * against the shared vectors (tests/vectors/weight.json) that src/domain/signature-weight.test.ts
 * runs against the board's code: numbers stored canonical, the nodes a signature claims, and what
 * it may store.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import vectors from '../vectors/weight.json';
import { canonicalStrokes } from '../../src/domain/signature-weight.ts';
import type { Stroke } from '../../src/domain/geometry.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

const INSERT =
  'insert into public.signatures (signature, caption) values ($1, $2) returning signature';

/** The arrays the guard hands signwall.claimed_nodes: stroke numbers and coordinates. */
function pointArrays(strokes: readonly Stroke[]) {
  const sn: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  strokes.forEach((stroke, n) =>
    stroke.forEach(([x, y]) => {
      sn.push(n + 1);
      xs.push(x);
      ys.push(y);
    }),
  );
  return [sn, xs, ys];
}

describe.each(TARGETS)('the weight rule on $kind', ({ openMigrated }) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());
  beforeEach(() => db.exec('delete from public.signatures'));

  const save = (text: string, caption: string | null = null) =>
    db.asAnon((q) => q<{ signature: string }>(INSERT, [text, caption]));

  it('uses the vectors’ bytes per node', async () => {
    const [row] = await db.query<{ n: number }>('select signwall.bytes_per_node() as n');
    expect(row!.n).toBe(vectors.bytesPerNode);
  });

  it.each(vectors.numbers)('stores $text as $stored', async ({ text, stored }) => {
    const [row] = await save(`[[[${text},100],[${text},100]]]`);
    expect(row!.signature).toBe(`[[[${stored},100],[${stored},100]]]`);
  });

  it.each(vectors.nodes)('$name claims $nodes nodes', async ({ strokes, nodes }) => {
    const [row] = await db.query<{ n: number }>(
      'select signwall.claimed_nodes($1::int[], $2::float8[], $3::float8[]) as n',
      pointArrays(canonicalStrokes(strokes as unknown as Stroke[])),
    );
    expect(row!.n).toBe(nodes);
  });

  it.each(vectors.signatures)('$name', async ({ text, caption, stored, problem }) => {
    const saved = await save(text, caption).then(
      ([row]) => row!.signature,
      (e: { code?: string; message: string }) => e,
    );
    if (problem === null) expect(saved).toBe(stored);
    else
      expect(saved).toMatchObject({ code: '23514', message: expect.stringMatching(/too heavy/) });
  });

  it('checks every other rule on the stored numbers: 3200.004 is on the wall, 3200.006 is not', async () => {
    await expect(save('[[[3200.004,10],[3200.004,10]]]')).resolves.toHaveLength(1);
    await expect(save('[[[3200.006,40],[3200.006,40]]]')).rejects.toMatchObject({
      code: '23514',
      message: expect.stringMatching(/outside the wall/),
    });
  });

  it('checks the overlap on the stored numbers: a point rounded onto an outline is refused', async () => {
    await save('[[[1000,1000],[1000,1000]]]');
    // 1010.004 is stored as 1010: on the outline's edge (1000 + 10), which blocks.
    await expect(save('[[[1010.004,1000],[1020,1000]]]')).rejects.toMatchObject({
      code: 'PT409',
    });
    await expect(save('[[[1010.006,1000],[1020,1000]]]')).resolves.toHaveLength(1);
  });
});
