/**
 * The moderation migration at the SQL level (20261123000100): what only visible rows decide, the
 * unhide rule, the index the overlap probe uses, and the table version every change moves —
 * including changes no API request makes (truncate, the owner's SQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS, type TestDb } from './support/databases.ts';

const stroke = (x: number, y: number, size = 20) =>
  JSON.stringify([
    [
      [x, y],
      [x + size, y + size],
    ],
  ]);

describe.each(TARGETS)('moderation rules on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  async function insert(signature: string, hidden = false): Promise<number> {
    const [row] = await db.query<{ id: number }>(
      'insert into public.signatures (signature, hidden) values ($1, $2) returning id',
      [signature, hidden],
    );
    return Number(row!.id);
  }
  const setHidden = (id: number, hidden: boolean) =>
    db.query('update public.signatures set hidden = $2 where id = $1', [id, hidden]);
  const version = async () =>
    Number(
      (
        await db.query<{ version: string }>(
          "select version from signwall.table_versions where table_name = 'signatures'",
        )
      )[0]!.version,
    );

  it('a row inserted hidden is not checked against the wall; its unhiding is', async () => {
    const visible = await insert(stroke(100, 100));
    const hidden = await insert(stroke(105, 105), true);
    await expect(setHidden(hidden, false)).rejects.toMatchObject({
      code: 'PT409',
      message: `signature #${hidden} cannot be unhidden: signature #${visible} is now in its spot`,
    });
  });

  it('unhiding checks the insert rule: a signature around a newer one, not touching it, comes back', async () => {
    // A big square loop, hidden; then a small signature inside the loop, clear of its strokes.
    const loop = await insert(
      JSON.stringify([
        [
          [300, 300],
          [500, 300],
          [500, 500],
          [300, 500],
          [300, 300],
        ],
      ]),
    );
    await setHidden(loop, true);
    await insert(stroke(390, 390));
    await setHidden(loop, false);
    const [row] = await db.query<{ hidden: boolean }>(
      'select hidden from public.signatures where id = $1',
      [loop],
    );
    expect(row!.hidden).toBe(false);
  });

  it('a row whose text is not strokes has no segments and unhides freely', async () => {
    await insert(stroke(700, 700));
    // Legacy text the guard would refuse today, written as the owner bypassing the trigger.
    await db.exec('alter table public.signatures disable trigger signatures_guard');
    const legacy = await insert('not json', true);
    await db.exec('alter table public.signatures enable trigger signatures_guard');
    await setHidden(legacy, false);
  });

  it('the overlap probe can use the partial index of visible outlines', async () => {
    // As the guards run it: as the table's owner (SECURITY DEFINER), so without row-level security.
    const plan = await db.asAnon(async (q) => {
      await q('reset role');
      await q('set local enable_seqscan = off');
      return q<{ 'QUERY PLAN': string }>(
        `explain select * from signwall.first_overlap(array[1, 1], array[1, 2],
                                                      array[10, 20]::float8[], array[10, 20]::float8[])`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
      'Index Scan using signatures_visible_outline_idx',
    );
  });

  it('every change moves the table version, once per statement; a failed one does not', async () => {
    let last = await version();
    const moved = async () => {
      const now = await version();
      const delta = now - last;
      last = now;
      return delta;
    };
    const id = await insert(stroke(1000, 1000));
    expect(await moved()).toBe(1);
    await db.asAnon((q) =>
      q('insert into public.signatures (signature) values ($1)', [stroke(1100, 1000)]),
    );
    expect(await moved()).toBe(1);
    await db.query('update public.signatures set hidden = true where id >= $1', [id]);
    expect(await moved()).toBe(1);
    await expect(
      db.asAnon((q) =>
        q('insert into public.signatures (signature) values ($1)', [stroke(1200, 1000, 2000)]),
      ),
    ).rejects.toMatchObject({ code: '23514' });
    expect(await moved()).toBe(0);
    await db.query('delete from public.signatures where id = $1', [id]);
    expect(await moved()).toBe(1);
    // cascade: signwall.reports refers to signatures, so a plain truncate is refused.
    await db.query('truncate public.signatures cascade');
    expect(await moved()).toBe(1);
  });

  it('anon reads the version but cannot move it', async () => {
    const [row] = await db.asAnon((q) =>
      q<{ version: string }>('select version from signwall.table_versions'),
    );
    expect(Number(row!.version)).toBe(await version());
    await expect(
      db.asAnon((q) => q('update signwall.table_versions set version = 0')),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
