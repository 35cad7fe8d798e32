/**
 * A dense wall and the stroke that attacks its overlap check: 2,000 small signatures on
 * a 70-pixel grid, and one stroke of nearly MAX_POINTS points that threads the free gaps between their outlines,
 * back and forth within 800 × 600. Each gap is 20 wide and the stroke runs along its middle, 10
 * from the outlines on either side, so it touches none (the database accepts it); the `touching`
 * variant ends its last point on an outline (refused).
 */
import { MAX_POINTS, MAX_STROKE_LENGTH } from '../../../src/domain/rules.ts';
import type { TestDb } from './databases.ts';

export const PITCH = 70;
export const COLUMNS = 45; // 45 × 70 = 3150 ≤ 3200
export const DENSE_COUNT = 2000;

/** Cell n's signature: two strokes spanning 30 × 30, so its outline is 50 × 50 and gaps are 20. */
export function cellSignature(n: number): string {
  const x = (n % COLUMNS) * PITCH + 15;
  const y = Math.floor(n / COLUMNS) * PITCH + 15;
  return JSON.stringify([
    [
      [x, y],
      [x + 30, y + 20],
    ],
    [
      [x + 5, y + 30],
      [x + 25, y + 2],
    ],
  ]);
}

/** Inserts the dense wall as the owner, 100 rows per statement (the owner has no row limit). */
export async function fillDenseWall(db: TestDb): Promise<void> {
  for (let n = 0; n < DENSE_COUNT; n += 100) {
    const texts = Array.from({ length: Math.min(100, DENSE_COUNT - n) }, (_, k) =>
      cellSignature(n + k),
    );
    await db.query('insert into public.signatures (signature) select unnest($1::text[])', [texts]);
  }
}

/**
 * Nearly as many points as a signature may hold: 44 short, as the first such attack was (9,956 of
 * 10,000).
 */
export const THREADED_POINTS = MAX_POINTS - 44;

/**
 * The serpentine: along the horizontal gap lines y = 65 + 70 j (j = 0..8) from x = 65 to 835, and
 * down the vertical gap lines between them: 770 × 560, within 800 × 600. `wallWide` threads the
 * same way across the whole dense part of the wall (3080 × 2940; the first such attack, which
 * the size rule now refuses before any overlap work). Points are spread evenly
 * along the path (about 0.75 apart) and rounded to 0.1, as the client stores them.
 */
export function threadedStroke({ touching = false, wallWide = false } = {}): string {
  const corners: Array<[number, number]> = [];
  const [columns, rows] = wallWide ? [COLUMNS - 1, 42] : [11, 8];
  for (let j = 0; j <= rows; j++) {
    const y = 65 + PITCH * j;
    const row: Array<[number, number]> = [
      [65, y],
      [65 + PITCH * columns, y],
    ];
    corners.push(...(j % 2 === 0 ? row : row.reverse()));
  }
  const lengths = corners.slice(1).map(([x, y], i) => {
    const [px, py] = corners[i]!;
    return Math.hypot(x - px, y - py);
  });
  const total = lengths.reduce((a, b) => a + b, 0);
  const points: Array<[number, number]> = [];
  for (let k = 0; k < THREADED_POINTS; k++) {
    let d = (total * k) / (THREADED_POINTS - 1);
    let i = 0;
    while (i < lengths.length - 1 && d > lengths[i]!) d -= lengths[i++]!;
    const [ax, ay] = corners[i]!;
    const [bx, by] = corners[i + 1]!;
    const t = Math.min(1, d / lengths[i]!);
    points.push([
      Math.round((ax + (bx - ax) * t) * 10) / 10,
      Math.round((ay + (by - ay) * t) * 10) / 10,
    ]);
  }
  // The path ends at (835, 625), in the gaps; the touching variant ends inside the outline of row 8,
  // column 11 (775..825 × 565..615) instead.
  if (touching) points[points.length - 1] = [820, 610];
  return JSON.stringify([points]);
}

/**
 * A second attack on the overlap check: dots on a 50-pixel grid (outlines 20 × 20) leave diagonal
 * channels free, and a stroke zig-zags along one (y = x + 25), so every segment's box holds ~200
 * outlines that the segment itself misses. Each run is 813 px long: by default as many runs as the
 * length limit allows (24); `points` asks for more (the first such attack had 9,956).
 */
export function channelDots(): string[] {
  const texts: string[] = [];
  for (let i = 0; i <= 16; i++) {
    for (let j = 0; j <= 13; j++) {
      texts.push(
        JSON.stringify([
          [
            [50 * i, 50 * j],
            [50 * i, 50 * j],
          ],
        ]),
      );
    }
  }
  return texts;
}

export const CHANNEL_RUN = Math.hypot(575, 575);

export function channelStroke(points = Math.floor(MAX_STROKE_LENGTH / CHANNEL_RUN) + 1): string {
  return JSON.stringify([
    Array.from({ length: points }, (_, k) => (k % 2 === 0 ? [0, 25] : [575, 600])),
  ]);
}
