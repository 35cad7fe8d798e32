/**
 * Draws the saved signatures, but only those near the viewport. Konva draws every visible node
 * on every frame and does no culling of its own, so a wall with thousands of signatures would
 * make each pan frame redraw all of them (research/konva.md §1: 155 ms → 12 ms at 3000).
 *
 * Groups are built imperatively with the shared shapes, cached by id, and shown or hidden as the
 * camera moves; React renders nothing while panning.
 */
import type Konva from 'konva';
import { useEffect, useRef, type RefObject } from 'react';
import { visibleWallRect, type Size } from '../../domain/camera.ts';
import type { OutlineIndex } from '../../domain/outline-index.ts';
import type { Signature } from '../../domain/signature.ts';
import { createSignatureGroup } from '../../ui/signature-shapes.ts';

interface Culled {
  groups: Map<number, Konva.Group>;
  shown: Set<number>;
}

/** Half a viewport each side: a fast fling shows drawn signatures, not ones still appearing. */
export function cullMargin(viewport: Size): number {
  return Math.max(viewport.width, viewport.height) / 2;
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
      const rect = visibleWallRect(stage.position(), viewport, 1, cullMargin(viewport));
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
