import { describe, expect, it } from 'vitest';
import { signatureFields } from '../../tests/support/signature-fields.ts';
import { packRows } from './packed-rows.ts';
import { unpackSignatures } from './packed-signatures.ts';
import { signaturesFromRows, type SignatureRow } from './signature.ts';
import { simplifyStrokes } from './simplify.ts';

/** What packRows must answer: the app's own parser, then the save-time simplification. */
function expected(rows: readonly SignatureRow[]) {
  const skipped: number[] = [];
  const signatures = signaturesFromRows(rows, (row) => skipped.push(row.id)).map((s) => ({
    ...s,
    strokes: simplifyStrokes(s.strokes),
  }));
  return { signatures, skipped };
}

function packed(rows: readonly SignatureRow[]) {
  const skipped: number[] = [];
  const signatures = unpackSignatures(packRows(rows, (row) => skipped.push(row.id)));
  return { signatures: signatures.map(signatureFields), skipped };
}

const row = (id: number, signature: unknown, caption: string | null = null): SignatureRow => ({
  id,
  signature: signature as string,
  caption,
  created_at: `2026-11-27T00:00:${String(id % 60).padStart(2, '0')}+00:00`,
});

/** A seeded pen path: what the old app stored, every sampled point to a tenth of a pixel. */
function penStroke(seed: number, points: number): number[][] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let x = 100 + random() * 3000;
  let y = 100 + random() * 3000;
  let heading = random() * 6.28;
  const out: number[][] = [];
  for (let i = 0; i < points; i++) {
    heading += (random() - 0.5) * 0.6;
    x += Math.cos(heading) * (0.5 + random());
    y += Math.sin(heading) * (0.5 + random());
    out.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  }
  return out;
}

describe('packRows: rows read straight into packed signatures', () => {
  it('reads legacy rows (every sampled point) as the app parses them, then simplified', () => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      row(
        i + 1,
        JSON.stringify(Array.from({ length: 1 + (i % 4) }, (_, k) => penStroke(i * 7 + k, 200))),
        i % 2 ? `caption ${i}` : null,
      ),
    );
    const result = packed(rows);
    expect(result).toEqual(expected(rows));
    // The point of it: far fewer points to draw than were stored.
    const stored = rows.reduce((n, r) => n + JSON.parse(r.signature).flat().length, 0);
    const drawn = result.signatures.reduce((n, s) => n + s.strokes.flat().length, 0);
    expect(drawn).toBeLessThan(stored / 3);
  });

  it('keeps the outline of the points as stored, not of the simplified ones', () => {
    const stroke = penStroke(3, 300);
    const [signature] = packed([row(1, JSON.stringify([stroke]))]).signatures;
    const xs = stroke.map((p) => p[0]!);
    expect(signature!.outline.x).toBe(Math.min(...xs) - 10);
    expect(signature!.outline.width).toBe(Math.max(...xs) - Math.min(...xs) + 20);
  });

  it('reads every shape the app reads, and skips every row it skips, in order', () => {
    const rows = [
      row(1, '[[[1,2],[3.5,4.25]],[[10,10],[11,12],[13,9.1]]]', 'Ana'),
      row(2, '[[100,200],[101.3,202.7]]'), // legacy: one flat list of points
      row(3, '[[[3199.9,0.1],[0,3200]]]', ''),
      row(4, '[[[1,2]]]'), // one stroke of one point
      row(5, '[[1,2]]'), // a legacy list of one point
      row(6, '[[[-0,-0.5],[0.25,-1]]]'),
      row(7, '[[[1e1,2E-1],[3,4]]]'), // exponents: JSON.parse's
      row(8, '[ [ [1, 2], [3, 4] ] ]'), // whitespace: JSON.parse's
      row(9, '[[[0.1000000000000000055511151231257827,2],[3,4]]]'), // long: JSON.parse's
      row(10, '[[[123456789012345.6,2],[3,4]]]'), // 16 digits
      row(11, '[[[01,2],[3,4]]]'), // not JSON
      row(12, '[[[1,2],[3,4]],[]]'), // an empty stroke
      row(13, '[[[1,2],[3,4]],[5,6]]'), // strokes and a point mixed
      row(14, '[]'),
      row(15, '[[[1,2,3]]]'),
      row(16, '[[["1",2]]]'),
      row(17, 'data:image/png;base64,AAAA'),
      row(18, '[[[1,2]]'),
      row(19, '[[[1,2]]]]'),
      row(20, null),
      row(21, '[[[1.,2]]]'),
      row(22, '[[[-,2]]]'),
      row(23, '[[[1,2]],[[3,4],[5,6]]]'),
      row(24, '{"strokes":[]}'),
      row(25, '[[[1,2],[3,4]]]x'),
    ];
    const result = packed(rows);
    expect(result).toEqual(expected(rows));
    expect(result.skipped).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25]);
  });

  it('reads numbers to the same doubles as JSON.parse', () => {
    const values = ['0', '-0', '0.1', '0.3', '1.1', '2.675', '1234.5678', '3199.99', '0.0001'];
    for (const text of values) {
      const [signature] = packed([row(1, `[[[${text},${text}],[5,5]]]`)]).signatures;
      expect(Object.is(signature!.strokes[0]![0]![0], JSON.parse(text))).toBe(true);
    }
  });

  it('packs an empty page', () => {
    expect(packed([])).toEqual({ signatures: [], skipped: [] });
  });
});
