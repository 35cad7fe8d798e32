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

/** Keeps `layer`'s canvas out of the page while it has nothing visible, checked before each draw. */
export function hideWhileEmpty(layer: Konva.Layer | null): () => void {
  if (!layer) return () => undefined;
  const element = layer.getCanvas()._canvas;
  const sync = () => {
    const display = layer.getChildren().some(showsAnything) ? 'block' : 'none';
    if (element.style.display !== display) element.style.display = display;
  };
  sync();
  layer.on('beforeDraw.hideWhileEmpty', sync);
  return () => {
    layer.off('beforeDraw.hideWhileEmpty');
    element.style.display = 'block';
  };
}
