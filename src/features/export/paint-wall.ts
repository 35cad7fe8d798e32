/**
 * The wall painted onto one 3200×3200 2D context: #333 behind every signature and its caption,
 * the signatures in wall order with the board's own painter. Shared by the page (render-wall.ts)
 * and the export's worker (export-worker.ts).
 */
import { WALL_BACKGROUND } from '../../domain/presentation.ts';
import { WALL_SIZE } from '../../domain/rules.ts';
import type { Signature } from '../../domain/signature.ts';
import { paintSignature, prepareSignaturePaint } from '../../ui/paint-signature.ts';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Paints `signatures` onto `ctx` in order; `pause` is awaited whenever it answers true (the page
 * yields to the browser there; a worker never needs to).
 */
export async function paintWall(
  ctx: Context2D,
  signatures: readonly Signature[],
  pause: () => Promise<void> | null = () => null,
): Promise<void> {
  ctx.fillStyle = WALL_BACKGROUND;
  ctx.fillRect(0, 0, WALL_SIZE, WALL_SIZE);
  prepareSignaturePaint(ctx);
  for (const signature of signatures) {
    paintSignature(ctx, signature);
    const wait = pause();
    if (wait) await wait;
  }
}
