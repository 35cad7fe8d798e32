/**
 * The limits of 20261123000000_limit_signatures.sql at the SQL level, as anon (the role every API
 * request runs as), each at its edges: the cheap checks on the signature text (size, characters,
 * `[` count, depth, number tokens), the 800 × 600 size rule, one row per transaction, and the
 * threaded-gaps attack on the overlap check. After each hostile insert a read and a valid save
 * still succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POINTS, MAX_STROKE_LENGTH } from '../../src/domain/rules.ts';
import { MAX_OPEN_BRACKETS, MAX_SIGNATURE_TEXT_BYTES } from '../../src/domain/new-signature.ts';
import { signatureAt } from '../support/grid.ts';
import { TARGETS, type TestDb } from './support/databases.ts';
import {
  CHANNEL_RUN,
  channelDots,
  channelStroke,
  DENSE_COUNT,
  fillDenseWall,
  THREADED_POINTS,
  threadedStroke,
} from './support/dense-wall.ts';

const SHAPE = '23514';
const INSERT = 'insert into public.signatures (signature) values ($1)';

/** n nested lists around one point: depth n + 1 counting the point's own brackets. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** `count` points 2.5 px apart along rows of 288, back and forth, rows 11 px apart, from (x, y). */
function serpentine(x: number, y: number, count: number): number[][] {
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / 288);
    const along = row % 2 === 0 ? i % 288 : 287 - (i % 288);
    return [x + along * 2.5, y + row * 11];
  });
}

/** Points spread along a line, `count` in all, within a 300 × 100 box at (x, y). */
function line(x: number, y: number, count: number): number[][] {
  return Array.from({ length: count }, (_, i) => [x + (i % 300), y + Math.floor(i / 300) / 10]);
}

describe.each(TARGETS)('signature limits on $kind', ({ openMigrated }) => {
  let db: TestDb;
  // Free spots for valid saves, 100 apart along the bottom rows, far from everything else.
  let spot = 0;
  const freeSignature = () => signatureAt(spot++, { left: 20, top: 3100, rowStep: -100 });

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  const asAnon = (text: string) => db.asAnon((q) => q(INSERT, [text]));

  /** The database still answers a read, and anon can still save a valid signature. */
  async function expectAlive() {
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from public.signatures',
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(0);
    await expect(asAnon(freeSignature())).resolves.toEqual([]);
  }

  async function expectRefused(text: string, message: string | RegExp, code = SHAPE) {
    const error = await asAnon(text).then(
      () => null,
      (e: { code?: string; message: string }) => e,
    );
    expect(error).toMatchObject({ code });
    if (typeof message === 'string') expect(error!.message).toBe(message);
    else expect(error!.message).toMatch(message);
    await expectAlive();
  }

  describe('the text, before it is parsed', () => {
    it('caps the size in bytes, derived from the points', async () => {
      const [{ cap }] = (await db.query<{ cap: number }>(
        'select signwall.max_signature_bytes() as cap',
      )) as [{ cap: number }];
      expect(cap).toBe(MAX_SIGNATURE_TEXT_BYTES);
      const valid = freeSignature();
      await expect(asAnon(valid.padEnd(cap, ' '))).resolves.toEqual([]);
      await expectRefused(
        freeSignature().padEnd(cap + 1, ' '),
        `signature text is too long (${cap + 1} bytes > ${cap})`,
      );
      // Bytes, not characters: a 3-byte character counts three times (and is refused anyway).
      await expectRefused(
        freeSignature().padEnd(cap - 2, ' ') + '\u3000',
        `signature text is too long (${cap + 1} bytes > ${cap})`,
      );
    });

    it.each([
      ['a string', '"[[[1,2],[3,4]]]"', '"\\""'],
      ['an object', '{"a":[[[1,2],[3,4]]]}', '"{"'],
      ['true', 'true', '"t"'],
      ['a bare NaN', '[[[NaN,1],[2,3]]]', '"N"'],
      ['a form feed (not JSON whitespace)', '[[[1,2],[3,4]]]\f', '"\\f"'],
      ['a no-break space', '[[[1,2],\u00a0[3,4]]]', '"\u00a0"'],
      ['a NUL-like control', '[[[1,2],[3,4]]]\u0001', '"\\u0001"'],
    ])('refuses characters no list of numbers has: %s', async (_name, text, shown) => {
      const error = await asAnon(text).then(
        () => null,
        (e: { code?: string; message: string; detail?: string }) => e,
      );
      expect(error).toMatchObject({
        code: SHAPE,
        message: 'signature is not a JSON list of strokes',
        detail: expect.stringContaining(`is ${shown}:`),
      });
      await expectAlive();
    });

    it(`allows exactly ${MAX_OPEN_BRACKETS} "[" (64 strokes, ${MAX_POINTS} points) and refuses one more`, async () => {
      // 63 two-point strokes and one long one: MAX_POINTS points, all within 720 × 120, spread
      // out enough for the weight rule.
      const strokes = [
        ...Array.from({ length: 63 }, (_, i) => [
          [1000 + i * 10, 1000],
          [1000 + i * 10, 1001],
        ]),
        serpentine(1000, 1010, MAX_POINTS - 126),
      ];
      const text = JSON.stringify(strokes);
      expect(text.split('[').length - 1).toBe(MAX_OPEN_BRACKETS);
      await expect(asAnon(text)).resolves.toEqual([]);
      // One more point's brackets (the point count itself is never reached).
      const over = JSON.stringify([...strokes.slice(0, 63), line(1400, 1010, MAX_POINTS - 125)]);
      await expectRefused(
        over,
        `signature has too many lists (${MAX_OPEN_BRACKETS + 1} "[" > ${MAX_OPEN_BRACKETS})`,
      );
    });

    it(`allows lists 3 deep and refuses 4, 100, ${MAX_POINTS + 1}, 7000 and 100000 levels`, async () => {
      await expect(asAnon(freeSignature())).resolves.toEqual([]);
      const deep = 'signature nests lists more than 3 deep (or closes a list before opening it)';
      await expectRefused('[[[[1,2]],[[3,4]]]]', deep);
      await expectRefused(`[${nested(99)}]`, deep);
      await expectRefused(`[[[1,2],${nested(MAX_POINTS - 2)}]]`, deep);
      // 7000 levels are as many "[": the count refuses them before the depth is looked at; 100000
      // levels are 200000 bytes, over the size cap.
      await expectRefused(
        `[[[1,2],${nested(6998)}]]`,
        `signature has too many lists (7001 "[" > ${MAX_OPEN_BRACKETS})`,
      );
      await expectRefused(
        nested(100_000),
        `signature text is too long (200000 bytes > ${MAX_SIGNATURE_TEXT_BYTES})`,
      );
    });

    it('refuses brackets that do not match or close before they open', async () => {
      await expectRefused('[[[1,2],[3,4]]', 'signature brackets do not match (4 "[" and 3 "]")');
      await expectRefused(
        ']]][[[',
        'signature nests lists more than 3 deep (or closes a list before opening it)',
      );
    });

    it('allows numbers of 24 characters and refuses 25', async () => {
      const n24 = (v: number) => `${v}.`.padEnd(24, '0');
      expect(n24(1500)).toHaveLength(24);
      await expect(asAnon(`[[[${n24(1500)},${n24(2500)}],[1505,2500]]]`)).resolves.toEqual([]);
      await expectRefused(
        `[[[${n24(1600)}0,2500],[1605,2500]]]`,
        'signature has a number longer than 24 characters',
      );
    });

    it('allows exponents of 2 digits and refuses 3', async () => {
      await expect(asAnon('[[[1e-99,2600],[1E+01,2610]]]')).resolves.toEqual([]);
      const exponent = 'signature has a number with an exponent of more than 2 digits';
      await expectRefused('[[[1e-100,2700],[10,2710]]]', exponent);
      await expectRefused('[[[1e001,2700],[10,2710]]]', exponent);
      await expectRefused(
        `[${Array.from({ length: 100 }, () => '[1e131071,1e131071]').join(',')}]`,
        exponent,
      );
    });
  });

  describe('the size rule (points, before padding)', () => {
    it.each([
      ['exactly 800 × 600', 800, 600, null],
      ['800.1 wide', 800.1, 10, 'signature is larger than 800 × 600 (its points span 800.1 × 10)'],
      ['600.1 high', 10, 600.1, 'signature is larger than 800 × 600 (its points span 10 × 600.1)'],
      ['801 × 601', 801, 601, 'signature is larger than 800 × 600 (its points span 801 × 601)'],
    ])('%s', async (_name, width, height, message) => {
      // Two strokes, so the extent spans strokes; each case in its own corner of the middle.
      const x = 400;
      const y = 1200;
      const text = JSON.stringify([
        [
          [x, y],
          [x + 1, y + 1],
        ],
        [
          [x + width, y + height],
          [x + width - 1, y + height - 1],
        ],
      ]);
      if (message === null) await expect(asAnon(text)).resolves.toEqual([]);
      else await expectRefused(text, message);
    });
  });

  describe('one row per transaction', () => {
    const twoRows = 'insert into public.signatures (signature) select unnest($1::text[])';

    it('refuses a second row from anon and authenticated, and writes neither', async () => {
      const before = await db.query('select id from public.signatures');
      for (const role of ['anon', 'authenticated']) {
        await expect(
          db.execTx(`set local role ${role};
            insert into public.signatures (signature) values
              ('[[[2000,2000],[2010,2010]]]'), ('[[[2100,2000],[2110,2010]]]')`),
        ).rejects.toMatchObject({ code: SHAPE, message: 'only one signature per request' });
      }
      expect(await db.query('select id from public.signatures')).toEqual(before);
      await expectAlive();
    });

    it('stops a 10500-row array at its second row, before looking at the rest', async () => {
      // Row 3 on would each be refused for its own reason; the answer is about the row count.
      const rows = [freeSignature(), freeSignature(), ...Array(10_498).fill('not json')];
      await expect(db.asAnon((q) => q(twoRows, [rows]))).rejects.toMatchObject({
        code: SHAPE,
        message: 'only one signature per request',
      });
      await expectAlive();
    });

    it('counts per transaction: one row in each of two transactions is fine', async () => {
      await expect(asAnon(freeSignature())).resolves.toEqual([]);
      await expect(asAnon(freeSignature())).resolves.toEqual([]);
    });

    it('does not limit the owner or service_role', async () => {
      await expect(db.query(twoRows, [[freeSignature(), freeSignature()]])).resolves.toEqual([]);
      await expect(
        db.execTx(`grant insert (signature) on public.signatures to service_role;
          set local role service_role;
          insert into public.signatures (signature) values
            ('[[[2000,200],[2010,210]]]'), ('[[[2100,200],[2110,210]]]')`),
      ).resolves.toBeUndefined();
    });
  });
});

describe.each(TARGETS)('the threaded-gaps attack on $kind', ({ openMigrated }) => {
  let db: TestDb;
  let spot = 0;
  beforeAll(async () => {
    db = await openMigrated();
    await fillDenseWall(db);
  }, 120_000);
  afterAll(() => db?.close());

  const asAnon = (text: string) => db.asAnon((q) => q(INSERT, [text]));

  /** A read and a valid save in the free strip below the dense rows (y 3150..3190, x ≥ 1490). */
  async function expectAlive() {
    await expect(db.query('select count(*) from public.signatures')).resolves.toHaveLength(1);
    const x = 1500 + 60 * spot++;
    await expect(asAnon(`[[[${x},3160],[${x + 20},3180]]]`)).resolves.toEqual([]);
  }

  it('refuses the wall-wide threaded stroke for its size, before any overlap work', async () => {
    await expect(asAnon(threadedStroke({ wallWide: true }))).rejects.toMatchObject({
      code: SHAPE,
      message: 'signature is larger than 800 × 600 (its points span 3080 × 2940)',
    });
    await expectAlive();
  });

  it('answers the threaded-gaps attack: touching is refused, threading is accepted', async () => {
    // The touching variant's last point is inside the outline of row 8, column 11.
    const touched = await db.query<{ id: number }>(
      'select id::int as id from public.signatures where outline @> point(820, 610)',
    );
    expect(touched).toHaveLength(1);
    await expect(asAnon(threadedStroke({ touching: true }))).rejects.toMatchObject({
      code: 'PT409',
      message: `signature overlaps signature #${touched[0]!.id}`,
    });
    await expectAlive();
    await expect(asAnon(threadedStroke())).resolves.toEqual([]);
    await expectAlive();
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from public.signatures',
    )) as [{ n: number }];
    expect(n).toBe(DENSE_COUNT + 4); // the threaded stroke and 3 saves
  }, 60_000);
});

describe.each(TARGETS)('a stroke along a free diagonal channel on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
    await db.query('insert into public.signatures (signature) select unnest($1::text[])', [
      channelDots(),
    ]);
  });
  afterAll(() => db?.close());

  it('is accepted (it misses every dot), and one more point on a dot is refused', async () => {
    const insert = (text: string) =>
      db.asAnon((q) => q('insert into public.signatures (signature) values ($1)', [text]));
    // The last run ends on a dot instead.
    const onDot = JSON.parse(channelStroke()) as number[][][];
    onDot[0]![onDot[0]!.length - 1] = [550, 600];
    await expect(insert(JSON.stringify(onDot))).rejects.toMatchObject({ code: 'PT409' });
    await expect(insert(channelStroke())).resolves.toEqual([]);
  }, 60_000);

  it('refuses the attack as first reported (9,956 runs) for its length, before the overlap check', async () => {
    const insert = (text: string) =>
      db.asAnon((q) => q('insert into public.signatures (signature) values ($1)', [text]));
    // One run more than the default stroke has: 25 runs.
    const runs = Math.floor(MAX_STROKE_LENGTH / CHANNEL_RUN) + 1;
    const over = (runs * CHANNEL_RUN).toFixed(1);
    await expect(insert(channelStroke(runs + 1))).rejects.toMatchObject({
      code: SHAPE,
      message: `strokes are too long (${over} px in all > ${MAX_STROKE_LENGTH})`,
    });
    await expect(insert(channelStroke(THREADED_POINTS))).rejects.toMatchObject({
      code: SHAPE,
      message: expect.stringMatching(/^strokes are too long \(\d+\.?\d* px in all > 20000\)$/),
    });
  }, 60_000);
});
