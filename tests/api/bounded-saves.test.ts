/**
 * Bounded saves through the real server and supabase-js: the costliest saves answered quickly, each
 * followed by a read and a valid save that succeed; a signature padded with whitespace stored
 * compact; combining marks of any script capped. Times are printed, never asserted (the machine is
 * shared); tests/db/bounded-saves.test.ts times the same shapes at the SQL level.
 */
import { loadavg } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_BRACKETS, MAX_SIGNATURE_TEXT_BYTES } from '../../src/domain/new-signature.ts';
import { MAX_POINTS, MAX_STROKE_LENGTH } from '../../src/domain/rules.ts';
import {
  corridorField,
  corridorPathOfLength,
  dotSignature,
  zigzagDots,
  zigzagStroke,
} from '../db/support/worst-shapes.ts';
import { backends, signatureAt, useServer } from './harness.ts';
import { tableRows } from './rules-helpers.ts';

const SHAPE = '23514';

describe.each(backends)('bounded saves through the API on $name', (backend) => {
  const ctx = useServer(backend);
  const field = corridorField([100, 100]);
  const dots = zigzagDots();
  let spot = 0;

  beforeAll(async () => {
    // ~800 dots in the zigzag's box and ~830 in the corridors, added by the owner.
    const texts = [...dots, ...field.dots].map(dotSignature);
    for (let i = 0; i < texts.length; i += 200) {
      await ctx.server.db.transaction((tx) =>
        tx.query('insert into public.signatures (signature) select unnest($1::text[])', [
          texts.slice(i, i + 200),
        ]),
      );
    }
  }, 120_000);

  /** One save through supabase-js, timed end to end. */
  async function save(signature: string, caption: string | null = null) {
    const started = performance.now();
    const answer = await ctx.server.client
      .from('signatures')
      .insert({ signature, caption })
      .select('*')
      .single();
    return { ...answer, ms: performance.now() - started };
  }

  /** A read and a valid save from the same client still succeed (both timed). */
  async function expectAlive(label: string) {
    const started = performance.now();
    const read = await ctx.server.client.from('signatures').select('id').limit(1000);
    const readMs = performance.now() - started;
    expect(read.error).toBeNull();
    expect(read.data!.length).toBeGreaterThan(0);
    const valid = await save(signatureAt(spot++, { left: 20, top: 1500 }));
    expect(valid.error).toBeNull();
    expect(valid.status).toBe(201);
    console.log(
      `${backend.name}: after ${label}: read ${readMs.toFixed(0)} ms, valid save ${valid.ms.toFixed(0)} ms`,
    );
  }

  // As /work/shared/hooks/before-stop sends it: bouncing between the box's corners, then onto a dot.
  const tooLong = new RegExp(
    `^strokes are too long \\(\\d+(\\.\\d)? px in all > ${MAX_STROKE_LENGTH}\\)$`,
  );
  it.each([
    [1000, tooLong],
    [3000, tooLong],
    [10_000, `signature has too many lists (10002 "[" > ${MAX_OPEN_BRACKETS})`],
  ])('answers the %i-point zigzag through ~800 dots with a quick 400', async (points, message) => {
    const answer = await save(zigzagStroke(points, dots[0]));
    console.log(
      `${backend.name}: the ${points}-point zigzag → ${answer.status} in ${answer.ms.toFixed(0)} ms ` +
        `(load ${loadavg()[0]!.toFixed(2)})`,
    );
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: SHAPE });
    expect(answer.error!.message).toMatch(message);
    await expectAlive(`the ${points}-point zigzag`);
  });

  it('decides the worst shapes within the limits: the zigzag and the corridors', async () => {
    const cases: Array<[string, string, number]> = [
      ['the zigzag at the length limit, ending on a dot', zigzagStroke(21, dots[0]), 409],
      [
        `${MAX_POINTS} points weaving through ${MAX_STROKE_LENGTH} px of corridors`,
        corridorPathOfLength(field, { points: MAX_POINTS, length: MAX_STROKE_LENGTH }),
        201,
      ],
    ];
    for (const [name, signature, status] of cases) {
      const answer = await save(signature);
      console.log(
        `${backend.name}: ${name} → ${answer.status} in ${answer.ms.toFixed(0)} ms ` +
          `(load ${loadavg()[0]!.toFixed(2)})`,
      );
      expect(answer.status).toBe(status);
      await expectAlive(name);
    }
  }, 60_000);

  it('stores a signature padded with whitespace compact and its numbers canonical', async () => {
    const sent = '[ [ [2000.50, 2000],\n\t[2020, 2020.0] ] ]'.padEnd(MAX_SIGNATURE_TEXT_BYTES, ' ');
    const answer = await save(sent);
    expect(answer.status).toBe(201);
    const compact = '[[[2000.5,2000],[2020,2020]]]';
    expect(answer.data).toMatchObject({ signature: compact });
    const stored = (await tableRows(ctx.server)).find((row) => row.id === Number(answer.data!.id));
    expect(stored).toMatchObject({ signature: compact });
    // Every visitor's read carries the compact text.
    const read = await ctx.server.client
      .from('signatures')
      .select('signature')
      .eq('id', answer.data!.id)
      .single();
    expect(read.data).toEqual({ signature: compact });
    await expectAlive('the padded signature');
  });

  it.each([
    ['Thai', '\u0e01' + '\u0e31\u0e34'.repeat(99) + '\u0e31', '\u0e01\u0e31\u0e34\u0e31'],
    ['Devanagari', 'sign \u0915' + '\u0951'.repeat(199), 'sign \u0915\u0951\u0951\u0951'],
  ])('caps a caption of 199 %s combining marks at 3', async (_script, caption, stored) => {
    const answer = await save(signatureAt(spot++, { left: 20, top: 1500 }), caption);
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({ caption: stored });
  });
});
