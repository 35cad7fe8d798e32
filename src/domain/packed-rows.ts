/**
 * Rows of the wall read straight into packed signatures (packed-signatures.ts), each stroke drawn
 * as the app saves strokes now: simplified within SIMPLIFY_TOLERANCE (simplify.ts).
 *
 * Why not JSON.parse and then pack: a row as the old app stored it holds every sampled point
 * (~285 points, ~4 KB), and parsing it builds an array per point only to copy the numbers into
 * the packed arrays and drop the arrays again (in a 2000-row wall's trace, parsing and its garbage
 * were most of the reading worker's time). The scanner below reads the two shapes a row holds
 * (a list of strokes, or the legacy flat list of points) number by number into flat arrays; any
 * other text (whitespace, an exponent, a long number, a shape it does not know) is left to the
 * app's own parser, parseStrokes, so what is accepted, skipped and drawn never differs from it.
 *
 * Why simplify when drawing: those rows were saved before the app simplified at save time, and
 * drawing every sampled point costs the canvas a join per point, some 9 times the points of the
 * same stroke saved today, for no visible difference (strokes are 3 px wide, every point kept is
 * the signer's own, none of the dropped ones is further than half a wall pixel from the line).
 * The outline is the original points' (outlineOf), so what a signature claims on the wall is
 * exactly what it claimed before.
 */
import { OUTLINE_PADDING } from './rules.ts';
import type { PackedSignatures } from './packed-signatures.ts';
import { parseStrokes, type SignatureRow } from './signature.ts';
import { SIMPLIFY_TOLERANCE } from './simplify.ts';

/** Exact powers of ten: an integer of at most 15 digits divided by one is correctly rounded. */
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);
/** More digits than this and the integer might not be exact: left to JSON.parse. */
const MAX_DIGITS = 15;

const OPEN = 91; // [
const CLOSE = 93; // ]
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

/** A growable Float64Array / Uint32Array pair of scratch and output buffers. */
class Floats {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  /** A copy holding exactly the values pushed. */
  take(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

class Counts {
  data: Uint32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Uint32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  take(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Reads a row's text into `coords` (x, y per point) and `points` (points per stroke). False when
 * the text is not in one of the two compact shapes the scanner knows (the caller then asks
 * parseStrokes); the buffers are then left with partial content, which the caller resets.
 */
function scan(text: string, coords: Floats, points: Counts): boolean {
  const end = text.length;
  let at = 0;
  let value = 0;

  /** A JSON number without exponent and of at most 15 digits, into `value`; false otherwise. */
  const number = (): boolean => {
    let negative = false;
    if (text.charCodeAt(at) === MINUS) {
      negative = true;
      at++;
    }
    let mantissa = 0;
    let digits = 0;
    let c = text.charCodeAt(at);
    if (c < ZERO || c > NINE) return false;
    if (c === ZERO) {
      at++;
      c = text.charCodeAt(at);
      // JSON allows no leading zero: "01" is JSON.parse's to refuse.
      if (c >= ZERO && c <= NINE) return false;
    } else {
      while (c >= ZERO && c <= NINE) {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
        c = text.charCodeAt(++at);
      }
    }
    let decimals = 0;
    if (c === DOT) {
      c = text.charCodeAt(++at);
      if (c < ZERO || c > NINE) return false;
      while (c >= ZERO && c <= NINE) {
        mantissa = mantissa * 10 + (c - ZERO);
        digits++;
        decimals++;
        c = text.charCodeAt(++at);
      }
    }
    if (digits > MAX_DIGITS) return false;
    const magnitude = decimals === 0 ? mantissa : mantissa / POW10[decimals]!;
    value = negative ? -magnitude : magnitude;
    return true;
  };

  /** `[x,y]` at `at`, pushed onto coords. */
  const point = (): boolean => {
    if (text.charCodeAt(at) !== OPEN) return false;
    at++;
    if (!number()) return false;
    const x = value;
    if (text.charCodeAt(at) !== COMMA) return false;
    at++;
    if (!number()) return false;
    if (text.charCodeAt(at) !== CLOSE) return false;
    at++;
    coords.push(x);
    coords.push(value);
    return true;
  };

  /** `[point,point,…]` at `at`: one stroke, its count pushed onto points. */
  const stroke = (): boolean => {
    if (text.charCodeAt(at) !== OPEN) return false;
    at++;
    let count = 0;
    for (;;) {
      if (!point()) return false;
      count++;
      const c = text.charCodeAt(at++);
      if (c === CLOSE) break;
      if (c !== COMMA) return false;
    }
    points.push(count);
    return true;
  };

  if (text.charCodeAt(0) !== OPEN || text.charCodeAt(1) !== OPEN) return false;
  if (text.charCodeAt(2) === OPEN) {
    // A list of strokes.
    at = 1;
    for (;;) {
      if (!stroke()) return false;
      const c = text.charCodeAt(at++);
      if (c === CLOSE) break;
      if (c !== COMMA) return false;
    }
  } else if (!stroke()) {
    // Legacy: one flat list of points, one stroke.
    return false;
  }
  return at === end;
}

/** The strokes parseStrokes reads from `text`, into the buffers; false when it reads none. */
function parseInto(text: string, coords: Floats, points: Counts): boolean {
  const strokes = parseStrokes(text);
  if (!strokes) return false;
  for (const s of strokes) {
    for (const [x, y] of s) {
      coords.push(x);
      coords.push(y);
    }
    points.push(s.length);
  }
  return true;
}

/**
 * Distance from p to the segment a–b (indices into c), with simplify.ts's float operations in its
 * order, so that every comparison comes out as there.
 */
function distanceToSegment(c: Float64Array, p: number, a: number, b: number): number {
  const dx = c[b]! - c[a]!;
  const dy = c[b + 1]! - c[a + 1]!;
  const lengthSq = dx * dx + dy * dy;
  const t =
    lengthSq === 0
      ? 0
      : Math.max(0, Math.min(1, ((c[p]! - c[a]!) * dx + (c[p + 1]! - c[a + 1]!) * dy) / lengthSq));
  return Math.hypot(c[p]! - (c[a]! + t * dx), c[p + 1]! - (c[a + 1]! + t * dy));
}

/** Far below the cheap distance's rounding error, far above its relative size (1e-15). */
const NEAR = 1 - 1e-9;

/** Scratch space for simplification, grown as strokes need. */
let keep = new Uint8Array(1024);
let stack = new Int32Array(2048);

/**
 * The stroke of `count` points starting at point `first` of `c`, simplified as simplifyStroke
 * does (Ramer–Douglas–Peucker within SIMPLIFY_TOLERANCE, both ends kept, the same points kept),
 * pushed onto `out`; answers how many points were kept.
 */
function simplifyInto(c: Float64Array, first: number, count: number, out: Floats): number {
  if (count <= 2) {
    for (let i = 0; i < count * 2; i++) out.push(c[first * 2 + i]!);
    return count;
  }
  if (keep.length < count) keep = new Uint8Array(count * 2);
  if (stack.length < count * 2) stack = new Int32Array(count * 4);
  keep.fill(0, 0, count);
  keep[0] = 1;
  keep[count - 1] = 1;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = count - 1;
  while (top > 0) {
    const last = stack[--top]!;
    const start = stack[--top]!;
    const a = (first + start) * 2;
    const b = (first + last) * 2;
    const ax = c[a]!;
    const ay = c[a + 1]!;
    const dx = c[b]! - ax;
    const dy = c[b + 1]! - ay;
    const lengthSq = dx * dx + dy * dy;
    let farthest = -1;
    let farthestDistance = SIMPLIFY_TOLERANCE;
    // A cheap squared distance first; simplify.ts's own measure only for a point that may be the
    // farthest so far (within a rounding error of it), so the points kept are exactly its.
    let farthestSq = farthestDistance * farthestDistance * NEAR;
    for (let i = start + 1; i < last; i++) {
      const p = (first + i) * 2;
      const px = c[p]! - ax;
      const py = c[p + 1]! - ay;
      let t = lengthSq === 0 ? 0 : (px * dx + py * dy) / lengthSq;
      if (t < 0) t = 0;
      else if (t > 1) t = 1;
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey < farthestSq) continue;
      const d = distanceToSegment(c, p, a, b);
      if (d > farthestDistance) {
        farthest = i;
        farthestDistance = d;
        farthestSq = d * d * NEAR;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    stack[top++] = start;
    stack[top++] = farthest;
    stack[top++] = farthest;
    stack[top++] = last;
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (keep[i] !== 1) continue;
    out.push(c[(first + i) * 2]!);
    out.push(c[(first + i) * 2 + 1]!);
    kept++;
  }
  return kept;
}

/**
 * Every readable row, packed, its strokes simplified (see above); unreadable rows are skipped and
 * told to `onSkip`, exactly as signaturesFromRows skips them.
 */
export function packRows(
  rows: readonly SignatureRow[],
  onSkip: (row: SignatureRow) => void,
): PackedSignatures {
  const ids: number[] = [];
  const outlines: number[] = [];
  const strokeCounts: number[] = [];
  const captions: Array<string | null> = [];
  const createdAts: string[] = [];
  const pointCounts = new Counts(256);
  const coords = new Floats(4096);
  // One row's points before simplification, reused row after row.
  const raw = new Floats(4096);
  const rawPoints = new Counts(64);

  for (const row of rows) {
    raw.length = 0;
    rawPoints.length = 0;
    const text = row.signature;
    if (typeof text !== 'string' || !scan(text, raw, rawPoints)) {
      raw.length = 0;
      rawPoints.length = 0;
      if (typeof text !== 'string' || !parseInto(text, raw, rawPoints)) {
        onSkip(row);
        continue;
      }
    }
    const c = raw.data;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < raw.length; i += 2) {
      const x = c[i]!;
      const y = c[i + 1]!;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    ids.push(row.id);
    outlines.push(
      minX - OUTLINE_PADDING,
      minY - OUTLINE_PADDING,
      maxX - minX + 2 * OUTLINE_PADDING,
      maxY - minY + 2 * OUTLINE_PADDING,
    );
    strokeCounts.push(rawPoints.length);
    captions.push(row.caption);
    createdAts.push(row.created_at);
    let first = 0;
    for (let s = 0; s < rawPoints.length; s++) {
      const count = rawPoints.data[s]!;
      pointCounts.push(simplifyInto(c, first, count, coords));
      first += count;
    }
  }
  return {
    ids: Float64Array.from(ids),
    outlines: Float64Array.from(outlines),
    strokeCounts: Uint32Array.from(strokeCounts),
    pointCounts: pointCounts.take(),
    coords: coords.take(),
    captions,
    createdAts,
  };
}
