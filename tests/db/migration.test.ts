/**
 * The guard migration on a table that already holds rows from older versions: legacy flat strokes,
 * unparseable text, overlapping signatures, over-long captions. It must apply (twice, harmlessly),
 * give readable rows outlines and unreadable ones null, and leave every row readable by anon.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyVersion,
  GUARD_VERSION,
  LIMITS_VERSION,
  migrate,
  TARGETS,
  type TestDb,
} from './support/databases.ts';

const OLD_ROWS: Array<{ signature: string; caption: string | null; outline: string | null }> = [
  { signature: '[[[1,2],[3,4]]]', caption: 'current format', outline: '(13,14),(-9,-8)' },
  { signature: '[[1,2],[3,4]]', caption: 'legacy flat stroke', outline: '(13,14),(-9,-8)' },
  { signature: '[[500,500],[600,600]]', caption: null, outline: '(610,610),(490,490)' },
  { signature: 'not json', caption: null, outline: null },
  { signature: '[]', caption: null, outline: null },
  { signature: '{"a":1}', caption: null, outline: null },
  { signature: '[[["a",2],[3,4]]]', caption: null, outline: null },
  { signature: '[[1,2,3]]', caption: null, outline: null },
  // Older clients had no limits: these stay as they are.
  {
    signature: '[[[5000,5000],[5001,5001]]]',
    caption: 'x'.repeat(300),
    outline: '(5011,5011),(4990,4990)',
  },
  { signature: '[[[1e308,0],[0,0]]]', caption: null, outline: '(1e+300,10),(-10,-10)' },
  { signature: '[[[1e400,0],[0,0]]]', caption: null, outline: null },
  // Rows the limits would refuse today stay as they are: wider than 800, a 3-digit exponent, a
  // caption of bidi controls and combining marks, the legacy flat stroke.
  {
    signature: '[[[2000,3000],[3100,3010]]]',
    caption: '\u202e\u202eevil',
    outline: '(3110,3020),(1990,2990)',
  },
  {
    signature: '[[[1e-300,1500],[5,1500]]]',
    caption: 'a\u0334\u0334\u0334\u0334',
    outline: '(15,1510),(-10,1490)',
  },
  { signature: '[[1,2],[3,4],[5,6]]', caption: '\u200b', outline: '(15,16),(-9,-8)' },
];

describe.each(TARGETS)('guard migration on an old table ($kind)', ({ open }) => {
  let db: TestDb;

  beforeAll(async () => {
    db = await open();
    await migrate(db, { before: GUARD_VERSION });
    for (const row of OLD_ROWS) {
      await db.query('insert into public.signatures (signature, caption) values ($1, $2)', [
        row.signature,
        row.caption,
      ]);
    }
    await migrate(db, { after: GUARD_VERSION });
  });
  afterAll(() => db?.close());

  async function outlines() {
    return db.query<{ signature: string; caption: string | null; outline: string | null }>(
      'select signature, caption, outline::text as outline from public.signatures order by id',
    );
  }

  it('backfills outlines: legacy rows get one, unparseable rows get null', async () => {
    expect(await outlines()).toEqual(OLD_ROWS);
  });

  it('applying it (and every later migration) again changes nothing', async () => {
    await migrate(db, { after: GUARD_VERSION });
    await applyVersion(db, LIMITS_VERSION);
    expect(await outlines()).toEqual(OLD_ROWS);
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where tgrelid = 'public.signatures'::regclass
          and not tgisinternal`,
    )) as [{ n: number }];
    // The guard, the outline refresh, the row count, the unhide guard, the version bump, the
    // clearing of reports on unhide, the change announcement and the removal hash's way out.
    expect(n).toBe(8);
  });

  it('keeps every old row readable by anon', async () => {
    const rows = await db.asAnon((q) =>
      q<{ n: number }>('select count(*)::int as n from public.signatures'),
    );
    expect(rows[0]!.n).toBe(OLD_ROWS.length);
  });

  it('lets a parseable legacy row block new signatures, and an unparseable one block nothing', async () => {
    const insert = (signature: string) =>
      db.asAnon((q) =>
        q<{ id: number }>('insert into public.signatures (signature) values ($1) returning id', [
          signature,
        ]),
      );
    await expect(insert('[[[550,550],[560,560]]]')).rejects.toMatchObject({
      code: 'PT409',
      message: 'signature overlaps signature #3',
    });
    await expect(insert('[[[1000,1000],[1010,1010]]]')).resolves.toHaveLength(1);
  });
});
