/**
 * The outline's edges as columns (min_x, max_x, min_y, max_y) for viewport-first reads: backfilled
 * for rows older than the migration, derived for new rows and when the owner edits one, readable by
 * the API roles, writable by nobody, indexed, and the same on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyVersion, GUARD_VERSION, migrate, TARGETS, type TestDb } from './support/databases.ts';

const BOUNDS_VERSION = '20261123000300';

interface Bounds {
  min_x: number | null;
  max_x: number | null;
  min_y: number | null;
  max_y: number | null;
}
const edges = 'min_x, max_x, min_y, max_y';

describe.each(TARGETS)('outline bounds on $kind', ({ open }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await open();
    // Rows from an older version (before any rule): a signature and an unparseable one.
    await migrate(db, { before: GUARD_VERSION });
    await db.query(`insert into public.signatures (signature) values ('[[[100,200],[150,260]]]')`);
    await db.query(`insert into public.signatures (signature) values ('not json')`);
    await migrate(db, { after: GUARD_VERSION });
  });
  afterAll(() => db?.close());

  const boundsOf = async (where: string) =>
    db.query<Bounds>(`select ${edges} from public.signatures where ${where}`);

  it('backfills the padded outline of older rows; an unparseable row has none', async () => {
    expect(await boundsOf(`signature like '[[[100,200]%'`)).toEqual([
      { min_x: 90, max_x: 160, min_y: 190, max_y: 270 },
    ]);
    expect(await boundsOf(`signature = 'not json'`)).toEqual([
      { min_x: null, max_x: null, min_y: null, max_y: null },
    ]);
  });

  it('derives them for new rows, readable by anon and usable in its filters', async () => {
    const rows = await db.asAnon(async (q) => {
      await q(`insert into public.signatures (signature) values ('[[[1000,1000],[1010,1030]]]')`);
      // The rect filter the client sends: outlines meeting (995..1005, 0..3200).
      return q<Bounds>(
        `select ${edges} from public.signatures
          where max_x >= 995 and min_x <= 1005 and max_y >= 0 and min_y <= 3200`,
      );
    });
    expect(rows).toEqual([{ min_x: 990, max_x: 1020, min_y: 990, max_y: 1040 }]);
  });

  it('follows the outline when the owner edits a signature', async () => {
    await db.query(
      `update public.signatures set signature = '[[[2000,2000],[2100,2050]]]'
        where signature like '[[[100,200]%'`,
    );
    expect(await boundsOf(`signature like '[[[2000,2000]%'`)).toEqual([
      { min_x: 1990, max_x: 2110, min_y: 1990, max_y: 2060 },
    ]);
  });

  it('cannot be written, by anon or anyone (generated columns take no value)', async () => {
    const write = `insert into public.signatures (signature, min_x) values ('[[[3000,3000],[3001,3001]]]', 0)`;
    await expect(db.asAnon((q) => q(write))).rejects.toMatchObject({ code: '428C9' });
    await expect(db.query(write)).rejects.toMatchObject({ code: '428C9' });
  });

  it('has an index per edge, and applying the migration again changes nothing', async () => {
    await applyVersion(db, BOUNDS_VERSION);
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes
        where tablename = 'signatures' and indexname ~ '^signatures_(min|max)_[xy]_idx$'
        order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'signatures_max_x_idx',
      'signatures_max_y_idx',
      'signatures_min_x_idx',
      'signatures_min_y_idx',
    ]);
    expect(await boundsOf(`signature like '[[[2000,2000]%'`)).toHaveLength(1);
  });

  it('is readable by the service role too', async () => {
    const rows = await db.query<{ role: string; ok: boolean }>(
      `select r as role, has_column_privilege(r, 'public.signatures', 'max_y', 'select') as ok
         from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    );
    expect(rows.every((r) => r.ok)).toBe(true);
  });
});
