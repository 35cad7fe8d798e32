/**
 * Self-check of the wall generator: counts, bounds, rounding, non-overlapping outlines (computed
 * with the app's own domain rule), the empty draw patch and insert strip, captions, smoothness
 * and determinism. The bench runs it before seeding; `npx tsx bench/wall-generator.check.ts`
 * runs it alone.
 */
import { pathToFileURL } from 'node:url';
import { outlineOf, rectsMeet, type Rect } from '../src/domain/geometry.ts';
import { findSignatureProblem } from '../src/domain/new-signature.ts';
import {
  generateWall,
  WALL,
  type GeneratedSignature,
  type GeneratedWall,
} from './wall-generator.ts';

function fail(message: string): never {
  throw new Error(`wall generator check failed: ${message}`);
}

function checkSignature(sig: GeneratedSignature, label: string): Rect {
  if (sig.strokes.length < 1 || sig.strokes.length > 4) {
    fail(`${label}: ${sig.strokes.length} strokes (want 1–4)`);
  }
  for (const stroke of sig.strokes) {
    // Thinned to a hand's samples and held to the weight rule, a stroke keeps 2 to 200 points.
    if (stroke.length < 2 || stroke.length > 200) {
      fail(`${label}: a stroke of ${stroke.length} points (want 2–200)`);
    }
    for (const [x, y] of stroke) {
      for (const v of [x, y]) {
        if (!Number.isFinite(v) || v < 0 || v > WALL)
          fail(`${label}: coordinate ${v} off the wall`);
        if (Math.abs(v * 10 - Math.round(v * 10)) > 1e-6) fail(`${label}: ${v} not rounded to 0.1`);
      }
    }
  }
  if (sig.caption !== null && (sig.caption.trim() !== sig.caption || sig.caption.length > 200)) {
    fail(`${label}: bad caption ${JSON.stringify(sig.caption)}`);
  }
  // Every rule the database applies to a new row (size rule included): the bench saves them all.
  const problem = findSignatureProblem(sig.strokes, sig.caption);
  if (problem) fail(`${label}: the database would refuse it (${problem})`);
  return outlineOf(sig.strokes)!;
}

/** Median absolute turn between consecutive segments: pen paths turn gently, noise does not. */
function medianTurn(sig: GeneratedSignature): number {
  const turns: number[] = [];
  for (const stroke of sig.strokes) {
    for (let i = 2; i < stroke.length; i++) {
      const [ax, ay] = stroke[i - 2]!;
      const [bx, by] = stroke[i - 1]!;
      const [cx, cy] = stroke[i]!;
      const h1 = Math.atan2(by - ay, bx - ax);
      const h2 = Math.atan2(cy - by, cx - bx);
      if ((bx === ax && by === ay) || (cx === bx && cy === by)) continue;
      let d = Math.abs(h2 - h1);
      if (d > Math.PI) d = 2 * Math.PI - d;
      turns.push(d);
    }
  }
  turns.sort((a, b) => a - b);
  return turns[Math.floor(turns.length / 2)] ?? 0;
}

export function checkWall(wall: GeneratedWall, n: number, reserve: number): void {
  if (wall.signatures.length !== n) fail(`${wall.signatures.length} signatures (want ${n})`);
  if (wall.reserved.length !== reserve) fail(`${wall.reserved.length} reserved (want ${reserve})`);

  const outlines: Array<{ label: string; rect: Rect }> = [];
  wall.signatures.forEach((sig, i) => {
    const rect = checkSignature(sig, `signature ${i}`);
    if (rectsMeet(rect, wall.drawPatch)) fail(`signature ${i} meets the draw patch`);
    if (rectsMeet(rect, wall.insertStrip)) fail(`signature ${i} meets the insert strip`);
    outlines.push({ label: `signature ${i}`, rect });
  });
  wall.reserved.forEach((sig, i) => {
    const rect = checkSignature(sig, `reserved ${i}`);
    const s = wall.insertStrip;
    if (rect.x < s.x || rect.y < s.y || rect.x + rect.width > s.x + s.width) {
      fail(`reserved ${i} leaves the insert strip`);
    }
    outlines.push({ label: `reserved ${i}`, rect });
  });

  // Sweep along x: only outlines whose x ranges meet can meet.
  outlines.sort((a, b) => a.rect.x - b.rect.x);
  for (let i = 0; i < outlines.length; i++) {
    const a = outlines[i]!;
    for (let j = i + 1; j < outlines.length; j++) {
      const b = outlines[j]!;
      if (b.rect.x > a.rect.x + a.rect.width) break;
      if (rectsMeet(a.rect, b.rect)) fail(`outlines of ${a.label} and ${b.label} meet`);
    }
  }

  if (n >= 50) {
    const captioned = wall.signatures.filter((s) => s.caption !== null).length / n;
    if (captioned < 0.35 || captioned > 0.65) fail(`${Math.round(captioned * 100)}% captioned`);
  }
  // Handwriting, not noise, where a cell can hold handwriting. At N = 10,000 (a wall
  // a flood of dots has filled) a cell is ~30 px and a signature a scribble a few pixels across,
  // whose 0.1-rounded samples turn like noise by design.
  if (n > 2000) return;
  const turns = wall.signatures.slice(0, 50).map(medianTurn);
  const worst = Math.max(0, ...turns);
  if (worst > 0.5) fail(`paths turn by a median of ${worst.toFixed(2)} rad per sample: noise`);
}

/** Generates and checks walls of these sizes, twice each, and asserts the two are identical. */
export function checkGenerator(sizes: readonly number[] = [0, 1, 500, 2000]): void {
  for (const n of sizes) {
    const wall = generateWall({ n });
    checkWall(wall, n, wall.reserved.length);
    if (JSON.stringify(generateWall({ n })) !== JSON.stringify(wall)) {
      fail(`n=${n}: two walls from the same seed differ`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  checkGenerator();
  console.log(`wall generator: OK (${Math.round(performance.now() - started)} ms)`);
}
