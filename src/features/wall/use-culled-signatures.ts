/**
 * Draws the saved signatures, but only those near the viewport. Konva draws every visible node
 * on every frame and does no culling of its own, so a wall with thousands of signatures would
 * make each pan frame redraw all of them (docs/research/konva.md §1: 155 ms → 12 ms at 3000).
 *
 * Groups are built imperatively with the shared shapes, cached by id, and shown or hidden as the
 * camera moves; React renders nothing while panning.
 */
import type Konva from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import { visibleWallRect, type Offset, type Size } from '../../domain/camera.ts';
import type { Rect } from '../../domain/geometry.ts';
import type { OutlineIndex } from '../../domain/outline-index.ts';
import type { Signature } from '../../domain/signature.ts';
import { createSignatureGroup } from '../../ui/signature-shapes.ts';

interface Culled {
  groups: Map<number, Konva.Group>;
  shown: Set<number>;
}

/**
 * The wall rect whose signatures are drawn (at the stage's scale): the visible part plus half a
 * viewport on each side,
 * so a quick pan shows signatures already drawn rather than ones appearing. Any larger and each
 * pan frame draws more than it needs (Konva draws what is visible, on canvas or not).
 */
export function drawnWallRect(offset: Offset, viewport: Size, scale = 1): Rect {
  const visible = visibleWallRect(offset, viewport, scale);
  const mx = visible.width / 2;
  const my = visible.height / 2;
  return {
    x: visible.x - mx,
    y: visible.y - my,
    width: visible.width + 2 * mx,
    height: visible.height + 2 * my,
  };
}

export function useCulledSignatures(
  layerRef: RefObject<Konva.Layer | null>,
  stageRef: RefObject<Konva.Stage | null>,
  signatures: readonly Signature[],
  index: OutlineIndex<Signature>,
  viewport: Size,
  onCameraMove: (listener: () => void) => () => void,
): void {
  const culled = useRef<Culled>({ groups: new Map(), shown: new Set() });

  useEffect(() => {
    const layer = layerRef.current;
    const stage = stageRef.current;
    if (!layer || !stage) return undefined;
    const { groups, shown } = culled.current;

    // Signatures that left the wall (a reload after a lost race) take their groups with them.
    const ids = new Set(signatures.map((s) => s.id));
    for (const [id, group] of groups) {
      if (!ids.has(id)) {
        group.destroy();
        groups.delete(id);
        shown.delete(id);
      }
    }

    const update = () => {
      const rect = drawnWallRect(stage.position(), viewport, stage.scaleX());
      const wanted = new Set<number>();
      for (const signature of index.itemsInRect(rect)) {
        wanted.add(signature.id);
        let group = groups.get(signature.id);
        if (!group) {
          group = createSignatureGroup(signature);
          groups.set(signature.id, group);
          layer.add(group);
        }
        if (!shown.has(signature.id)) {
          group.visible(true);
          shown.add(signature.id);
        }
      }
      for (const id of shown) {
        if (!wanted.has(id)) {
          groups.get(id)?.visible(false);
          shown.delete(id);
        }
      }
    };
    update();
    return onCameraMove(update);
  }, [layerRef, stageRef, signatures, index, viewport, onCameraMove]);

  // The groups belong to the layer; destroying the Stage on unmount destroys them too, but the
  // cache must not hand out destroyed nodes if the layer is ever remounted.
  useEffect(() => {
    const { groups, shown } = culled.current;
    return () => {
      for (const group of groups.values()) group.destroy();
      groups.clear();
      shown.clear();
    };
  }, []);
}
