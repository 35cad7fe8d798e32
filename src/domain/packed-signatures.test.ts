import { describe, expect, it } from 'vitest';
import { packSignatures, transferablesOf, unpackSignatures } from './packed-signatures.ts';
import { signatureFields } from '../../tests/support/signature-fields.ts';
import { signaturesFromRows } from './signature.ts';

const rows = [
  {
    id: 7,
    signature: '[[[1,2],[3.5,4.25]],[[10,10],[11,12],[13,9.1]]]',
    caption: 'Ana',
    created_at: '2026-11-22T00:00:00+00:00',
  },
  // legacy: one flat list of points, read as one stroke
  {
    id: 9,
    signature: '[[100,200],[101.3,202.7]]',
    caption: null,
    created_at: '2026-11-22T00:00:01+00:00',
  },
  {
    id: 2 ** 40,
    signature: '[[[3199.9,0.1],[0,3200]]]',
    caption: '',
    created_at: '2026-11-22T00:00:02+00:00',
  },
];

describe('packed signatures', () => {
  const signatures = signaturesFromRows(rows, () => undefined);

  it('unpacks to the signatures that were packed: ids, strokes, outlines, captions and times', () => {
    const unpacked = unpackSignatures(packSignatures(signatures));
    expect(unpacked.map(signatureFields)).toEqual(signatures.map(signatureFields));
  });

  it("builds a signature's strokes once, on first use", () => {
    const [first] = unpackSignatures(packSignatures(signatures));
    expect(first!.strokes).toBe(first!.strokes);
  });

  it("survives a structured clone with its buffers transferred (a worker's postMessage)", () => {
    const packed = packSignatures(signatures);
    const clone = structuredClone(packed, { transfer: transferablesOf(packed) });
    expect(packed.coords.byteLength).toBe(0);
    expect(unpackSignatures(clone).map(signatureFields)).toEqual(signatures.map(signatureFields));
  });

  it('packs an empty page', () => {
    expect(unpackSignatures(packSignatures([]))).toEqual([]);
  });
});
