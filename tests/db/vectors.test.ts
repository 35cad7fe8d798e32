/**
 * The shared geometry vectors (tests/vectors/geometry.json), decided by the SQL functions of the
 * guard migration, on PGlite and on PostgreSQL. src/domain/*.test.ts run the same file against the
 * TypeScript, so the client and the database cannot drift apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vectors from '../vectors/geometry.json';
import { TARGETS, type TestDb } from './support/databases.ts';

type Rect = { x: number; y: number; width: number; height: number };

/** A box as four numbers: low corner and far corner (x + width, y + height, as geometry.ts reads it). */
const BOX_SQL = (expr: string) =>
  `(${expr}[1])[0] as x1, (${expr}[1])[1] as y1, (${expr}[0])[0] as x2, (${expr}[0])[1] as y2`;

function corners(r: Rect) {
  return { x1: r.x, y1: r.y, x2: r.x + r.width, y2: r.y + r.height };
}

describe.each(TARGETS)('geometry vectors on $kind', ({ openMigrated }) => {
  let db: TestDb;
  const { x, y, width, height } = vectors.rect;

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it.each(vectors.points)('point $name', async ({ point, blocked }) => {
    const [row] = await db.query<{ hit: boolean }>(
      'select signwall.point_in_rect($1, $2, signwall.rect($3, $4, $5, $6)) as hit',
      [point[0], point[1], x, y, width, height],
    );
    expect(row!.hit).toBe(blocked);
  });

  it.each(vectors.segments)('segment $name', async ({ from, to, blocked }) => {
    const [row] = await db.query<{ hit: boolean }>(
      'select signwall.segment_meets_rect($1, $2, $3, $4, signwall.rect($5, $6, $7, $8)) as hit',
      [from[0], from[1], to[0], to[1], x, y, width, height],
    );
    expect(row!.hit).toBe(blocked);
  });

  it.each(vectors.outlines)('outline of $name', async ({ strokes, outline }) => {
    const [row] = await db.query(`select ${BOX_SQL('o')} from signwall.outline($1::jsonb) o`, [
      JSON.stringify(strokes),
    ]);
    expect(row).toEqual(corners(outline));
  });

  it.each(vectors.records)('record $name', async ({ text, outline }) => {
    const [row] = await db.query<Record<string, number | null>>(
      `select o is null as missing, ${BOX_SQL('o')} from signwall.outline_of_text($1) o`,
      [text],
    );
    if (outline === null) expect(row!.missing).toBe(true);
    else expect(row).toEqual({ missing: false, ...corners(outline) });
  });

  it('anon can call the functions (the client role runs the trigger)', async () => {
    const rows = await db.asAnon((q) =>
      q<{ o: string }>(`select signwall.outline_of_text('[[[1,2],[3,4]]]')::text as o`),
    );
    expect(rows[0]!.o).toBe('(13,14),(-9,-8)');
  });
});
