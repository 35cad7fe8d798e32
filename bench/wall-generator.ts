import { findSignatureProblem } from '../src/domain/new-signature.ts';

/**
 * A deterministic generator of realistic walls for the benchmark.
 *
 * Layout of the 3200×3200 wall:
 * - the main area, y ∈ [0, 3040): a jittered grid of cells, one signature per used cell, sized so
 *   that N fit (capped at a realistic 320×160 when the wall is sparse);
 * - the draw patch, an empty square near the top-left (what the board shows first on any screen),
 *   where the benchmark draws its stroke: no signature comes near it;
 * - the insert strip, y ∈ [3040, 3200]: empty at seeding time, it holds the `reserved` signatures
 *   that the insert-latency measure saves one by one once the wall is full.
 *
 * Each padded outline (points' bbox ± 10) stays strictly inside its own cell, so no two outlines
 * meet. Strokes are smooth wandering pen paths (a heading that turns with a slowly drifting
 * curvature, like handwriting), 1–4 per signature, 30–200 points each before they are fitted into
 * their cell and thinned to a hand's samples (at least 1.5 px apart), rounded to 0.1. About
 * half the signatures have a caption. The random numbers come from a seeded PRNG of our own.
 */

export type GeneratedPoint = [number, number];
export type GeneratedStroke = GeneratedPoint[];

export interface GeneratedSignature {
  strokes: GeneratedStroke[];
  caption: string | null;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GeneratedWall {
  seed: number;
  /** The wall's N signatures, in a random (creation) order. */
  signatures: GeneratedSignature[];
  /** Extra signatures for the insert strip, saved later one at a time. */
  reserved: GeneratedSignature[];
  /** Empty area (wall coordinates) kept free for the benchmark's own stroke. */
  drawPatch: Box;
  /** Empty strip (wall coordinates) that holds the reserved signatures. */
  insertStrip: Box;
}

export interface WallOptions {
  /** How many signatures on the wall. */
  n: number;
  seed?: number;
  /** How many extra signatures to make for the insert strip (at most 100). */
  reserve?: number;
}

export const WALL = 3200;
/** The outline's padding (docs/architecture.md §3). */
export const PADDING = 10;
/** Space between a cell's edge and the outline: outlines of neighbours never touch. */
const GAP = 1;
/** Room under a signature for its caption, when the cell allows it. */
const CAPTION_ROOM = 18;
/** A realistic signature's largest size; well within the database's 800 × 600 size rule. */
const MAX_SIGNATURE = { width: 320, height: 160 };

export const INSERT_STRIP: Box = { x: 0, y: 3040, width: WALL, height: 160 };
export const DRAW_PATCH: Box = { x: 40, y: 160, width: 320, height: 320 };
const MAIN_AREA: Box = { x: 0, y: 0, width: WALL, height: INSERT_STRIP.y };
export const MAX_RESERVE = 100;

/** mulberry32: small, fast, good enough for test data, and fully determined by its seed. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const intBetween = (rng: Rng, lo: number, hi: number) => Math.floor(between(rng, lo, hi + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Standard normal by Box–Muller. */
function gaussian(rng: Rng): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

function boxesMeet(a: Box, b: Box): boolean {
  return (
    a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
  );
}

/**
 * One pen path in its own units: the pen advances about one unit per sample while its heading
 * turns by a curvature that itself drifts, giving loops and waves rather than noise.
 */
function penPath(rng: Rng, count: number, start: GeneratedPoint): GeneratedStroke {
  const points: GeneratedStroke = [];
  let [x, y] = start;
  let heading = between(rng, -0.6, 0.6);
  let curvature = gaussian(rng) * 0.12;
  let speed = 1;
  for (let i = 0; i < count; i++) {
    points.push([x, y]);
    curvature = curvature * 0.93 + gaussian(rng) * 0.05;
    // A gentle pull back towards writing left to right keeps the path from curling into a ball.
    heading += curvature - 0.04 * Math.sin(heading);
    speed = Math.min(1.6, Math.max(0.4, speed + gaussian(rng) * 0.1));
    x += Math.cos(heading) * speed;
    y += Math.sin(heading) * speed * 1.3;
  }
  return points;
}

/**
 * Samples no closer than a hand's: a pointer reports a position a frame, and a pen moving across a
 * small signature moves a wall pixel or two between frames, so a path scaled down into a small
 * cell keeps a point only every HAND_STEP px (its ends always). Without this a 20 px signature held
 * 200 points, more than the weight rule lets one save (src/domain/signature-weight.ts).
 */
const HAND_STEP = 1.5;
function handSampled(stroke: GeneratedStroke): GeneratedStroke {
  const kept: GeneratedStroke = [stroke[0]!];
  for (const p of stroke.slice(1, -1)) {
    const [x, y] = kept[kept.length - 1]!;
    if (Math.hypot(p[0] - x, p[1] - y) >= HAND_STEP) kept.push(p);
  }
  kept.push(stroke[stroke.length - 1]!);
  return kept;
}

/** A signature of 1–4 strokes, fitted into `box` (wall coordinates) and rounded to 0.1. */
function signatureIn(rng: Rng, box: Box, captionIndex: number): GeneratedSignature {
  const strokeCount = intBetween(rng, 1, 4);
  const raw: GeneratedStroke[] = [];
  let cursorX = 0;
  for (let s = 0; s < strokeCount; s++) {
    // A hand writes as much as the room allows: a small cell gets a short signature.
    const count = Math.min(intBetween(rng, 30, 200), Math.max(15, Math.round(box.width * 1.2)));
    const stroke = penPath(rng, count, [cursorX + between(rng, -4, 4), between(rng, -6, 6)]);
    raw.push(stroke);
    // The next stroke starts a little right of where this one reached (a word after a word),
    // or goes back over it (a crossed t, an underline).
    const reach = Math.max(...stroke.map((p) => p[0]));
    cursorX = rng() < 0.75 ? reach + between(rng, 2, 8) : between(rng, 0, reach);
  }

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of raw) {
    for (const [x, y] of stroke) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  const spanX = Math.max(maxX - minX, 1e-6);
  const spanY = Math.max(maxY - minY, 1e-6);
  // Fit into the box without distorting the handwriting by more than 2:1.
  const scale = Math.min(box.width / spanX, box.height / spanY);
  const sx = Math.min(box.width / spanX, scale * 2);
  const sy = Math.min(box.height / spanY, scale * 2);
  const offX = box.x + (box.width - spanX * sx) * rng();
  const offY = box.y + (box.height - spanY * sy) * rng();
  const strokes = raw.map((stroke) =>
    handSampled(
      stroke.map(([x, y]): GeneratedPoint => [
        round1(offX + (x - minX) * sx),
        round1(offY + (y - minY) * sy),
      ]),
    ),
  );
  const caption = captionFor(rng, captionIndex);
  // As much as the wall's weight rule lets a signature of this size hold, as generated (so as
  // simplified too): a tiny cell's signature loses strokes, then points, like a hand with no room.
  const fits = () => findSignatureProblem(strokes, caption) === null;
  while (strokes.length > 1 && !fits()) strokes.pop();
  while (strokes[0]!.length > 2 && !fits()) {
    strokes[0] = strokes[0]!.slice(0, Math.max(2, Math.floor(strokes[0]!.length / 2)));
  }
  return { strokes, caption };
}

const NAMES = ['Ada', 'Bea', 'Chen', 'Dana', 'Eli', 'Femi', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai'];
const WORDS = [
  'was here',
  'hello from Lisbon',
  'congrats!',
  ':)',
  'see you soon',
  'best wishes',
  'first time here',
  'greetings from the night shift',
  'go team',
  'thanks for everything',
];

/** About half the signatures carry a caption (spec: optional, at most 200 characters). */
function captionFor(rng: Rng, index: number): string | null {
  if (rng() < 0.5) return null;
  return `${pick(rng, NAMES)} ${pick(rng, WORDS)} ${index}`;
}

/** Inside a cell: room for the outline's padding and gap on every side, and a caption below. */
function innerBox(cell: Box): Box {
  const margin = PADDING + GAP;
  const captionRoom = Math.min(CAPTION_ROOM, cell.height * 0.2);
  const width = cell.width - 2 * margin;
  const height = cell.height - 2 * margin - captionRoom;
  return { x: cell.x + margin, y: cell.y + margin, width, height };
}

/** The signature's own size and place inside the inner box: the jitter of the grid. */
function jitteredBox(rng: Rng, inner: Box): Box {
  const width = Math.min(MAX_SIGNATURE.width, inner.width) * between(rng, 0.55, 1);
  const height = Math.min(MAX_SIGNATURE.height, inner.height) * between(rng, 0.45, 1);
  return {
    x: inner.x + (inner.width - width) * rng(),
    y: inner.y + (inner.height - height) * rng(),
    width,
    height,
  };
}

function gridCells(area: Box, cols: number, rows: number): Box[] {
  const cells: Box[] = [];
  const width = area.width / cols;
  const height = area.height / rows;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.push({ x: area.x + c * width, y: area.y + r * height, width, height });
    }
  }
  return cells;
}

/** The smallest grid over the main area whose cells clear of the draw patch number at least n. */
function mainCells(n: number): Box[] {
  if (n === 0) return [];
  for (let k = n; ; k++) {
    const cols = Math.ceil(Math.sqrt((k * MAIN_AREA.width) / MAIN_AREA.height));
    const rows = Math.ceil(k / cols);
    const usable = gridCells(MAIN_AREA, cols, rows).filter((c) => !boxesMeet(c, DRAW_PATCH));
    if (usable.length >= n) return usable;
  }
}

export function generateWall({
  n,
  seed = 20260601,
  reserve = MAX_RESERVE,
}: WallOptions): GeneratedWall {
  if (!Number.isInteger(n) || n < 0) throw new Error(`n must be a whole number ≥ 0, got ${n}`);
  if (!Number.isInteger(reserve) || reserve < 0 || reserve > MAX_RESERVE) {
    throw new Error(`reserve must be a whole number in [0, ${MAX_RESERVE}], got ${reserve}`);
  }
  const rng = createRng(seed ^ Math.imul(n + 1, 0x9e3779b1));

  // Which cells stay empty when the grid has more than n: random, like a real wall's gaps.
  const cells = shuffle(rng, mainCells(n)).slice(0, n);
  const signatures = cells.map((cell, i) => signatureIn(rng, jitteredBox(rng, innerBox(cell)), i));

  const reserveCells = gridCells(INSERT_STRIP, MAX_RESERVE / 2, 2).slice(0, reserve);
  const reserved = reserveCells.map((cell, i) =>
    signatureIn(rng, jitteredBox(rng, innerBox(cell)), n + i),
  );

  return { seed, signatures, reserved, drawPatch: DRAW_PATCH, insertStrip: INSERT_STRIP };
}

/** The request body of POST /rest/v1/signatures for one generated signature. */
export function insertBody(signature: GeneratedSignature): string {
  return JSON.stringify({
    signature: JSON.stringify(signature.strokes),
    caption: signature.caption,
  });
}
