/**
 * Where a signature's card goes on screen: next to the signature, not over it, where
 * there is room (below, above, right, left, in that order, centred on it along the other axis),
 * and always wholly on screen, a `margin` from its edges; where no side has room (a phone zoomed
 * in on a large signature) it goes on the side with most room, over the signature if it must.
 */
import type { CameraState, Size } from '../../../domain/camera.ts';
import type { Rect } from '../../../domain/geometry.ts';

export interface CardPlacement {
  readonly left: number;
  readonly top: number;
}

/** Space between the card and its signature, and between the card and the screen's edges. */
export const CARD_GAP = 8;
export const CARD_MARGIN = 8;

/** A wall rectangle as it lies on screen through the camera. */
export function screenRectOf(rect: Rect, camera: CameraState): Rect {
  const { scale, offset } = camera;
  return {
    x: rect.x * scale + offset.x,
    y: rect.y * scale + offset.y,
    width: rect.width * scale,
    height: rect.height * scale,
  };
}

function clamp(v: number, lo: number, hi: number): number {
  // A card larger than the screen starts at its top or left edge: its start is what to read.
  return Math.max(lo, Math.min(v, hi));
}

type Side = 'below' | 'above' | 'right' | 'left';
const SIDES: readonly Side[] = ['below', 'above', 'right', 'left'];

export function placeCard(target: Rect, card: Size, viewport: Size): CardPlacement {
  const maxLeft = viewport.width - CARD_MARGIN - card.width;
  const maxTop = viewport.height - CARD_MARGIN - card.height;
  const centredLeft = clamp(target.x + (target.width - card.width) / 2, CARD_MARGIN, maxLeft);
  const centredTop = clamp(target.y + (target.height - card.height) / 2, CARD_MARGIN, maxTop);
  // Room on each side of the signature, for the card and its gap.
  const room: Record<Side, number> = {
    below: viewport.height - CARD_MARGIN - (target.y + target.height + CARD_GAP),
    above: target.y - CARD_GAP - CARD_MARGIN,
    right: viewport.width - CARD_MARGIN - (target.x + target.width + CARD_GAP),
    left: target.x - CARD_GAP - CARD_MARGIN,
  };
  const need: Record<Side, number> = {
    below: card.height,
    above: card.height,
    right: card.width,
    left: card.width,
  };
  const side =
    SIDES.find((s) => room[s] >= need[s]) ??
    SIDES.reduce((best, s) => (room[s] - need[s] > room[best] - need[best] ? s : best));
  switch (side) {
    case 'below':
      return {
        left: centredLeft,
        top: clamp(target.y + target.height + CARD_GAP, CARD_MARGIN, maxTop),
      };
    case 'above':
      return {
        left: centredLeft,
        top: clamp(target.y - CARD_GAP - card.height, CARD_MARGIN, maxTop),
      };
    case 'right':
      return {
        left: clamp(target.x + target.width + CARD_GAP, CARD_MARGIN, maxLeft),
        top: centredTop,
      };
    case 'left':
      return {
        left: clamp(target.x - CARD_GAP - card.width, CARD_MARGIN, maxLeft),
        top: centredTop,
      };
  }
}
