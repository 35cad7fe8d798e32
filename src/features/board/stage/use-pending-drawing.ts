/**
 * Draws the pending signature (strokes completed but not yet saved) with the dashed blue
 * selection outline around it. It changes once per stroke, so it is simply rebuilt.
 */
import type Konva from 'konva';
import { useEffect, type RefObject } from 'react';
import { outlineOf, type Stroke } from '../../../domain/geometry.ts';
import { createSelectionRect, createStrokeLine } from './signature-shapes.ts';

export function usePendingDrawing(
  groupRef: RefObject<Konva.Group | null>,
  pending: readonly Stroke[] | null,
): void {
  useEffect(() => {
    const group = groupRef.current;
    if (!group) return undefined;
    const outline = pending && outlineOf(pending);
    if (pending && outline) {
      for (const stroke of pending) group.add(createStrokeLine(stroke));
      group.add(createSelectionRect(outline));
    }
    return () => {
      group.destroyChildren();
    };
  }, [groupRef, pending]);
}
