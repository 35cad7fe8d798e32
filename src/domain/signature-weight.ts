/**
 * The wall's weight rule: what a signature may store is tied to the wall it covers, so that no
 * wall can ever hold more than WALL_NODES × BYTES_PER_NODE bytes of signatures (15.97 MB),
 * whatever clients send and however long they send it. The database enforces the same rule
 * (signwall.guard_signature, supabase/migrations/…_wall_weight.sql); both are checked against
 * tests/vectors/weight.json.
 *
 * Why it holds although outlines may overlap (the overlap rule is one-way: a new signature's
 * points avoid the others' outlines, its own outline may cover theirs): the strokes of two
 * signatures are always more than OUTLINE_PADDING (10) px apart along x or y. So a node of a
 * WEIGHT_GRID (10) px grid is never claimed by two signatures, where a signature claims the node
 * nearest to each point of its strokes (every point, and a point every WEIGHT_SAMPLE_STEP px along
 * each segment): two points whose nearest node is the same lie less than 10 px apart along both
 * axes. The wall has 321 × 321 nodes; each signature stores at most BYTES_PER_NODE bytes (its
 * signature text and its caption, UTF-8) per node it claims.
 *
 * Numbers are stored canonical (rounded to 2 decimals, no trailing zeros, no exponent), and every
 * other rule is checked on what is stored.
 */
import { BYTES_PER_NODE, WALL_SIZE, WEIGHT_GRID, WEIGHT_SAMPLE_STEP } from './rules.ts';
import type { Point, Stroke } from './geometry.ts';
import { simplifyStroke } from './simplify.ts';

/** Nodes per row of the grid: 0, 10, …, 3200. */
const NODES_PER_ROW = WALL_SIZE / WEIGHT_GRID + 1;
/** Every node of the wall: the most that all signatures together can claim. */
export const WALL_NODES = NODES_PER_ROW * NODES_PER_ROW;
/** The heaviest a wall of new signatures can ever be, in bytes. */
export const MAX_WALL_BYTES = WALL_NODES * BYTES_PER_NODE;

/**
 * A coordinate as stored: rounded half away from zero to 2 decimals of the number as written in
 * JSON (the database rounds the decimal text, so 1.005 is 1.01 although the double nearest to
 * 1.005 lies below it).
 */
export function canonicalCoordinate(v: number): number {
  if (!Number.isFinite(v)) return v;
  const text = JSON.stringify(Math.abs(v));
  // Below 1e-6 JSON writes an exponent; such a number rounds to 0 at 2 decimals.
  if (/e/i.test(text)) return Math.abs(v) < 1 ? 0 : v;
  const [whole, fraction = ''] = text.split('.');
  const hundredths = BigInt(whole! + (fraction + '00').slice(0, 2));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1n : 0n;
  const rounded = Number(hundredths + roundUp) / 100;
  return v < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The strokes with every coordinate canonical. */
export function canonicalStrokes(strokes: readonly Stroke[]): Stroke[] {
  return strokes.map((stroke) =>
    stroke.map(([x, y]): Point => [canonicalCoordinate(x), canonicalCoordinate(y)]),
  );
}

/** Bytes of a point as stored, `[x,y]`. */
export function pointBytes([x, y]: Point): number {
  return String(canonicalCoordinate(x)).length + String(canonicalCoordinate(y)).length + 3;
}

/** Bytes of one stroke as stored: its brackets, its points and the commas between them. */
function strokeBytes(stroke: Stroke): number {
  let bytes = 1 + stroke.length;
  for (const p of stroke) bytes += pointBytes(p);
  return bytes;
}

/** Bytes that joining one more stroke to a text of `bytes` adds besides the stroke's own. */
function joinBytes(bytes: number): number {
  return bytes === 0 ? 2 : 1; // the outer brackets, or a comma
}

/** Bytes of the stored text of these strokes (canonical coordinates): JSON without whitespace. */
export function strokesTextBytes(strokes: readonly Stroke[]): number {
  let bytes = 0;
  for (const stroke of strokes) bytes += joinBytes(bytes) + strokeBytes(stroke);
  return bytes;
}

/** UTF-8 bytes of a caption as stored (null: none). */
export function captionBytes(caption: string | null): number {
  if (caption === null) return 0;
  let bytes = 0;
  for (const ch of caption) {
    const cp = ch.codePointAt(0)!;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The node nearest to a point (ties upward), as one number. */
export function nodeOf(x: number, y: number): number {
  return Math.floor(y / WEIGHT_GRID + 0.5) * NODES_PER_ROW + Math.floor(x / WEIGHT_GRID + 0.5);
}

/**
 * Adds to `claimed` the nodes of the segment a–b: those nearest to its points at equal steps of
 * at most WEIGHT_SAMPLE_STEP along its longer axis, both ends included. The arithmetic is the
 * database's, operation for operation, so both claim the same nodes.
 */
export function claimSegment(claimed: Set<number>, a: Point, b: Point): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / WEIGHT_SAMPLE_STEP));
  for (let k = 0; k <= steps; k++) {
    claimed.add(nodeOf(a[0] + (dx * k) / steps, a[1] + (dy * k) / steps));
  }
}

/** The nodes these strokes claim (a stroke of one point claims its node). */
export function claimedNodes(strokes: readonly Stroke[]): Set<number> {
  const claimed = new Set<number>();
  for (const stroke of strokes) {
    if (stroke.length === 1) claimed.add(nodeOf(stroke[0]![0], stroke[0]![1]));
    for (let i = 1; i < stroke.length; i++) claimSegment(claimed, stroke[i - 1]!, stroke[i]!);
  }
  return claimed;
}

/** True when `bytes` may be stored by a signature claiming `nodes` nodes. */
export function weightFits(bytes: number, nodes: number): boolean {
  return bytes <= nodes * BYTES_PER_NODE;
}

/** The weight of a signature as stored: its bytes (text and caption) and the nodes it claims. */
export interface SignatureWeight {
  readonly bytes: number;
  readonly nodes: number;
}

/** The weight of strokes (canonical coordinates) with a caption (normalised). */
export function weightOf(strokes: readonly Stroke[], caption: string | null): SignatureWeight {
  return {
    bytes: strokesTextBytes(strokes) + captionBytes(caption),
    nodes: claimedNodes(strokes).size,
  };
}

/** The caption bytes these strokes leave room for (0 when none). */
export function captionRoom(strokes: readonly Stroke[]): number {
  const { bytes, nodes } = weightOf(strokes, null);
  return Math.max(0, nodes * BYTES_PER_NODE - bytes);
}

/**
 * The weight of a signature while it is drawn, as the board checks it at every pointer move: the
 * pending strokes as they will be saved, and the stroke in progress as it would be saved were it
 * ended now. That stroke is simplified when saved (simplify.ts), so counting its samples as drawn
 * would stop a slow, careful stroke long before its saved form is heavy; simplifying it at every
 * move would cost the whole stroke each time. So its saved form is taken at checks, and the points
 * drawn since a check are counted as drawn: a check runs only when that count says the stroke is
 * too heavy, and the stroke stops when a check agrees, or when the last check is too recent (fewer
 * than 1/CHECK_SPACING of the stroke's points ago: the stroke is then at its limit and nearly
 * incompressible). So checks come at geometrically growing intervals: a few dozen in a stroke of
 * 3,000 points, at most one per move.
 */
export interface WeightTally {
  /** Bytes and nodes of the pending strokes as saved: fixed while a stroke is drawn. */
  readonly pendingBytes: number;
  readonly pendingNodes: ReadonlySet<number>;
  /** Bytes of the text with the stroke in progress: as saved at its last check, then as drawn. */
  readonly bytes: number;
  /**
   * The nodes counted the same way. It grows in place as the stroke grows: a tally is never used
   * again once addWeight has answered a later one.
   */
  readonly nodes: Set<number>;
  /** Points of the stroke in progress drawn since its last check (or its start). */
  readonly sinceCheck: number;
}

/** A check of a stroke's saved form comes at least 1/CHECK_SPACING of its points after the last. */
export const CHECK_SPACING = 8;

/** The weight of pending strokes, counted as they are given (the board gives them as saved). */
export function weightTallyOf(strokes: readonly Stroke[]): WeightTally {
  const bytes = strokesTextBytes(strokes);
  const nodes = claimedNodes(strokes);
  return { pendingBytes: bytes, pendingNodes: nodes, bytes, nodes: new Set(nodes), sinceCheck: 0 };
}

/** The weight with a new stroke started at `first`; null when it does not fit. */
export function startWeight(tally: WeightTally, first: Point): WeightTally | null {
  const bytes = tally.pendingBytes + joinBytes(tally.pendingBytes) + strokeBytes([first]);
  const nodes = new Set(tally.pendingNodes).add(nodeOf(first[0], first[1]));
  return weightFits(bytes, nodes.size) ? { ...tally, bytes, nodes, sinceCheck: 1 } : null;
}

/**
 * The weight with `next` added to the stroke in progress, whose points so far are `drawn`; null
 * when the stroke, saved, would be too heavy.
 */
export function addWeight(
  tally: WeightTally,
  drawn: readonly Point[],
  next: Point,
): WeightTally | null {
  const last = drawn[drawn.length - 1]!;
  const bytes = tally.bytes + 1 + pointBytes(next);
  const reached = new Set<number>();
  claimSegment(reached, last, next);
  let nodes = tally.nodes.size;
  for (const node of reached) if (!tally.nodes.has(node)) nodes += 1;
  if (weightFits(bytes, nodes)) {
    for (const node of reached) tally.nodes.add(node);
    return { ...tally, bytes, sinceCheck: tally.sinceCheck + 1 };
  }
  if (tally.sinceCheck * CHECK_SPACING < drawn.length) return null;
  const saved = simplifyStroke([...drawn, next]);
  const checked = new Set(tally.pendingNodes);
  for (const node of claimedNodes([saved])) checked.add(node);
  const checkedBytes = tally.pendingBytes + joinBytes(tally.pendingBytes) + strokeBytes(saved);
  if (!weightFits(checkedBytes, checked.size)) return null;
  return { ...tally, bytes: checkedBytes, nodes: checked, sinceCheck: 0 };
}
