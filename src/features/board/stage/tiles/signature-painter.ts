/**
 * How a board that dims some signatures paints them into its tiles (on /moderate, hidden ones
 * stay on the owner's board, faint). The visitor's board never dims, and paints with
 * `paintSignature` itself.
 */
import type { Signature } from '../../../../domain/signature.ts';
import { paintSignature } from '../../../../ui/paint-signature.ts';
import type { SignaturePainter, TileContext } from './tile.ts';

/** A dimmed signature's opacity: plainly there (its shape can be judged), plainly not the rest. */
export const DIMMED_ALPHA = 0.3;

/** Paints a signature whose id `dimmed` holds (asked at paint time) at DIMMED_ALPHA. */
export function dimmingPainter(dimmed: () => ReadonlySet<number>): SignaturePainter {
  return (ctx: TileContext, signature: Signature) => {
    if (!dimmed().has(signature.id)) {
      paintSignature(ctx, signature);
      return;
    }
    ctx.globalAlpha = DIMMED_ALPHA;
    paintSignature(ctx, signature);
    ctx.globalAlpha = 1;
  };
}
