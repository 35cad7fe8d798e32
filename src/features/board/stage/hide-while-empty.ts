/**
 * A layer that shows nothing keeps its canvas out of the page (`display: none`) until it shows
 * something again. Every camera move redraws the stage's layers, and the browser hands every
 * redrawn canvas to its compositor: for the draft layer, empty unless someone is drawing, that was
 * a clear and a full-screen copy per frame for nothing (a quarter of a zoom frame's main thread
 * on a phone with its CPU slowed 4×).
 *
 * Only the canvas element's style changes, never the layer's `visible`: pictures of the stage
 * (`stage.toCanvas`) keep drawing the layer whatever the screen shows at that moment.
 */
import type Konva from 'konva';

function showsAnything(node: Konva.Node): boolean {
  if (!node.visible()) return false;
  const children = (node as Konva.Container).getChildren?.();
  return children === undefined || children.some(showsAnything);
}

/** While set on a layer, its canvas stays in the page even empty (warmUp). */
const WARMING = 'warmingUp';

/**
 * The first frames a layer's canvas is in the page cost the browser its buffers for it, one per
 * frame in flight: a 4×-slowed phone spent ~120 ms in each of a first stroke's first three frames
 * (later strokes, none). warmUp shows the empty canvas for those frames, redrawn in each, at a
 * moment nothing moves (drawing turned on), so the first stroke finds them made.
 */
export function warmUp(layer: Konva.Layer | null, frames = 3): void {
  if (!layer || layer.getAttr(WARMING)) return;
  layer.setAttr(WARMING, true);
  let left = frames;
  // One draw a frame: the next is asked for once this one is done.
  const next = () => requestAnimationFrame(() => layer.batchDraw());
  layer.on('draw.warmUp', () => {
    if (--left === 0) {
      layer.off('draw.warmUp');
      layer.setAttr(WARMING, false);
    }
    next();
  });
  layer.batchDraw();
}

/** Keeps `layer`'s canvas out of the page while it has nothing visible, checked before each draw. */
export function hideWhileEmpty(layer: Konva.Layer | null): () => void {
  if (!layer) return () => undefined;
  const element = layer.getCanvas()._canvas;
  const sync = () => {
    const shown = layer.getAttr(WARMING) || layer.getChildren().some(showsAnything);
    const display = shown ? 'block' : 'none';
    if (element.style.display !== display) element.style.display = display;
  };
  sync();
  layer.on('beforeDraw.hideWhileEmpty', sync);
  return () => {
    layer.off('beforeDraw.hideWhileEmpty');
    element.style.display = 'block';
  };
}
