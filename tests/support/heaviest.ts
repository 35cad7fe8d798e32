/**
 * The heaviest signatures the rules accept, for the tests and the benchmark that pack a wall as
 * densely and as heavily as the rules allow: a shape's strokes padded with points (next to its
 * last one, claiming no new node) and then a caption, up to the bytes its nodes allow
 * (src/domain/signature-weight.ts).
 */
import {
  BYTES_PER_NODE,
  MAX_CAPTION_LENGTH,
  MAX_POINTS,
  MAX_STROKE_LENGTH,
} from '../../src/domain/rules.ts';
import type { Point, Stroke } from '../../src/domain/geometry.ts';
import { serializeStrokes } from '../../src/domain/new-signature.ts';
import { extentOf } from '../../src/domain/signature-size.ts';
import {
  canonicalCoordinate,
  canonicalStrokes,
  claimedNodes,
  nodeOf,
  pointBytes,
  strokesTextBytes,
} from '../../src/domain/signature-weight.ts';

export interface HeavySignature {
  readonly signature: string;
  readonly caption: string | null;
  /** Its stored bytes (text and caption) and the nodes it claims. */
  readonly bytes: number;
  readonly nodes: number;
}

/** `shape`, made as heavy as the weight rule lets it be. */
export function heaviest(shape: readonly Stroke[]): HeavySignature {
  const strokes = canonicalStrokes(shape).map((s) => [...s]);
  const nodes = claimedNodes(strokes);
  const budget = nodes.size * BYTES_PER_NODE;
  const last = strokes[strokes.length - 1]!;
  const [ax, ay] = last[last.length - 1]!;
  // Padding points 0.01 and 0.02 px from the last point: along +x (a dot grows by 0.02 towards
  // the next one of its row), else +y, inside the shape's extent when that is wider, and on the
  // last point's side of every node edge; where both cross one, the last point itself again.
  const extent = extentOf(strokes)!;
  const pads = ([dx, dy]: readonly [number, number]): Point[] =>
    [0.01, 0.02].map((d): Point => [
      canonicalCoordinate(ax + dx * d),
      canonicalCoordinate(ay + dy * d),
    ]);
  const inward = ax + 0.02 <= extent.maxX || extent.minX === extent.maxX ? 1 : -1;
  const sameNode = (ps: Point[]) => ps.every(([x, y]) => nodeOf(x, y) === nodeOf(ax, ay));
  const pad = (
    [
      [inward, 0],
      [0, 1],
      [0, 0],
    ] as const
  )
    .map(pads)
    .find(sameNode)!;
  let bytes = strokesTextBytes(strokes);
  let points = strokes.reduce((n, s) => n + s.length, 0);
  for (let i = 0; points < MAX_POINTS; i++, points++) {
    const p = pad[i % 2]!;
    if (bytes + 1 + pointBytes(p) > budget) break;
    last.push(p);
    bytes += 1 + pointBytes(p);
  }
  if (claimedNodes(strokes).size !== nodes.size) throw new Error('padding claimed a new node');
  const captionLength = Math.min(MAX_CAPTION_LENGTH, budget - bytes);
  const caption = captionLength > 0 ? 'w'.repeat(captionLength) : null;
  return {
    signature: serializeStrokes(strokes),
    caption,
    bytes: bytes + (caption?.length ?? 0),
    nodes: nodes.size,
  };
}

/** A dot: two points at (x, y). */
export function dot(x: number, y: number): Stroke[] {
  return [
    [
      [x, y],
      [x, y],
    ],
  ];
}

/**
 * A sketch that fills its box as densely as the length limit lets one stroke: rows back and
 * forth, `width` × `height` px from (x, y), as close as 1 px apart (its own lines may be as close
 * as it likes) and never more than MAX_STROKE_LENGTH in all.
 */
export function filledBox(x: number, y: number, width: number, height: number): Stroke[] {
  const rows = Math.min(height, Math.floor((MAX_STROKE_LENGTH * 0.95) / width));
  const stroke: Point[] = [];
  for (let row = 0; row <= rows; row++) {
    const at = y + (height * row) / Math.max(1, rows);
    const ends: Point[] = [
      [x, at],
      [x + width, at],
    ];
    stroke.push(...(row % 2 === 0 ? ends : ends.reverse()));
  }
  return [stroke];
}
