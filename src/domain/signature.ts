/**
 * Signature records as the table holds them (current and legacy formats, spec §3): reading rows
 * into drawable signatures. What a visitor is about to save is checked in new-signature.ts.
 */
import { WALL_SIZE } from './rules.ts';
import { outlineOf, type Point, type Rect, type Stroke } from './geometry.ts';

/** A row of the `signatures` table as the data API returns it. */
export interface SignatureRow {
  id: number;
  signature: string;
  caption: string | null;
  created_at: string;
}

/** A saved signature, ready to draw and to hit-test. */
export interface Signature {
  readonly id: number;
  readonly strokes: readonly Stroke[];
  readonly caption: string | null;
  readonly createdAt: string;
  readonly outline: Rect;
}

export function isPoint(v: unknown): v is Point {
  return (
    Array.isArray(v) &&
    v.length === 2 &&
    typeof v[0] === 'number' &&
    typeof v[1] === 'number' &&
    Number.isFinite(v[0]) &&
    Number.isFinite(v[1])
  );
}

function isStroke(v: unknown): v is Stroke {
  return Array.isArray(v) && v.length > 0 && v.every(isPoint);
}

/**
 * The strokes held in a record's `signature` text: a list of strokes, or (legacy) one flat list
 * of points read as a single stroke. Null when the text is not one of those.
 */
export function parseStrokes(text: string): Stroke[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0) return null;
  if (value.every(isStroke)) return value;
  if (isStroke(value)) return [value];
  return null;
}

/** The row as a drawable signature, or null when its strokes cannot be read. */
export function signatureFromRow(row: SignatureRow): Signature | null {
  const strokes = parseStrokes(row.signature);
  const outline = strokes && outlineOf(strokes);
  if (!strokes || !outline) return null;
  return { id: row.id, strokes, caption: row.caption, createdAt: row.created_at, outline };
}

/**
 * Every readable row as a signature. Unreadable rows are skipped and reported through `onSkip`
 * (the app logs a console warning; the wall never breaks on one bad record).
 */
export function signaturesFromRows(
  rows: readonly SignatureRow[],
  onSkip: (row: SignatureRow) => void,
): Signature[] {
  const out: Signature[] = [];
  for (const row of rows) {
    const sig = signatureFromRow(row);
    if (sig) out.push(sig);
    else onSkip(row);
  }
  return out;
}

/** Pointer positions are stored to a tenth of a wall pixel: finer than any pointer resolves. */
export function roundCoordinate(v: number): number {
  return Math.round(v * 10) / 10;
}

/** A pointer position as a stored point: rounded and kept on the wall. */
export function wallPoint(x: number, y: number): Point {
  const clampToWall = (v: number) => Math.min(WALL_SIZE, Math.max(0, roundCoordinate(v)));
  return [clampToWall(x), clampToWall(y)];
}
