/**
 * "Find a free spot" (src/features/board/model/free-spot.ts) on the benchmark's generated walls: the median
 * time of one search, from a spread of starting points, in this Node process (the same code runs
 * in the browser on a click). Printed by `npm run bench`; `npx tsx bench/free-spot.ts` alone.
 */
import { findFreeSpot } from '../src/features/board/model/free-spot.ts';
import { outlineOf, type Rect } from '../src/domain/geometry.ts';
import { median } from './stats.ts';
import { generateWall } from './wall-generator.ts';

export interface FreeSpotFigure {
  n: number;
  medianMs: number;
  found: boolean;
}

export function measureFreeSpot(sizes: readonly number[], seed = 20260601): FreeSpotFigure[] {
  return sizes.map((n) => {
    const outlines = generateWall({ n, seed })
      .signatures.map((s) => outlineOf(s.strokes))
      .filter((o): o is Rect => o !== null);
    const times: number[] = [];
    let found = true;
    for (let i = 0; i < 40; i++) {
      const from = [((i * 397) % 3200) + 0.5, ((i * 911) % 3200) + 0.5] as const;
      const start = performance.now();
      const spot = findFreeSpot(outlines, from);
      times.push(performance.now() - start);
      found &&= spot !== null;
    }
    return { n, medianMs: median(times), found };
  });
}

export function formatFreeSpot(figures: readonly FreeSpotFigure[]): string {
  return figures
    .map((f) => `N=${f.n}: ${f.medianMs.toFixed(2)} ms${f.found ? '' : ' (no spot)'}`)
    .join(', ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `free spot search (median): ${formatFreeSpot(measureFreeSpot([0, 500, 1000, 2000]))}`,
  );
}
