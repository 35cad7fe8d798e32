/**
 * Draws the saved signatures in the given layer from cached bitmap tiles (tiles/tile-renderer.ts):
 * the renderer lives as long as the layer, and hears of every change of the wall's signatures.
 * Camera moves need nothing from React: the layer redraws and the renderer composes its tiles.
 */
import type Konva from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import type { Signature } from '../../../domain/signature.ts';
import { TileRenderer } from './tiles/tile-renderer.ts';

export function useTiledSignatures(
  layerRef: RefObject<Konva.Layer | null>,
  signatures: readonly Signature[],
  /** Ids painted dimmed (the owner's board); the visitor's board passes none. */
  dimmed?: ReadonlySet<number>,
  /** Hears of each frame that first shows the view drawn with the signatures of now. */
  viewDrawn?: () => void,
): void {
  const renderer = useRef<TileRenderer | null>(null);
  const onViewDrawn = useRef(viewDrawn);
  useEffect(() => {
    onViewDrawn.current = viewDrawn;
  }, [viewDrawn]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return undefined;
    const created = new TileRenderer(layer, () => onViewDrawn.current?.());
    renderer.current = created;
    return () => {
      created.destroy();
      renderer.current = null;
    };
  }, [layerRef]);

  useEffect(() => {
    renderer.current?.setSignatures(signatures, dimmed);
  }, [signatures, dimmed]);
}
