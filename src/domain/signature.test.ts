import { describe, expect, it, vi } from 'vitest';
import captionVectors from '../../tests/vectors/captions.json';
import {
  MAX_CAPTION_LENGTH,
  MAX_POINTS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  MAX_STROKES,
} from './rules.ts';
import type { Point, Stroke } from './geometry.ts';
import { parseStrokes, signaturesFromRows, wallPoint } from './signature.ts';
import {
  findSignatureProblem,
  MAX_SIGNATURE_TEXT_BYTES,
  normalizeCaption,
  serializeStrokes,
} from './new-signature.ts';

const row = (id: number, signature: string, caption: string | null = null) => ({
  id,
  signature,
  caption,
  created_at: '2026-11-22T00:00:00+00:00',
});

describe('reading records', () => {
  it('reads a text with whitespace as the compact text the database stores', () => {
    const compact = '[[[1,2.5],[3,4]],[[5e1,6]]]';
    const spaced = ' [ [ [1 ,\n2.5] ,\t[3, 4]],\r\n[[5e1, 6] ] ] ';
    expect(parseStrokes(spaced)).toEqual(parseStrokes(compact));
    expect(parseStrokes(compact)).toEqual([
      [
        [1, 2.5],
        [3, 4],
      ],
      [[50, 6]],
    ]);
  });

  it('reads strokes and legacy flat strokes, and skips the unreadable with a report', () => {
    const onSkip = vi.fn();
    const sigs = signaturesFromRows(
      [row(1, '[[[1,2],[3,4]],[[5,6],[7,8]]]', 'hi'), row(2, '[[10,10],[20,20]]'), row(3, '{')],
      onSkip,
    );
    expect(sigs.map((s) => s.id)).toEqual([1, 2]);
    expect(sigs[0]!.strokes).toHaveLength(2);
    expect(sigs[1]!.strokes).toEqual([
      [
        [10, 10],
        [20, 20],
      ],
    ]);
    expect(sigs[1]!.outline).toEqual({ x: 0, y: 0, width: 30, height: 30 });
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(onSkip.mock.calls[0]![0].id).toBe(3);
  });

  it('refuses non-finite and nested garbage', () => {
    expect(parseStrokes('[[[1e999,2],[3,4]]]')).toBeNull();
    expect(parseStrokes('[[[[1,2]],[3,4]]]')).toBeNull();
    expect(parseStrokes('null')).toBeNull();
    expect(parseStrokes('[[]]')).toBeNull();
  });

  it('round-trips what it writes', () => {
    const strokes: Stroke[] = [
      [
        [1.5, 2],
        [3, 4.2],
      ],
    ];
    expect(parseStrokes(serializeStrokes(strokes))).toEqual(strokes);
  });
});

describe('new signatures', () => {
  const ok: Stroke = [
    [10, 10],
    [20, 20],
  ];

  it('accepts a plain signature', () => {
    expect(findSignatureProblem([ok], 'hello')).toBeNull();
    expect(findSignatureProblem([ok, ok], null)).toBeNull();
  });

  it.each([
    ['no strokes', [], null, 'no-strokes'],
    ['a one-point stroke', [[[1, 1]]], null, 'short-stroke'],
    [
      'an off-wall point',
      [
        [
          [-1, 5],
          [5, 5],
        ],
      ],
      null,
      'off-wall',
    ],
    [
      'a point past the far edge',
      [
        [
          [3200.1, 5],
          [5, 5],
        ],
      ],
      null,
      'off-wall',
    ],
    [
      'NaN',
      [
        [
          [NaN, 5],
          [5, 5],
        ],
      ],
      null,
      'bad-point',
    ],
    ['too many strokes', Array(MAX_STROKES + 1).fill(ok), null, 'too-many-strokes'],
    [
      'too many points',
      [Array.from({ length: MAX_POINTS + 1 }, (_, i) => [i % 3000, 1])],
      null,
      'too-many-points',
    ],
    ['a long caption', [ok], 'x'.repeat(MAX_CAPTION_LENGTH + 1), 'caption-too-long'],
    [
      'one pixel too wide',
      [
        [
          [100, 100],
          [100 + MAX_SIGNATURE_WIDTH + 1, 100],
        ],
      ],
      null,
      'too-big',
    ],
    [
      'a tenth of a pixel too high, across two strokes',
      [
        [
          [100, 100],
          [110, 110],
        ],
        [
          [100, 100.1 + MAX_SIGNATURE_HEIGHT],
          [110, 110],
        ],
      ],
      null,
      'too-big',
    ],
    [
      'a coordinate with a 3-digit exponent (the database refuses its text)',
      [
        [
          [1e-300, 5],
          [5, 5],
        ],
      ],
      null,
      'bad-number',
    ],
  ])('refuses %s', (_name, strokes, caption, problem) => {
    expect(findSignatureProblem(strokes as Stroke[], caption)).toBe(problem);
  });

  it('measures the strokes in all: exactly MAX_STROKE_LENGTH px is fine, a tenth more is not', () => {
    // 25 back-and-forth runs of 800 px along a line: 20,000 px, within 800 × 0.
    const runs = (extra: number): Stroke => [
      ...Array.from({ length: 26 }, (_, i): Point => [i % 2 === 0 ? 1000 : 1800, 500]),
      [1800 - extra, 500],
    ];
    expect(MAX_STROKE_LENGTH).toBe(20_000);
    expect(findSignatureProblem([runs(0)], null)).toBeNull();
    expect(findSignatureProblem([runs(0.1)], null)).toBe('too-long');
    // Across strokes, and only the strokes: the jump from one stroke to the next is not drawn.
    const half = runs(0).slice(0, 14);
    expect(findSignatureProblem([half, half.map(([x]): Point => [x, 600])], null)).toBe('too-long');
    expect(
      findSignatureProblem([half.slice(0, 13), half.map(([x]): Point => [x, 600])], null),
    ).toBeNull();
  });

  it('measures the caption after trimming, in characters', () => {
    // Long enough a stroke for 800 bytes of caption (the weight rule counts captions in bytes).
    const wide: Stroke = [
      [1000, 1000],
      [1100, 1000],
    ];
    expect(findSignatureProblem([wide], `  ${'é'.repeat(MAX_CAPTION_LENGTH)}  `)).toBeNull();
    expect(findSignatureProblem([wide], '😀'.repeat(MAX_CAPTION_LENGTH))).toBeNull();
  });

  it('accepts exactly 800 × 600 (edges inclusive) and a 2-digit exponent', () => {
    const corners: Stroke = [
      [1000, 2000],
      [1000 + MAX_SIGNATURE_WIDTH, 2000 + MAX_SIGNATURE_HEIGHT],
    ];
    expect(findSignatureProblem([corners], null)).toBeNull();
    expect(
      findSignatureProblem(
        [
          [
            [1e-99, 5],
            [5, 1.2345678e-7],
          ],
        ],
        null,
      ),
    ).toBeNull();
  });

  it('keeps the text cap in step with the database (3000 points of 24-character numbers)', () => {
    expect(MAX_SIGNATURE_TEXT_BYTES).toBe(156_194);
  });

  it('measures the caption after normalising it', () => {
    // One letter with 400 combining marks keeps 3 of them: 4 characters.
    expect(findSignatureProblem([ok], `a${'\u0334'.repeat(400)}`)).toBeNull();
  });

  it.each(captionVectors.captions)('normalizes the caption: $name', ({ input, output }) => {
    expect(normalizeCaption(input)).toBe(output);
  });

  it('rounds pointer positions and keeps them on the wall', () => {
    expect(wallPoint(12.345, 99.96)).toEqual([12.3, 100]);
    expect(wallPoint(-4, 3300)).toEqual([0, 3200]);
  });
});
