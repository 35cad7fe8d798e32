import { describe, expect, it } from 'vitest';
import { signatureFromRow, type Signature } from './signature.ts';
import {
  createSignaturePainter,
  paintView,
  pictureCamera,
  shownRect,
  type PaintContext,
  keepingShortWidths,
  SHORT_TEXT,
} from './wall-painter.ts';

/** A context that records what is painted, as calls. */
function recorder() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(
        `${name}(${args.map((a) => (typeof a === 'number' ? +a.toFixed(3) : a)).join(',')})`,
      );
  const ctx: PaintContext = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 0,
    lineCap: '',
    lineJoin: '',
    font: '',
    textBaseline: '',
    textAlign: '',
    direction: '',
    save: record('save'),
    restore: record('restore'),
    setTransform: record('setTransform'),
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    rect: record('rect'),
    clip: record('clip'),
    stroke: record('stroke'),
    fillRect: record('fillRect'),
    fillText: record('fillText'),
  };
  return { ctx, calls };
}

const signature = (id: number, x: number, y: number, caption: string | null = null): Signature =>
  signatureFromRow({
    id,
    signature: JSON.stringify([
      [
        [x, y],
        [x + 40, y + 20],
      ],
      [[x, y + 30]],
    ]),
    caption,
    created_at: '',
  })!;

// Every character 7 px wide.
const measureText = (text: string) => [...text].length * 7;

describe('the wall painter', () => {
  it('strokes every stroke of two points or more as one path, then the caption in its box', () => {
    const { ctx, calls } = recorder();
    const painter = createSignaturePainter({ fontFamily: 'Test Sans', measureText });
    painter.prepare(ctx);
    expect(ctx).toMatchObject({
      strokeStyle: '#ffffff',
      lineWidth: 3,
      lineCap: 'round',
      lineJoin: 'round',
      fillStyle: 'gold',
      font: 'bold 14px Test Sans',
    });
    painter.paint(ctx, signature(7, 100, 200, 'hi'));
    expect(calls).toEqual([
      'beginPath()',
      'moveTo(100,200)',
      'lineTo(140,220)',
      'stroke()',
      'save()',
      'beginPath()',
      // The outline (90, 190, 60 × 50: the one-point stroke is no part of it) and the box under it.
      'rect(90,240,60,54)',
      'clip()',
      'fillText(hi,90,255)',
      'restore()',
    ]);
  });

  describe('with its ink measured', () => {
    // Ink as a plain font's: from the baseline's start to the advance, 10 px up, 3 px down.
    const ink = (ascent: number) => (text: string) => ({
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: measureText(text),
      actualBoundingBoxAscent: ascent,
      actualBoundingBoxDescent: 3,
    });
    const paint = (caption: string, ascent: number) => {
      const { ctx, calls } = recorder();
      const painter = createSignaturePainter({
        fontFamily: 'x',
        measureText,
        measureInk: ink(ascent),
      });
      painter.prepare(ctx);
      painter.paint(ctx, signature(7, 100, 200, caption));
      return calls.filter((c) => !/^(moveTo|lineTo|stroke|beginPath)/.test(c));
    };

    it('fills a caption whose ink stays in its box without a clip (no save)', () => {
      expect(paint('hi', 10)).toEqual(['fillText(hi,90,255)']);
      // Two lines: the second's baseline 17 px lower, its ink still inside.
      expect(paint('abcdefgh ijk', 10)).toEqual([
        'fillText(abcdefgh,90,255)',
        'fillText(ijk,90,272)',
      ]);
    });

    it('clips a caption whose ink would leave its box, or that reads right to left', () => {
      // Marks stacked high: the ink reaches 16 px above the baseline, over the box's top.
      expect(paint('hi', 16)).toEqual([
        'save()',
        'rect(90,240,60,54)',
        'clip()',
        'fillText(hi,90,255)',
        'restore()',
      ]);
      expect(paint('שלום', 10)).toContain('clip()');
    });
  });

  it('paints a Hebrew or Arabic caption right to left, from the outline’s right edge', () => {
    const { ctx, calls } = recorder();
    // As a canvas does, restore() takes back what was set since save().
    const saved: { direction: string; textAlign: string }[] = [];
    ctx.save = () => saved.push({ direction: ctx.direction, textAlign: ctx.textAlign });
    ctx.restore = () => Object.assign(ctx, saved.pop());
    // What the context is set to when each caption is filled.
    const fillText = ctx.fillText;
    ctx.fillText = (text, x, y) => {
      calls.push(`${ctx.direction} ${ctx.textAlign}`);
      fillText(text, x, y);
    };
    const painter = createSignaturePainter({ fontFamily: 'x', measureText });
    painter.prepare(ctx);
    for (const caption of ['שלום', '12 سلام', 'hi שלום']) {
      painter.paint(ctx, signature(1, 100, 200, caption));
    }
    expect(calls.filter((c) => /^(ltr|rtl) |^fillText/.test(c))).toEqual([
      // The outline runs from x = 90 to 150.
      'rtl right',
      'fillText(שלום,150,255)',
      'rtl right',
      'fillText(12 سلام,150,255)',
      // An English word first: left to right, as any caption was.
      'ltr left',
      'fillText(hi שלום,90,255)',
    ]);
    expect(painter.captionDirectionOf(signature(2, 100, 200, 'سلام'))).toBe('rtl');
  });

  it('writes #id for a signature without a caption, wrapped to its width', () => {
    const painter = createSignaturePainter({ fontFamily: 'x', measureText });
    expect(painter.captionLinesOf(signature(12345678, 100, 200))).toEqual(['#1234567', '8']);
  });

  it('paints a view: the outside, the wall, and only the signatures that reach into it', () => {
    const { ctx, calls } = recorder();
    const painter = createSignaturePainter({ fontFamily: 'x', measureText });
    const size = { width: 1200, height: 630 };
    const camera = pictureCamera(size, { x: 600, y: 315, zoom: 1 });
    expect(shownRect(size, camera)).toEqual({ x: 0, y: 0, width: 1200, height: 630 });
    paintView(ctx, size, camera, [signature(1, 100, 100), signature(2, 2000, 2000)], painter);
    expect(calls.filter((c) => c.startsWith('moveTo'))).toEqual(['moveTo(100,100)']);
    expect(calls.slice(0, 4)).toEqual([
      'setTransform(1,0,0,1,0,0)',
      'fillRect(0,0,1200,630)',
      'setTransform(1,0,0,1,0,0)',
      'save()',
    ]);
    expect(calls).toContain('fillRect(0,0,3200,3200)');
  });

  it('fits the whole wall into a picture: centred at its smallest zoom', () => {
    expect(pictureCamera({ width: 1200, height: 630 }, 'fit')).toEqual({
      scale: 630 / 3200,
      offset: { x: 285, y: 0 },
    });
  });
});

describe('keepingShortWidths', () => {
  it('measures a short text once and a longer one each time', () => {
    const measured: string[] = [];
    const width = keepingShortWidths((text) => {
      measured.push(text);
      return text.length * 7;
    });
    const long = 'x'.repeat(SHORT_TEXT + 1);
    expect([width('a'), width('a'), width(long), width(long)]).toEqual([7, 7, 63, 63]);
    expect(measured).toEqual(['a', long, long]);
  });
});
