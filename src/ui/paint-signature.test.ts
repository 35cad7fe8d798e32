import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Signature } from '../domain/signature.ts';

/** A worker's OffscreenCanvas whose context counts what it measures: 7 px a character. */
function stubCanvas() {
  const measured: string[] = [];
  class FakeOffscreenCanvas {
    getContext() {
      return {
        measureText: (text: string) => {
          measured.push(text);
          return {
            width: text.length * 7,
            actualBoundingBoxLeft: 0,
            actualBoundingBoxRight: text.length * 7,
            actualBoundingBoxAscent: 10,
            actualBoundingBoxDescent: 3,
          };
        },
      };
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return measured;
}

const signed = (caption: string): Signature => ({
  id: 1,
  strokes: [],
  caption,
  createdAt: '2026-11-28T00:00:00Z',
  outline: { x: 0, y: 0, width: 400, height: 40 },
});

describe('the page’s signature painter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('measures a caption that fits on one line once, for its width and its ink', async () => {
    const measured = stubCanvas();
    const { signaturePainter } = await import('./paint-signature.ts');
    expect(signaturePainter.captionLinesOf(signed('A caption on one line'))).toEqual([
      'A caption on one line',
    ]);
    expect(measured).toEqual(['A caption on one line']);
  });
});
