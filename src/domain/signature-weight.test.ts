import { describe, expect, it } from 'vitest';
import vectors from '../../tests/vectors/weight.json';
import { BYTES_PER_NODE } from './rules.ts';
import { parseStrokes } from './signature.ts';
import { findSignatureProblem, serializeStrokes } from './new-signature.ts';
import {
  canonicalCoordinate,
  captionBytes,
  captionRoom,
  claimedNodes,
  MAX_WALL_BYTES,
  nodeOf,
  strokesTextBytes,
  WALL_NODES,
  canonicalStrokes,
} from './signature-weight.ts';
import type { Stroke } from './geometry.ts';

describe('the weight rule, as the shared vectors say (the database runs them too)', () => {
  it('uses the vectors’ bytes per node', () => {
    expect(BYTES_PER_NODE).toBe(vectors.bytesPerNode);
  });

  it.each(vectors.numbers)('stores $text as $stored', ({ text, stored }) => {
    expect(String(canonicalCoordinate(JSON.parse(text) as number))).toBe(stored);
  });

  it.each(vectors.nodes)('$name claims $nodes nodes', ({ strokes, nodes }) => {
    expect(claimedNodes(canonicalStrokes(strokes as unknown as Stroke[])).size).toBe(nodes);
  });

  it.each(vectors.signatures)('$name', ({ text, caption, stored, problem }) => {
    const strokes = parseStrokes(text)!;
    expect(findSignatureProblem(strokes, caption)).toBe(problem);
    if (stored !== null) expect(serializeStrokes(strokes)).toBe(stored);
  });
});

describe('the weight rule', () => {
  it('bounds a wall of new signatures under 16 MB', () => {
    expect(WALL_NODES).toBe(321 * 321);
    expect(MAX_WALL_BYTES).toBeLessThanOrEqual(16_000_000);
    expect(MAX_WALL_BYTES).toBe(15_971_355);
  });

  it('gives each point on the wall a node, and points less than 10 px apart on both axes at most a shared one', () => {
    // Points exactly half a grid step apart round to the node above: 5 px → node 1.
    expect(nodeOf(0, 0)).toBe(0);
    expect(nodeOf(4.99, 0)).toBe(0);
    expect(nodeOf(5, 0)).toBe(1);
    expect(nodeOf(0, 5)).toBe(321);
    expect(nodeOf(3200, 3200)).toBe(321 * 321 - 1);
    // Two points more than 10 px apart along one axis never share a node, wherever they are.
    for (let x = 0; x < 40; x += 0.37) {
      expect(nodeOf(x, 100)).not.toBe(nodeOf(x + 10.01, 100));
      expect(nodeOf(100, x)).not.toBe(nodeOf(100, x + 10.01));
    }
  });

  it('counts the stored text byte for byte', () => {
    const strokes: Stroke[] = [
      [
        [1, 2.5],
        [3200, 0.25],
      ],
      [
        [10, 10],
        [11, 11],
        [12, 12],
      ],
    ];
    expect(strokesTextBytes(strokes)).toBe(serializeStrokes(strokes).length);
    expect(strokesTextBytes([])).toBe(0);
  });

  it('counts captions in UTF-8', () => {
    expect(captionBytes(null)).toBe(0);
    expect(captionBytes('a')).toBe(1);
    expect(captionBytes('é')).toBe(2);
    expect(captionBytes('語')).toBe(3);
    expect(captionBytes('😀')).toBe(4);
    expect(captionBytes('a😀語')).toBe(new TextEncoder().encode('a😀語').length);
  });

  it('leaves a dot room for a caption of 128 bytes, and a real signature room for any caption', () => {
    expect(
      captionRoom([
        [
          [1500, 1500],
          [1500, 1500],
        ],
      ]),
    ).toBe(155 - 27);
    const stroke: Stroke = Array.from({ length: 30 }, (_, i) => [1000 + i * 7.3, 1000 + (i % 5)]);
    expect(captionRoom([stroke])).toBeGreaterThan(200 * 4);
  });
});
