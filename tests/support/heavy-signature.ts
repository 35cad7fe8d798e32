/**
 * A heavy signature as the wall's rules allow one: MAX_POINTS points with 2-decimal coordinates
 * past 1000 (`[1234.56,1078.91]`), ~54 KB of text, drawn as a serpentine of 25 rows 6 px apart
 * (~7,600 px of stroke in a 300 × 150 px box), each point nudged by a deterministic wobble so that it
 * compresses like handwriting rather than like a ruler. For the Realtime tests and the benchmark.
 */
import { MAX_POINTS } from '../../src/domain/rules.ts';

const ROWS = 25;
const STEP = 2.5;
const ROW_GAP = 6;

/** The signature text, its box's top-left corner at (left, top); both at least 1000 for 4 digits. */
export function heavySignatureAt(left: number, top: number): string {
  const perRow = MAX_POINTS / ROWS;
  const points: [number, number][] = [];
  let seed = (left * 31 + top) % 9973;
  const wobble = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 0.8;
  };
  for (let row = 0; row < ROWS; row++) {
    for (let i = 0; i < perRow; i++) {
      const along = (row % 2 === 0 ? i : perRow - 1 - i) * STEP;
      const x = left + along + wobble();
      const y = top + row * ROW_GAP + wobble();
      points.push([Math.round(x * 100) / 100, Math.round(y * 100) / 100]);
    }
  }
  return JSON.stringify([points]);
}
