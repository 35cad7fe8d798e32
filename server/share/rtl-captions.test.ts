/**
 * The link previews paint captions as the board does (src/domain/wall-painter.ts) on the server's
 * canvas (@napi-rs/canvas): a Hebrew or Arabic caption right to left, from its signature's right
 * edge; a Latin one left to right. Read from the pixels.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { signatureFromRow, type Signature } from '../../src/domain/signature.ts';
import { captionFont, createSignaturePainter } from '../../src/domain/wall-painter.ts';
import {
  LTR_CAPTION,
  readingOrder,
  RTL_CAPTION,
} from '../../tests/support/caption-reading-order.ts';
import { captionFamily } from './preview-picture.ts';

const signatureWith = (caption: string): Signature =>
  signatureFromRow({
    id: 1,
    signature: JSON.stringify([
      [
        [40, 40],
        [240, 40],
      ],
    ]),
    caption,
    created_at: '',
  })!;

/** Paints one signature on a fresh 300×150 canvas; answers how its caption reads. */
function paintedOrder(caption: string): string {
  const family = captionFamily();
  const font = family ? `"${family}"` : 'sans-serif';
  const canvas = createCanvas(300, 150);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#333333';
  ctx.fillRect(0, 0, 300, 150);
  const measuring = createCanvas(1, 1).getContext('2d');
  measuring.font = captionFont(font);
  const painter = createSignaturePainter<SKRSContext2D>({
    fontFamily: font,
    measureText: (text) => measuring.measureText(text).width,
  });
  const signature = signatureWith(caption);
  painter.prepare(ctx);
  painter.paint(ctx, signature);
  const { outline } = signature;
  const box = { x: outline.x, y: outline.y + outline.height, width: outline.width, height: 22 };
  const { data, width } = ctx.getImageData(0, 0, 300, 150);
  // Gold over grey: red well above blue (the white stroke is above the box).
  const isInk = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return data[i]! - data[i + 2]! > 40;
  };
  return readingOrder(box, isInk);
}

describe("the server's pictures of captions", () => {
  it('paint a Hebrew caption right to left, from the right edge', () => {
    expect(paintedOrder(RTL_CAPTION)).toBe('rtl');
  });

  it('paint an Arabic caption right to left too', () => {
    expect(paintedOrder('ش....')).toBe('rtl');
  });

  it('paint a Latin caption left to right, from the left edge', () => {
    expect(paintedOrder(LTR_CAPTION)).toBe('ltr');
  });
});
