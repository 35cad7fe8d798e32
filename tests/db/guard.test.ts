/**
 * The insert guard at the SQL level, as anon (the role every API request runs as): what anon may
 * and may not write, rows of one statement checked against each other, the derived outline kept
 * true, and the isolation level the overlap check relies on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POINTS } from '../../src/domain/rules.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

describe.each(TARGETS)('insert guard on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  const insertAsAnon = (sql: string, params: unknown[] = []) => db.asAnon((q) => q(sql, params));

  it('derives the outline and trims the caption; anon cannot write the outline itself', async () => {
    const [row] = await insertAsAnon(
      `insert into public.signatures (signature, caption) values ('[[[100,100],[120,130]]]', E' hi\\n')
       returning caption, outline::text as outline`,
    );
    expect(row).toEqual({ caption: 'hi', outline: '(130,140),(90,90)' });
    await expect(
      insertAsAnon(
        `insert into public.signatures (signature, outline) values ('[[[500,500],[510,510]]]', box '(0,0),(1,1)')`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('checks the rows of one statement against each other (the owner may add several)', async () => {
    await expect(
      db.query(
        `insert into public.signatures (signature) values ('[[[700,700],[710,710]]]'), ('[[[705,705],[800,800]]]')`,
      ),
    ).rejects.toMatchObject({ code: 'PT409' });
    const [{ n }] = (await db.query(
      `select count(*)::int as n from public.signatures where signature like '[[[70%'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('keeps the outline true when the owner edits a signature', async () => {
    const [row] = await db.query<{ outline: string }>(
      `update public.signatures set signature = '[[[1000,1000],[1001,1001]]]'
        where signature = '[[[100,100],[120,130]]]' returning outline::text as outline`,
    );
    expect(row!.outline).toBe('(1011,1011),(990,990)');
  });

  it('gives an owner edit to deeply nested text a null outline without parsing it', async () => {
    // 7000 levels overflow PGlite's stack in `::jsonb`; parse_strokes answers before parsing.
    const deep = '['.repeat(7000) + ']'.repeat(7000);
    const [row] = await db.query<{ outline: string | null }>(
      `update public.signatures set signature = $1
        where signature = '[[[1000,1000],[1001,1001]]]' returning outline::text as outline`,
      [deep],
    );
    expect(row!.outline).toBeNull();
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from public.signatures',
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('refuses to decide under REPEATABLE READ, where it could not see a racing winner', async () => {
    await expect(
      db.asAnon(async (q) => {
        await q('set transaction isolation level repeatable read');
        return q(
          `insert into public.signatures (signature) values ('[[[2000,2000],[2001,2001]]]')`,
        );
      }),
    ).rejects.toMatchObject({ code: '0A000' });
  });

  it('names the point count when there are too many points', async () => {
    const big = JSON.stringify([
      Array.from({ length: MAX_POINTS + 1 }, (_, i) => [i % 3200, 3000]),
    ]);
    await expect(
      insertAsAnon('insert into public.signatures (signature) values ($1)', [big]),
    ).rejects.toMatchObject({
      code: '23514',
      message: `too many points (${MAX_POINTS + 1} > ${MAX_POINTS})`,
    });
  });
});
