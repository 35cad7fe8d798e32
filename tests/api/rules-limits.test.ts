/**
 * The database's limits (20261123000000_limit_signatures.sql) through the real server, as a
 * stranger with the public key would meet them: hostile signature texts answered 400 before
 * anything parses them, one row per request, normalised captions, and the threaded-gaps attack on
 * a dense wall answered by the overlap check. After every hostile request a read and a valid save
 * still succeed: the wall stays up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_BRACKETS, MAX_SIGNATURE_TEXT_BYTES } from '../../src/domain/new-signature.ts';
import { cellSignature, DENSE_COUNT, threadedStroke } from '../db/support/dense-wall.ts';
import { backends, useServer } from './harness.ts';
import { postRaw, type ErrorBody } from './rules-helpers.ts';

const SHAPE = '23514';
const obj = (signature: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ signature, ...extra });
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const points = (n: number, text: string) => `[[${Array(n).fill(text).join(',')}]]`;
const DEEP = 'signature nests lists more than 3 deep (or closes a list before opening it)';

/** [name, raw body, status, code, message (exact)] */
const hostile: Array<[string, string, number, string, string]> = [
  ['nesting of 4 levels', obj('[[[[1,2]],[[3,4]]]]'), 400, SHAPE, DEEP],
  ['nesting of 100 levels', obj(nested(100)), 400, SHAPE, DEEP],
  ['nesting of 3,000 levels', obj(nested(3000)), 400, SHAPE, DEEP],
  [
    'nesting of 7,000 levels',
    obj(nested(7000)),
    400,
    SHAPE,
    `signature has too many lists (7000 "[" > ${MAX_OPEN_BRACKETS})`,
  ],
  [
    'nesting of 100,000 levels',
    obj(nested(100_000)),
    400,
    SHAPE,
    `signature text is too long (200000 bytes > ${MAX_SIGNATURE_TEXT_BYTES})`,
  ],
  [
    '25,600 points of [1e131071,1e131071] (512 KB)',
    obj(points(25_600, '[1e131071,1e131071]')),
    400,
    SHAPE,
    `signature text is too long (512003 bytes > ${MAX_SIGNATURE_TEXT_BYTES})`,
  ],
  [
    '1,000 points of [1e131071,1e131071]',
    obj(points(1000, '[1e131071,1e131071]')),
    400,
    SHAPE,
    'signature has a number with an exponent of more than 2 digits',
  ],
  [
    'a 25-character number',
    obj('[[[100.000000000000000000001,5],[6,5]]]'),
    400,
    SHAPE,
    'signature has a number longer than 24 characters',
  ],
  [
    'a 3-digit exponent',
    obj('[[[1e-100,5],[6,5]]]'),
    400,
    SHAPE,
    'signature has a number with an exponent of more than 2 digits',
  ],
  [
    'a text one byte over the cap',
    obj('[[[3170,20],[3180,30]]]'.padEnd(MAX_SIGNATURE_TEXT_BYTES + 1, ' ')),
    400,
    SHAPE,
    `signature text is too long (${MAX_SIGNATURE_TEXT_BYTES + 1} bytes > ${MAX_SIGNATURE_TEXT_BYTES})`,
  ],
  [
    'a string inside the text',
    obj('[[["1",2],[3,4]]]'),
    400,
    SHAPE,
    'signature is not a JSON list of strokes',
  ],
  [
    'the whole wall in 59 bytes',
    obj('[[[0,0],[0,0]],[[3200,3200],[3200,3200]]]'),
    400,
    SHAPE,
    'signature is larger than 800 × 600 (its points span 3200 × 3200)',
  ],
  [
    'an array of 10,500 rows',
    // The first row is valid and free, so the answer is the second row's.
    JSON.stringify([
      { signature: '[[[3170,3175],[3180,3185]]]' },
      ...Array.from({ length: 10_499 }, () => ({ signature: '[[[1,2],[3,4]]]' })),
    ]),
    400,
    SHAPE,
    'only one signature per request',
  ],
];

describe.each(backends)('the limits through the API on $name', (backend) => {
  const ctx = useServer(backend);
  // Free spots for valid saves: a column right of the dense wall (its outlines end at x = 3135).
  let spot = 0;
  const freeSignature = () => {
    const y = 20 + 60 * spot++;
    return `[[[3160,${y}],[3180,${y + 20}]]]`;
  };

  /** A read and a valid save still succeed. */
  async function expectAlive() {
    const read = await ctx.server.client.from('signatures').select('id').limit(1);
    expect(read.error).toBeNull();
    const save = await ctx.server.client.from('signatures').insert({ signature: freeSignature() });
    expect(save.error).toBeNull();
    expect(save.status).toBe(201);
  }

  beforeAll(async () => {
    // The dense wall, added by the owner (who has no row limit) 200 rows a statement: every
    // statement stays well within PGlite's watchdog budget, even on a busy machine.
    const texts = Array.from({ length: DENSE_COUNT }, (_, n) => cellSignature(n));
    for (let i = 0; i < texts.length; i += 200) {
      await ctx.server.db.transaction((tx) =>
        tx.query('insert into public.signatures (signature) select unnest($1::text[])', [
          texts.slice(i, i + 200),
        ]),
      );
    }
  }, 120_000);

  it.each(hostile)('%s → %i %s', async (_name, body, status, code, message) => {
    const answer = await postRaw(ctx.server, body);
    expect(answer.status).toBe(status);
    expect(answer.body as ErrorBody).toMatchObject({ code, message });
    await expectAlive();
  });

  it('takes one row from supabase-js (an array of one), refuses two, and lets the owner add two', async () => {
    const one = await ctx.server.client
      .from('signatures')
      .insert([{ signature: freeSignature() }])
      .select('*');
    expect(one.status).toBe(201);
    const two = await ctx.server.client
      .from('signatures')
      .insert([{ signature: freeSignature() }, { signature: freeSignature() }])
      .select('*');
    expect(two.status).toBe(400);
    expect(two.error).toMatchObject({ code: SHAPE, message: 'only one signature per request' });
    await expectAlive();
    const owner = await ctx.server.db.transaction((tx) =>
      tx.query('insert into public.signatures (signature) values ($1), ($2) returning id', [
        freeSignature(),
        freeSignature(),
      ]),
    );
    expect(owner).toHaveLength(2);
  });

  it.each([
    ['zero-width characters only', '\u200b\u200c\u200d', null],
    ['200 right-to-left overrides', '\u202e'.repeat(200), null],
    ['one letter with 199 combining marks', `a${'\u0334'.repeat(199)}`, 'a\u0334\u0334\u0334'],
    ['bidi controls around a name', '\u202eAda\u202c', 'Ada'],
  ])('stores the caption normalised: %s', async (_name, caption, stored) => {
    const { data, error } = await ctx.server.client
      .from('signatures')
      .insert({ signature: freeSignature(), caption })
      .select('*')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ caption: stored });
  });

  it('answers the threaded-gaps attack on the dense wall: touching 409, threading 201', async () => {
    const touching = await postRaw(ctx.server, obj(threadedStroke({ touching: true })));
    expect(touching.status).toBe(409);
    expect(touching.body as ErrorBody).toMatchObject({
      code: 'PT409',
      message: expect.stringMatching(/^signature overlaps signature #\d+$/),
    });
    await expectAlive();
    const threaded = await postRaw(ctx.server, obj(threadedStroke()));
    expect(threaded.status).toBe(201);
    await expectAlive();
  }, 60_000);
});
