/**
 * Beyond the hand-picked vectors: thousands of seeded points, segments and records decided by the
 * SQL functions and by src/domain, which must agree on every one. Coordinates sit on a coarse grid
 * (and rects on integer edges) so touching edges and corners come up often.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlineOf, pointInRect, segmentMeetsRect, type Rect } from '../../src/domain/geometry.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import { xorshift } from '../api/fuzz-gen.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

const rng = xorshift(4242);
const coord = () => rng.pick([rng.int(0, 40) * 5, rng.int(0, 2000) / 10, rng.next() * 200]);
const rects: Rect[] = Array.from({ length: 40 }, () => ({
  x: rng.int(0, 15) * 10,
  y: rng.int(0, 15) * 10,
  width: rng.int(0, 8) * 10 + rng.pick([0, 0.5]),
  height: rng.int(0, 8) * 10,
}));
const segments = Array.from({ length: 3000 }, () => ({
  a: [coord(), coord()] as [number, number],
  b: rng.chance(0.1) ? null : ([coord(), coord()] as [number, number]),
  r: rng.pick(rects),
}));
const texts = Array.from({ length: 300 }, () => {
  // Mostly good points, sometimes a bad one, so both readable and unreadable records come up.
  const point = () =>
    rng.chance(0.93)
      ? [coord(), coord()]
      : rng.pick([[coord()], [coord(), 'x'], [coord(), coord(), 'x'], 'p']);
  const stroke = () => Array.from({ length: rng.int(0, 3) }, point);
  const value = rng.pick([
    () => Array.from({ length: rng.int(0, 3) }, stroke),
    () => stroke(),
    () => ({ a: stroke() }),
  ])();
  const text = JSON.stringify(value).replace('"x"', rng.pick(['1e400', '"x"', '-0', '1e-400']));
  return rng.chance(0.05) ? text.slice(0, -1) : text;
});

describe.each(TARGETS)('SQL and TypeScript agree ($kind)', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it(`on ${segments.length} points and segments against rects`, async () => {
    const rows = await db.query<{ hit: boolean }>(
      `select case when bx is null then signwall.point_in_rect(ax, ay, signwall.rect(x, y, w, h))
                   else signwall.segment_meets_rect(ax, ay, bx, by_, signwall.rect(x, y, w, h)) end
                as hit
         from jsonb_to_recordset($1::jsonb)
           as t(i int, ax float8, ay float8, bx float8, by_ float8, x float8, y float8, w float8, h float8)
        order by i`,
      [
        JSON.stringify(
          segments.map(({ a, b, r }, i) => ({
            i,
            ax: a[0],
            ay: a[1],
            bx: b?.[0] ?? null,
            by_: b?.[1] ?? null,
            x: r.x,
            y: r.y,
            w: r.width,
            h: r.height,
          })),
        ),
      ],
    );
    const ts = segments.map(({ a, b, r }) => (b ? segmentMeetsRect(a, b, r) : pointInRect(a, r)));
    const hits = ts.filter(Boolean).length;
    expect(hits).toBeGreaterThan(300); // both answers are well represented
    expect(rows.map((r) => r.hit)).toEqual(ts);
  });

  it(`on the outlines of ${texts.length} record texts`, async () => {
    const rows = await db.query<{ o: number[] | null }>(
      `select case when o is null then null
                   else array[(o[1])[0], (o[1])[1], (o[0])[0], (o[0])[1]] end as o
         from unnest($1::text[]) with ordinality t(text, i),
              signwall.outline_of_text(t.text) o
        order by i`,
      [texts],
    );
    const ts = texts.map((text) => {
      const strokes = parseStrokes(text);
      const r = strokes && outlineOf(strokes);
      return r ? [r.x, r.y, r.x + r.width, r.y + r.height] : null;
    });
    expect(ts.filter(Boolean).length).toBeGreaterThan(30);
    expect(rows.map((r) => r.o)).toEqual(ts);
  });
});
