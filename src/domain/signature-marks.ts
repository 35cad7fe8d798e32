/**
 * How a board other than the visitor's marks signatures (on /moderate): a signature drawn
 * dimmed (hidden from visitors), a badge beside it (its report count), and the camera that brings
 * a chosen signature into the middle of the view. Pure: the board (src/features/board) draws what
 * these say, the moderation page (src/features/moderate) says what each signature gets.
 */
import type { CameraState, Size } from './camera.ts';
import type { Rect } from './geometry.ts';
import { cameraCentredOn } from './view-link.ts';

/** What a board draws on or beside one signature besides its strokes and caption. */
export interface SignatureDecoration {
  /** Drawn faint: still there, plainly not what visitors see. */
  readonly dimmed: boolean;
  /** A short text in a badge at the signature's top-right corner (null: no badge). */
  readonly badge: string | null;
}

export type Decorations = ReadonlyMap<number, SignatureDecoration>;

const NO_IDS: ReadonlySet<number> = new Set();

/** The ids drawn dimmed. */
export function dimmedIds(decorations: Decorations | undefined): ReadonlySet<number> {
  if (!decorations) return NO_IDS;
  const out = new Set<number>();
  for (const [id, decoration] of decorations) if (decoration.dimmed) out.add(id);
  return out.size === 0 ? NO_IDS : out;
}

/** The badges to draw, by id. */
export function badgesOf(decorations: Decorations | undefined): ReadonlyMap<number, string> {
  const out = new Map<number, string>();
  if (decorations) for (const [id, { badge }] of decorations) if (badge) out.set(id, badge);
  return out;
}

/**
 * The owner's view of the wall: hidden signatures dimmed, reported ones badged with their count.
 * A signature with neither gets no entry, so the map stays as small as what needs marking.
 */
export function moderationDecorations(
  hiddenIds: Iterable<number>,
  reportCounts: ReadonlyMap<number, number>,
): Decorations {
  const out = new Map<number, SignatureDecoration>();
  for (const id of hiddenIds) out.set(id, { dimmed: true, badge: null });
  for (const [id, count] of reportCounts) {
    if (count <= 0) continue;
    out.set(id, { dimmed: out.get(id)?.dimmed ?? false, badge: String(count) });
  }
  return out;
}

/** Screen pixels kept around a signature brought into view. */
export const SHOW_MARGIN = 40;

/**
 * The camera that shows `outline` in the middle of the viewport: at 1:1 (strokes at their drawn
 * size, captions readable), or further out when it would not fit with SHOW_MARGIN around it; as
 * near the middle as the wall's edges allow.
 */
export function cameraShowing(outline: Rect, viewport: Size): CameraState {
  const room = (screen: number, wall: number) =>
    wall > 0 ? Math.max(screen - 2 * SHOW_MARGIN, 1) / wall : Infinity;
  const scale = Math.min(
    1,
    room(viewport.width, outline.width),
    room(viewport.height, outline.height),
  );
  const centre = [outline.x + outline.width / 2, outline.y + outline.height / 2] as const;
  return cameraCentredOn(centre, scale, viewport);
}

/**
 * True when `outline` lies wholly inside what `camera` shows: a signature tapped on the board is
 * already in view and needs no move.
 */
export function inView(outline: Rect, camera: CameraState, viewport: Size): boolean {
  const left = outline.x * camera.scale + camera.offset.x;
  const top = outline.y * camera.scale + camera.offset.y;
  return (
    left >= 0 &&
    top >= 0 &&
    left + outline.width * camera.scale <= viewport.width &&
    top + outline.height * camera.scale <= viewport.height
  );
}
