import { describe, expect, it } from 'vitest';
import { CARD_GAP, CARD_MARGIN, placeCard, screenRectOf } from './card-placement.ts';
import { rectsMeet } from '../../../domain/geometry.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CARD = { width: 288, height: 150 };

const onScreen = (p: { left: number; top: number }, card: typeof CARD, viewport: typeof PHONE) =>
  p.left >= CARD_MARGIN &&
  p.top >= CARD_MARGIN &&
  p.left + card.width <= viewport.width - CARD_MARGIN &&
  p.top + card.height <= viewport.height - CARD_MARGIN;

describe('placeCard', () => {
  it('goes below the signature, centred on it, where there is room', () => {
    const target = { x: 500, y: 200, width: 200, height: 100 };
    expect(placeCard(target, CARD, DESKTOP)).toEqual({ left: 456, top: 300 + CARD_GAP });
  });

  it('goes above a signature near the bottom, right or left of a tall one', () => {
    expect(placeCard({ x: 500, y: 700, width: 200, height: 60 }, CARD, DESKTOP).top).toBe(
      700 - CARD_GAP - CARD.height,
    );
    const tall = { x: 200, y: 50, width: 100, height: 700 };
    expect(placeCard(tall, CARD, DESKTOP).left).toBe(300 + CARD_GAP);
    const tallRight = { x: 1100, y: 50, width: 100, height: 700 };
    expect(placeCard(tallRight, CARD, DESKTOP).left).toBe(1100 - CARD_GAP - CARD.width);
  });

  it('stays on screen beside a signature at the screen’s edge, never over it', () => {
    const target = { x: -50, y: 100, width: 120, height: 80 };
    const p = placeCard(target, CARD, PHONE);
    expect(onScreen(p, CARD, PHONE)).toBe(true);
    expect(rectsMeet({ x: p.left, y: p.top, ...CARD }, target)).toBe(false);
  });

  it('on a phone zoomed in on a large signature (no side has room) it is still wholly on screen', () => {
    const target = { x: -100, y: -100, width: 600, height: 1000 };
    const p = placeCard(target, CARD, PHONE);
    expect(onScreen(p, CARD, PHONE)).toBe(true);
  });

  it('a signature partly off screen: the card stays on screen', () => {
    for (const target of [
      { x: 300, y: 780, width: 200, height: 200 },
      { x: 1200, y: -100, width: 300, height: 150 },
    ]) {
      expect(onScreen(placeCard(target, CARD, DESKTOP), CARD, DESKTOP)).toBe(true);
    }
  });
});

describe('screenRectOf', () => {
  it('scales and moves a wall rectangle as the camera shows it', () => {
    const camera = { scale: 2, offset: { x: -100, y: 50 } };
    expect(screenRectOf({ x: 100, y: 10, width: 30, height: 40 }, camera)).toEqual({
      x: 100,
      y: 70,
      width: 60,
      height: 80,
    });
  });
});
