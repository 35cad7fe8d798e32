/**
 * The wall's rules (docs/architecture.md §3) as a visitor meets them through the real server: every bad input
 * gets its 4xx with a clear code and message and writes nothing; overlaps are 409 naming the
 * signature in the way. Requests go through supabase-js and through raw fetch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_POINTS } from '../../src/domain/rules.ts';
import { backends, useServer } from './harness.ts';
import {
  postRaw,
  tableRows,
  type Answer,
  type ErrorBody,
  type StoredRow,
} from './rules-helpers.ts';

const stroke = (n: number, x = 100, y = 100) =>
  Array.from({ length: n }, (_, i) => [x + (i % 100), y + Math.floor(i / 100)]);
const json = (v: unknown) => JSON.stringify(v);
const obj = (signature: unknown, extra: Record<string, unknown> = {}) =>
  json({ signature, ...extra });

function asRecord(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** [name, raw body, status, code, message (substring or pattern)] */
type Bad = [string, string, number, string, string | RegExp];

const SHAPE = '23514';
const bad: Bad[] = [
  // wrong types: PostgREST reads the body with json_to_record, so a non-string becomes its JSON text
  ['signature is a number', obj(5), 400, SHAPE, 'signature is not a JSON list of strokes'],
  ['signature is a boolean', obj(true), 400, SHAPE, 'signature is not a JSON list of strokes'],
  ['signature is an object', obj({ a: 1 }), 400, SHAPE, 'signature is not a JSON list of strokes'],
  ['signature is null', obj(null), 400, '23502', 'violates not-null constraint'],
  ['signature is missing', json({ caption: 'hi' }), 400, '23502', 'violates not-null constraint'],
  ['signature is not JSON', obj('scribble'), 400, SHAPE, 'signature is not a JSON list of strokes'],
  ['NaN as a bare word', obj('[[[NaN,1],[2,3]]]'), 400, SHAPE, 'not a JSON list of strokes'],
  ['NaN as a string', obj('[[["NaN",1],[2,3]]]'), 400, SHAPE, 'not a JSON list of strokes'],
  ['Infinity as a string', obj('[[[1,2],["Infinity",3]]]'), 400, SHAPE, 'not a JSON list'],
  ['a huge number (1e400)', obj('[[[1,2],[1e400,3]]]'), 400, SHAPE, 'an exponent of more than 2'],
  ['a point of three numbers', obj('[[[1,2,3],[4,5,6]]]'), 400, SHAPE, 'point 1 of stroke 1'],
  ['a point as an object', obj('[[{"x":1,"y":2},{"x":3,"y":4}]]'), 400, SHAPE, 'not a JSON'],
  ['nested garbage', obj('[[[[1,2]],[3,4]]]'), 400, SHAPE, 'nests lists more than 3 deep'],
  ['a stroke that is a number', obj('[[[1,2],[3,4]],5]'), 400, SHAPE, 'stroke 2 is not a list'],
  ['no strokes', obj('[]'), 400, SHAPE, 'signature has no strokes'],
  ['an empty stroke', obj('[[]]'), 400, SHAPE, 'stroke 1 has fewer than 2 points'],
  ['a one-point stroke', obj('[[[1,2],[3,4]],[[5,6]]]'), 400, SHAPE, 'stroke 2 has fewer than 2'],
  ['a negative coordinate', obj('[[[-1,5],[2,3]]]'), 400, SHAPE, 'point 1 of stroke 1 is outside'],
  ['beyond the wall', obj('[[[1,5],[3200.5,3]]]'), 400, SHAPE, 'outside the wall (0..3200)'],
  ['far beyond the wall', obj('[[[1,5],[1e99,3]]]'), 400, SHAPE, 'outside the wall'],
  ['the legacy flat stroke', obj('[[1,2],[3,4]]'), 400, SHAPE, 'legacy format'],
  [
    '65 strokes',
    obj(json(Array.from({ length: 65 }, (_, i) => stroke(2, 10 + i * 40)))),
    400,
    SHAPE,
    'too many strokes (65 > 64)',
  ],
  [
    `${MAX_POINTS + 1} points`,
    obj(json([stroke(MAX_POINTS / 2), stroke(MAX_POINTS / 2 + 1, 100, 200)])),
    400,
    SHAPE,
    `too many points (${MAX_POINTS + 1} > ${MAX_POINTS})`,
  ],
  [
    'one pixel wider than 800',
    obj('[[[100,100],[901,100]]]'),
    400,
    SHAPE,
    'signature is larger than 800 × 600 (its points span 801 × 0)',
  ],
  [
    'a tenth higher than 600, across strokes',
    obj('[[[100,100],[110,110]],[[100,700.1],[101,700]]]'),
    400,
    SHAPE,
    'signature is larger than 800 × 600 (its points span 10 × 600.1)',
  ],
  [
    'a 201-character caption',
    obj(json([stroke(2)]), { caption: 'x'.repeat(201) }),
    400,
    SHAPE,
    'caption is longer than 200 characters',
  ],
  [
    '201 emoji (402 UTF-16 units)',
    obj(json([stroke(2)]), { caption: '🖊'.repeat(201) }),
    400,
    SHAPE,
    'caption is longer than 200 characters',
  ],
  // the request itself
  ['an extra column', obj(json([stroke(2)]), { color: 'red' }), 400, 'PGRST204', "'color' column"],
  ['choosing the id', obj(json([stroke(2)]), { id: 99 }), 401, '42501', 'permission denied'],
  ['setting the outline', obj(json([stroke(2)]), { outline: '(1,1),(2,2)' }), 401, '42501', ''],
  ['truncated JSON', '{"signature":"[[[1,2],[3,4]]]"', 400, 'PGRST102', 'Empty or invalid json'],
  ['an empty body', '', 400, 'PGRST102', 'Empty or invalid json'],
  [
    'a body over 512 KiB',
    obj(json([stroke(2)]), { caption: 'x'.repeat(MAX_BODY_BYTES) }),
    413,
    'PGRST413',
    'larger than',
  ],
];

describe.each(backends)('wall rules through the API on $name', (backend) => {
  const ctx = useServer(backend);
  let before: StoredRow[];
  let anchor: number;

  beforeAll(async () => {
    // Outline (990,990)-(1110,1060): the signature the overlap cases run into.
    const { data, error } = await ctx.server.client
      .from('signatures')
      .insert({ signature: '[[[1000,1000],[1100,1050]]]', caption: 'anchor' })
      .select('*')
      .single();
    expect(error).toBeNull();
    anchor = (data as { id: number }).id;
    before = await tableRows(ctx.server);
  });

  function expectRefusal(answer: Answer, status: number, code: string, message: string | RegExp) {
    expect(answer.status).toBe(status);
    const body = answer.body as ErrorBody;
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe(code);
    if (typeof message === 'string') expect(body.message).toContain(message);
    else expect(body.message).toMatch(message);
  }

  it.each(bad)('raw: %s → %i %s', async (_name, body, status, code, message) => {
    expectRefusal(await postRaw(ctx.server, body), status, code, message);
    expect(await tableRows(ctx.server)).toEqual(before);
  });

  // supabase-js can send every case whose body is one JSON object (it serialises the record itself).
  const viaClient = bad.filter(([, body]) => asRecord(body) !== null);

  it.each(viaClient)('supabase-js: %s → %i %s', async (_name, body, status, code, message) => {
    const { status: got, error } = await ctx.server.client
      .from('signatures')
      .insert(asRecord(body)!)
      .select('*');
    expectRefusal({ status: got, body: error }, status, code, message);
    expect(await tableRows(ctx.server)).toEqual(before);
  });

  it('refuses a wrong content type with 415 and writes nothing', async () => {
    const answer = await postRaw(ctx.server, obj(json([stroke(2)])), 'text/plain');
    expectRefusal(answer, 415, 'PGRST107', 'text/plain');
    expect(await tableRows(ctx.server)).toEqual(before);
  });

  it('explains a refusal: message, hint, and the exact place', async () => {
    const { error, status } = await ctx.server.client
      .from('signatures')
      .insert({ signature: '[[[1,2],[3,4]],[[5,6],[7,8],[9,3201]]]' })
      .select('*');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '23514',
      message: 'point 3 of stroke 2 is outside the wall (0..3200)',
      hint: expect.stringContaining('0 <= x, y <= 3200'),
    });
  });

  const overlaps: Array<[string, string]> = [
    ['a point inside', '[[[1050,1020],[1060,1030]]]'],
    ['a segment crossing with both ends outside', '[[[900,1020],[1200,1020]]]'],
    ['a point on the edge', '[[[1110,1020],[1200,1020]]]'],
    ['a segment touching the corner', '[[[1100,1070],[1120,1050]]]'],
    ['a second stroke crossing', '[[[1400,1000],[1410,1010]],[[1050,900],[1050,1100]]]'],
  ];

  it.each(overlaps)('refuses %s with 409 naming the signature', async (_name, signature) => {
    const { status, error } = await ctx.server.client
      .from('signatures')
      .insert({ signature })
      .select('*');
    expect(status).toBe(409);
    expect(error).toMatchObject({
      code: 'PT409',
      message: `signature overlaps signature #${anchor}`,
      hint: expect.stringContaining('outline'),
    });
    const raw = await postRaw(ctx.server, obj(signature));
    expect(raw.status).toBe(409);
    expect((raw.body as ErrorBody).message).toBe(`signature overlaps signature #${anchor}`);
    expect(await tableRows(ctx.server)).toEqual(before);
  });

  describe('accepted', () => {
    it('stores a signature just beside the outline, trimming its caption', async () => {
      const { status, data } = await ctx.server.client
        .from('signatures')
        .insert({ signature: '[[[1111,1020],[1200,1020]]]', caption: '  beside  ' })
        .select('*');
      expect(status).toBe(201);
      expect(data).toMatchObject([{ signature: '[[[1111,1020],[1200,1020]]]', caption: 'beside' }]);
    });

    it('stores a whitespace-only caption as null', async () => {
      const { data } = await ctx.server.client
        .from('signatures')
        .insert({ signature: '[[[1500,1500],[1510,1510]]]', caption: ' \t\n\u00a0\u3000 ' })
        .select('*')
        .single();
      expect(data).toMatchObject({ caption: null });
    });

    it('stores a caption of exactly 200 characters (emoji count as one)', async () => {
      const caption = '🖊'.repeat(200);
      // 800 bytes of caption: a stroke 100 px long holds them (the weight rule).
      const { data } = await ctx.server.client
        .from('signatures')
        .insert({ signature: '[[[1600,1600],[1700,1600]]]', caption: ` ${caption} ` })
        .select('*')
        .single();
      expect(data).toMatchObject({ caption });
    });

    it(`stores 64 strokes and ${MAX_POINTS} points spanning exactly 800 × 600, up to the far edges`, async () => {
      // Two strokes on the extent's corners (one on the wall's far corner), 61 short ones and one
      // long one inside: 64 strokes, MAX_POINTS points, points spanning 2400..3200 × 2600..3200.
      const strokes = [
        [
          [3200, 3200],
          [3200, 3190],
        ],
        [
          [2400, 2600],
          [2410, 2600],
        ],
        ...Array.from({ length: 61 }, (_, i) => stroke(2, 2500 + i * 10, 2700)),
        // Rows 11 px apart: spread out enough for the weight rule.
        Array.from({ length: MAX_POINTS - 63 * 2 }, (_, i) => [
          2500 + (i % 600),
          2800 + Math.floor(i / 600) * 11,
        ]),
      ];
      const { status, error } = await ctx.server.client
        .from('signatures')
        .insert({ signature: JSON.stringify(strokes) })
        .select('*');
      expect(error).toBeNull();
      expect(status).toBe(201);
    });
  });
});
