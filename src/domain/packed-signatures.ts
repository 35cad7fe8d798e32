/**
 * Signatures as a handful of flat arrays: what the wall's worker hands the page. Its
 * typed arrays are transferred, not copied, so the page receives a page of the wall without parsing
 * or cloning a single point; a signature's strokes are built from them only when it is painted.
 */
import type { Point, Rect, Stroke } from './geometry.ts';
import type { Signature } from './signature.ts';

export interface PackedSignatures {
  readonly ids: Float64Array;
  /** x, y, width, height per signature. */
  readonly outlines: Float64Array;
  /** Strokes per signature. */
  readonly strokeCounts: Uint32Array;
  /** Points per stroke, every signature's strokes in turn. */
  readonly pointCounts: Uint32Array;
  /** x, y per point, every stroke's points in turn. */
  readonly coords: Float64Array;
  readonly captions: ReadonlyArray<string | null>;
  readonly createdAts: readonly string[];
}

export function packSignatures(signatures: readonly Signature[]): PackedSignatures {
  let strokes = 0;
  let points = 0;
  for (const s of signatures) {
    strokes += s.strokes.length;
    for (const stroke of s.strokes) points += stroke.length;
  }
  const packed = {
    ids: new Float64Array(signatures.length),
    outlines: new Float64Array(signatures.length * 4),
    strokeCounts: new Uint32Array(signatures.length),
    pointCounts: new Uint32Array(strokes),
    coords: new Float64Array(points * 2),
    captions: signatures.map((s) => s.caption),
    createdAts: signatures.map((s) => s.createdAt),
  };
  let stroke = 0;
  let coord = 0;
  signatures.forEach((s, i) => {
    packed.ids[i] = s.id;
    packed.outlines.set([s.outline.x, s.outline.y, s.outline.width, s.outline.height], i * 4);
    packed.strokeCounts[i] = s.strokes.length;
    for (const points of s.strokes) {
      packed.pointCounts[stroke++] = points.length;
      for (const p of points) {
        packed.coords[coord++] = p[0];
        packed.coords[coord++] = p[1];
      }
    }
  });
  return packed;
}

/** The buffers to transfer with a postMessage of `packed`. */
export function transferablesOf(packed: PackedSignatures): ArrayBuffer[] {
  return [packed.ids, packed.outlines, packed.strokeCounts, packed.pointCounts, packed.coords].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/**
 * One signature of a packed page. A class, so that a wall of them shares one shape: V8 keeps an
 * object literal with a getter of its own in dictionary mode, which made a heavy wall's every
 * later pass (merging, indexing, painting) several times slower. Its strokes are read from the
 * flat arrays on first use (painting, the export), once.
 */
class PackedSignature implements Signature {
  readonly id: number;
  readonly caption: string | null;
  readonly createdAt: string;
  readonly outline: Rect;
  readonly #packed: PackedSignatures;
  readonly #firstStroke: number;
  readonly #strokeCount: number;
  readonly #firstCoord: number;
  #strokes: Stroke[] | null = null;

  constructor(packed: PackedSignatures, i: number, firstStroke: number, firstCoord: number) {
    const { outlines } = packed;
    this.id = packed.ids[i]!;
    this.caption = packed.captions[i] ?? null;
    this.createdAt = packed.createdAts[i]!;
    this.outline = {
      x: outlines[i * 4]!,
      y: outlines[i * 4 + 1]!,
      width: outlines[i * 4 + 2]!,
      height: outlines[i * 4 + 3]!,
    };
    this.#packed = packed;
    this.#firstStroke = firstStroke;
    this.#strokeCount = packed.strokeCounts[i]!;
    this.#firstCoord = firstCoord;
  }

  get strokes(): Stroke[] {
    this.#strokes ??= strokesAt(
      this.#packed,
      this.#firstStroke,
      this.#strokeCount,
      this.#firstCoord,
    );
    return this.#strokes;
  }
}

/** The signatures again, without building a point: see PackedSignature. */
export function unpackSignatures(packed: PackedSignatures): Signature[] {
  const { ids, strokeCounts, pointCounts } = packed;
  const out: Signature[] = new Array(ids.length);
  let stroke = 0;
  let coord = 0;
  for (let i = 0; i < ids.length; i++) {
    out[i] = new PackedSignature(packed, i, stroke, coord);
    for (let k = strokeCounts[i]!; k > 0; k--) coord += pointCounts[stroke++]! * 2;
  }
  return out;
}

function strokesAt(
  { pointCounts, coords }: PackedSignatures,
  firstStroke: number,
  count: number,
  firstCoord: number,
): Stroke[] {
  const strokes: Stroke[] = [];
  let c = firstCoord;
  for (let k = 0; k < count; k++) {
    const points: Point[] = [];
    for (let n = pointCounts[firstStroke + k]!; n > 0; n--, c += 2)
      points.push([coords[c]!, coords[c + 1]!]);
    strokes.push(points);
  }
  return strokes;
}
