/**
 * 'List of signatures': the wall as text, one entry per signature (its caption or '#id', when it
 * was signed, where), newest first or nearest first (to a wall point, the view's centre), filtered
 * by a search in the captions. Built for 10,000 signatures on a slow phone: the entries (with
 * their search text) are made once per wall, each search or order is one pass and, for the
 * nearest, one sort of numbers.
 */
import type { CameraState, Size } from '../../../domain/camera.ts';
import type { Point, Rect } from '../../../domain/geometry.ts';
import { defaultCaption } from '../../../domain/presentation.ts';
import type { Signature } from '../../../domain/signature.ts';
import { cameraCentredOn } from '../../../domain/view-link.ts';
import { centreOf } from './free-spot.ts';

export type ListOrder = 'newest' | 'nearest';

export interface ListEntry {
  readonly id: number;
  /** The caption, or '#id' for a signature without one. */
  readonly label: string;
  readonly createdAt: string;
  /** The centre of its outline: where the view goes, and what "where" says. */
  readonly centre: Point;
  /** What a search is matched against (searchText of the label). */
  readonly search: string;
}

/** Text as searched: accents and case dropped, so 'zoe' finds 'Zoë'. */
export function searchText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The entries of a wall in signing order (the wall's own: created_at, then id), oldest first. */
export function listEntries(signatures: readonly Signature[]): ListEntry[] {
  return signatures.map((s) => {
    const label = s.caption ?? defaultCaption(s.id);
    return {
      id: s.id,
      label,
      createdAt: s.createdAt,
      centre: centreOf(s.outline),
      search: searchText(label),
    };
  });
}

export interface ListQuery {
  readonly search: string;
  readonly order: ListOrder;
  /** The wall point 'nearest' measures from. */
  readonly from: Point;
}

/** The entries matching the search, in the order asked for (entries oldest first, as listEntries). */
export function listed(entries: readonly ListEntry[], query: ListQuery): ListEntry[] {
  const wanted = searchText(query.search.trim());
  const found: ListEntry[] = [];
  // Newest first is the wall's order backwards.
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (wanted === '' || entry.search.includes(wanted)) found.push(entry);
  }
  if (query.order === 'newest') return found;
  const [fx, fy] = query.from;
  const keyed = found.map((entry) => ({
    entry,
    distance: (entry.centre[0] - fx) ** 2 + (entry.centre[1] - fy) ** 2,
  }));
  // Equally near: the newer first (a stable sort keeps the newest-first order).
  keyed.sort((a, b) => a.distance - b.distance);
  return keyed.map((k) => k.entry);
}

/**
 * The camera that shows a chosen signature: centred on it at the current zoom, zoomed out as far
 * as needed for the whole of it to fit in 60 % of the screen (room beside it for its card).
 */
export function cameraOnSignature(
  outline: Rect,
  view: { readonly camera: CameraState; readonly viewport: Size },
): CameraState {
  const { camera, viewport } = view;
  const fit = Math.min(
    camera.scale,
    (0.6 * viewport.width) / Math.max(1, outline.width),
    (0.6 * viewport.height) / Math.max(1, outline.height),
  );
  return cameraCentredOn(centreOf(outline), fit, viewport);
}
