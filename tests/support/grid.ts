/**
 * Valid signatures on a grid, for tests that need many accepted inserts: a 20 × 20 px stroke alone
 * in its cell. Cells are 100 px apart, so outlines (points ±10) never meet and the database's
 * no-overlap rule never refuses a test's insert. Pure: usable from API, database and e2e tests.
 */

export interface GridOptions {
  /** The first cell's top-left point; default (50, 50). */
  left?: number;
  top?: number;
  /** Wall pixels from one row of 30 cells to the next; negative fills the wall upwards. */
  rowStep?: number;
}

/** The signature text (strokes format) alone in grid cell `cell` (30 cells a row). */
export function signatureAt(
  cell: number,
  { left = 50, top = 50, rowStep = 100 }: GridOptions = {},
): string {
  const x = left + (cell % 30) * 100;
  const y = top + Math.floor(cell / 30) * rowStep;
  return JSON.stringify([
    [
      [x, y],
      [x + 20, y + 20],
    ],
  ]);
}
