import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AnswerBudget, PACE_BYTES, pacedBody } from './answer-budget.ts';

type FakeSocket = Socket & { name: string; cutAt?: number };

/** A stand-in socket that records being destroyed, and in which order. */
function socket(name: string): FakeSocket {
  const fake = { name, destroyed: false } as { name: string; destroyed: boolean; cutAt?: number };
  return Object.assign(fake, {
    destroy() {
      fake.destroyed = true;
      fake.cutAt = cuts++;
    },
  }) as unknown as FakeSocket;
}
let cuts = 0;

describe('AnswerBudget', () => {
  it('counts answers until released, each release once', () => {
    const budget = new AnswerBudget(100);
    const a = budget.admit(socket('a'), 60, false)!;
    const b = budget.admit(socket('b'), 40, false)!;
    expect(budget.stats).toMatchObject({ held: 100, peak: 100, sockets: 2 });
    a.release();
    a.release();
    expect(budget.stats).toMatchObject({ held: 40, peak: 100, sockets: 1 });
    b.release();
    expect(budget.stats).toMatchObject({ held: 0, sockets: 0, cut: 0, refused: 0 });
  });

  it('past its max, cuts the sockets stalled longest first, only as many as it needs', () => {
    let clock = 0;
    const budget = new AnswerBudget(100, 1000, () => clock);
    const [a, b, c] = [socket('a'), socket('b'), socket('c')];
    budget.admit(a, 40, false);
    const holdB = budget.admit(b, 40, false)!;
    const holdC = budget.admit(c, 20, false)!;
    clock = 500;
    holdC.progress();
    clock = 700;
    holdB.progress(); // stalled since: a 0, c 500, b 700
    clock = 1600; // a and c stalled a second or more, b not yet
    expect(budget.admit(socket('d'), 30, false)).toBeDefined();
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([true, false, false]);
    expect(budget.stats).toMatchObject({ held: 90, cut: 1 });
    // Needing 60 more a second later: c (stalled longer) goes, then b.
    clock = 2000;
    expect(budget.admit(socket('e'), 60, false)).toBeDefined();
    expect(c.cutAt).toBeLessThan(b.cutAt!);
    expect(budget.stats).toMatchObject({ held: 90, cut: 3 });
    // A cut socket's answer is counted out once, when it is cut.
    holdB.release();
    expect(budget.stats.held).toBe(90);
  });

  it('never cuts a socket still reading, nor the one asking: refuses, or sends a small answer anyway', () => {
    const budget = new AnswerBudget(100, 60_000);
    const reader = socket('reader');
    budget.admit(reader, 90, false);
    const asking = socket('asking');
    budget.admit(asking, 10, false);
    expect(budget.admit(asking, 50, false)).toBeUndefined();
    expect(budget.stats).toMatchObject({ held: 100, refused: 1, cut: 0 });
    const small = budget.admit(socket('small'), 5, true);
    expect(small).toBeDefined();
    expect(budget.stats.held).toBe(105);
    expect(reader.destroyed || asking.destroyed).toBe(false);
  });

  it('lets one answer through when it holds nothing, however large', () => {
    const budget = new AnswerBudget(100);
    expect(budget.admit(socket('a'), 500, false)).toBeDefined();
    expect(budget.admit(socket('b'), 1, false)).toBeUndefined();
  });
});

describe('pacedBody', () => {
  it('encodes a string slice by slice, never splitting a surrogate pair', async () => {
    // An emoji is two UTF-16 units: at an odd offset, a slice would end on the first half.
    const body = 'a' + '😀é'.repeat(PACE_BYTES);
    const chunks: Buffer[] = [];
    for await (const chunk of pacedBody(body, () => {})) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.toString()).not.toContain('\uFFFD');
    expect(Buffer.concat(chunks).toString()).toBe(body);
  });

  it('gives the whole body in slices, one progress per slice', async () => {
    const body = Buffer.from('x'.repeat(PACE_BYTES * 3 + 5));
    let slices = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of pacedBody(body, () => slices++)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    expect(chunks).toHaveLength(4);
    expect(slices).toBe(4);
  });
});
