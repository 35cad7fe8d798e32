/**
 * A layer that shows nothing is hidden (its canvas `display: none`) until it shows something
 * again. Every camera move redraws the stage's layers, and the browser hands every redrawn canvas
 * to its compositor: for the draft layer, empty unless someone is drawing, that was a clear and
 * a full-screen copy per frame for nothing (issue 22: a quarter of a zoom frame's main thread on
 * a phone with its CPU slowed 4×).
 */
import type Konva from 'konva';

function showsAnything(node: Konva.Node): boolean {
  if (!node.visible()) return false;
  const children = (node as Konva.Container).getChildren?.();
  return children === undefined || children.some(showsAnything);
}

/** Keeps `layer` hidden while it has nothing visible, checked before each of its draws. */
export function hideWhileEmpty(layer: Konva.Layer | null): () => void {
  if (!layer) return () => undefined;
  const sync = () => {
    const shows = layer.getChildren().some(showsAnything);
    if (layer.visible() !== shows) layer.visible(shows);
  };
  sync();
  layer.on('beforeDraw.hideWhileEmpty', sync);
  return () => {
    layer.off('beforeDraw.hideWhileEmpty');
    layer.visible(true);
  };
}
