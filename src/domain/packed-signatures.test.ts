import { describe, expect, it, vi } from 'vitest';
import {
  packSignatures,
  traceSignatureStrokes,
  transferablesOf,
  unpackSignatures,
  type PathSink,
} from './packed-signatures.ts';
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

  /** A sink that writes down every call. */
  const recorder = () => {
    const calls: string[] = [];
    const sink: PathSink = {
      moveTo: (x, y) => calls.push(`M${x},${y}`),
      lineTo: (x, y) => calls.push(`L${x},${y}`),
    };
    return { calls, sink };
  };

  it('traces a packed signature as its strokes trace, one-point strokes skipped', () => {
    const plain = signaturesFromRows(
      [{ ...rows[0]!, signature: '[[[1,2],[3.5,4.25]],[[7,7]],[[10,10],[11,12],[13,9.1]]]' }],
      () => undefined,
    );
    const [packed] = unpackSignatures(packSignatures(plain));
    const a = recorder();
    const b = recorder();
    traceSignatureStrokes(a.sink, plain[0]!);
    traceSignatureStrokes(b.sink, packed!);
    expect(b.calls).toEqual(a.calls);
    expect(a.calls).toEqual(['M1,2', 'L3.5,4.25', 'M10,10', 'L11,12', 'L13,9.1']);
  });

  it('traces and packs packed signatures without building their points', () => {
    const unpacked = unpackSignatures(packSignatures(signatures));
    const built = vi.spyOn(Object.getPrototypeOf(unpacked[0]), 'strokes', 'get');
    for (const signature of unpacked) traceSignatureStrokes(recorder().sink, signature);
    // Packed again (the first screen's signatures go to its painter so), a page of several.
    const again = packSignatures(unpacked.slice(1));
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    expect(unpackSignatures(again).map(signatureFields)).toEqual(
      signatures.slice(1).map(signatureFields),
    );
  });

  it('packs an empty page', () => {
    expect(unpackSignatures(packSignatures([]))).toEqual([]);
  });
});
