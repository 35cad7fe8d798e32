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
 * The signatures again. Each one's strokes are read from the flat arrays on first use (painting,
 * the export), once: a page of the wall arrives without building its points.
 */
export function unpackSignatures(packed: PackedSignatures): Signature[] {
  const { ids, outlines, strokeCounts, pointCounts, coords, captions, createdAts } = packed;
  const out: Signature[] = [];
  let stroke = 0;
  let coord = 0;
  for (let i = 0; i < ids.length; i++) {
    const firstStroke = stroke;
    const firstCoord = coord;
    const count = strokeCounts[i]!;
    for (let k = 0; k < count; k++) coord += pointCounts[stroke++]! * 2;
    let strokes: Stroke[] | null = null;
    const outline: Rect = {
      x: outlines[i * 4]!,
      y: outlines[i * 4 + 1]!,
      width: outlines[i * 4 + 2]!,
      height: outlines[i * 4 + 3]!,
    };
    out.push({
      id: ids[i]!,
      caption: captions[i] ?? null,
      createdAt: createdAts[i]!,
      outline,
      get strokes() {
        strokes ??= strokesAt(pointCounts, coords, firstStroke, count, firstCoord);
        return strokes;
      },
    });
  }
  return out;
}

function strokesAt(
  pointCounts: Uint32Array,
  coords: Float64Array,
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
