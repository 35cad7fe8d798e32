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

/** Where strokes are traced: a canvas's 2D context is one. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * Traces a signature's strokes into `sink`. A one-point stroke is skipped: it draws nothing, as
 * Konva.Line (which drew the wall before) draws nothing for it. A packed signature is traced from
 * its flat arrays, so painting never builds its points: built, a heavy wall's points held ~40 MB
 * once every signature had been painted.
 */
export function traceSignatureStrokes(sink: PathSink, signature: Signature): void {
  if (signature instanceof PackedSignature) return signature.traceInto(sink);
  for (const stroke of signature.strokes) {
    const first = stroke[0];
    if (!first || stroke.length < 2) continue;
    sink.moveTo(first[0], first[1]);
    for (let i = 1; i < stroke.length; i++) sink.lineTo(stroke[i]![0], stroke[i]![1]);
  }
}

/** A signature's strokes as flat arrays: points per stroke, then x, y per point. */
interface FlatStrokes {
  readonly pointCounts: ArrayLike<number>;
  readonly coords: ArrayLike<number>;
}

function flatStrokesOf(signature: Signature): FlatStrokes {
  if (signature instanceof PackedSignature) return signature.flatStrokes();
  const pointCounts = signature.strokes.map((stroke) => stroke.length);
  const coords: number[] = [];
  for (const stroke of signature.strokes) for (const [x, y] of stroke) coords.push(x, y);
  return { pointCounts, coords };
}

/** Packs signatures; packed ones are copied from their flat arrays without building a point. */
export function packSignatures(signatures: readonly Signature[]): PackedSignatures {
  const flat = signatures.map(flatStrokesOf);
  let strokes = 0;
  let points = 0;
  for (const f of flat) {
    strokes += f.pointCounts.length;
    points += f.coords.length / 2;
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
    const { pointCounts, coords } = flat[i]!;
    packed.strokeCounts[i] = pointCounts.length;
    packed.pointCounts.set(pointCounts, stroke);
    packed.coords.set(coords, coord);
    stroke += pointCounts.length;
    coord += coords.length;
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
 * later pass (merging, indexing, painting) several times slower. Painting and packing read the
 * flat arrays; its strokes as points are built only for whoever asks for them, once.
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

  /** The points per stroke and the coordinates: views of the packed arrays, nothing copied. */
  flatStrokes(): FlatStrokes {
    const { pointCounts, coords } = this.#packed;
    const end = this.#firstStroke + this.#strokeCount;
    let coordEnd = this.#firstCoord;
    for (let k = this.#firstStroke; k < end; k++) coordEnd += pointCounts[k]! * 2;
    return {
      pointCounts: pointCounts.subarray(this.#firstStroke, end),
      coords: coords.subarray(this.#firstCoord, coordEnd),
    };
  }

  traceInto(sink: PathSink): void {
    const { pointCounts, coords } = this.#packed;
    const end = this.#firstStroke + this.#strokeCount;
    let c = this.#firstCoord;
    for (let k = this.#firstStroke; k < end; k++) {
      const n = pointCounts[k]!;
      if (n >= 2) {
        sink.moveTo(coords[c]!, coords[c + 1]!);
        for (let i = 1; i < n; i++) sink.lineTo(coords[c + 2 * i]!, coords[c + 2 * i + 1]!);
      }
      c += n * 2;
    }
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
