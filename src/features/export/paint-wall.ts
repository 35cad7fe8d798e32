/**
 * The wall painted onto one 3200×3200 2D context with the board's own painter: #333 behind every
 * signature and its caption, the signatures in wall order (src/domain/wall-painter.ts). Shared by
 * the page (render-wall.ts) and the export's worker (export-worker.ts).
 */
import type { Signature } from '../../domain/signature.ts';
import { paintWall as paintWallWith } from '../../domain/wall-painter.ts';
import { signaturePainter } from '../../ui/paint-signature.ts';

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Paints `signatures` onto `ctx` in order; `pause` is awaited whenever it answers true (the page
 * yields to the browser there; a worker never needs to).
 */
export function paintWall(
  ctx: Context2D,
  signatures: readonly Signature[],
  pause: () => Promise<void> | null = () => null,
): Promise<void> {
  return paintWallWith(ctx, signatures, signaturePainter, pause);
}
