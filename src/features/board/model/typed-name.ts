/**
 * 'Type your name': a name laid out in a single-stroke font (hershey-text.ts) becomes a pending
 * signature like one drawn by hand. It is sized for the view (about as tall on screen as a name
 * written with a finger or a mouse), grown where the weight rule wants more wall for its bytes,
 * shrunk to the size and length limits, and put at the centre of the view, or at the nearest free
 * spot when something is there (free-spot.ts, clear of every outline with their padding, and of
 * the captions painted under them, and from under the board's own controls). The strokes are checked as the database will check them
 * (typedStrokesProblem; the board's transition checks them again).
 *
 * "The centre of the view" is the middle of the screen's width, and of its height unless the
 * caption box, which opens on the name a little above the middle (caption-box.css), would cover
 * it: then just below the box.
 */
import {
  clampOffset,
  clampScale,
  visibleWallRect,
  type CameraState,
  type Size,
} from '../../../domain/camera.ts';
import { WALL_SIZE } from '../../../domain/rules.ts';
import { strokesLength, type Point, type Rect, type Stroke } from '../../../domain/geometry.ts';
import {
  MAX_CAPTION_LENGTH,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  MAX_STROKE_LENGTH,
  OUTLINE_PADDING,
} from '../../../domain/rules.ts';
import { strokesToSave, type SavingOutlines } from '../../../domain/simplify.ts';
import { wallPoint } from '../../../domain/signature.ts';
import { findSignatureProblem } from '../../../domain/new-signature.ts';
import { canonicalStrokes, captionRoom } from '../../../domain/signature-weight.ts';
import type { ToastKind } from '../../../domain/toast.ts';
import { CAPTION_STYLE } from '../../../domain/presentation.ts';
import { centreOf, findFreeSpot } from './free-spot.ts';
import type { TextStrokes } from './hershey-text.ts';

/** How tall a capital of the script is, in its font units (top of a capital to the baseline). */
export const CAP_UNITS = 21;
/** A typed name's capitals are this many screen px tall when nothing asks for another size. */
export const TYPED_CAP_SCREEN_PX = 44;
/**
 * …within these wall px, whatever the zoom: readable when the wall is seen at 1:1 (names written
 * on the board by hand are 20 to 160 px high), and no larger than a generous hand's.
 */
export const TYPED_CAP_WALL_PX = { min: 24, max: 120 } as const;
/** A typed name spans at most this share of the screen's width, and of its height. */
const SCREEN_SHARE = { width: 0.7, height: 0.5 };
/**
 * A typed name leaves room (weight rule) for a caption of this many bytes: the longest caption
 * of plain letters. Small names on a fine grid claim few nodes for their bytes, so they are drawn
 * bigger until they have it.
 */
export const TYPED_CAPTION_ROOM = MAX_CAPTION_LENGTH;
/** Each try at a size the weight rule refuses grows the name by this much. */
const GROWTH = 1.2;
/** Wall px kept from the size limit, for the rounding of coordinates. */
const SIZE_MARGIN = 2;
/**
 * The caption box on screen (caption-box.css): centred at 40 % of the screen's height, about
 * 150 px tall; a typed name keeps this gap from it.
 */
const CAPTION_BOX = { centre: 0.4, halfHeight: 80, gap: 12 } as const;
/**
 * The wall under an outline that its caption may take (to its last line's descent): a typed name
 * keeps clear of other signatures' captions, and leaves room for its own.
 */
export const CAPTION_BAND =
  CAPTION_STYLE.baselineOffset +
  (CAPTION_STYLE.maxLines - 1) * CAPTION_STYLE.lineHeight +
  CAPTION_STYLE.descent;

export interface TypedView {
  readonly camera: CameraState;
  readonly viewport: Size;
  /**
   * Screen rectangles (CSS px) the board's own controls cover (the overview, the tools' column):
   * a name is not put under them when the wall has room elsewhere.
   */
  readonly covered?: readonly Rect[];
}

export type TypedNameOutcome =
  | { readonly ok: true; readonly strokes: readonly Stroke[]; readonly camera: CameraState }
  /**
   * 'too-long': no size keeps the name within the limits (strokes, points, length, weight);
   * 'no-room': no free spot on the wall takes it.
   */
  | { readonly ok: false; readonly reason: 'too-long' | 'no-room' };

/** Font units to wall px: `unit` wall px per unit, the box's top-left corner at `at`. */
function scaled(text: TextStrokes, unit: number, at: Point): Stroke[] {
  const out: Stroke[] = [];
  for (const stroke of text.strokes) {
    const points: Point[] = [];
    for (const [x, y] of stroke) {
      const p = wallPoint(at[0] + (x - text.minX) * unit, at[1] + (y - text.minY) * unit);
      const last = points[points.length - 1];
      // A small name rounds neighbouring points together: one is enough.
      if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
    }
    if (points.length >= 2) out.push(points);
  }
  return out;
}

/**
 * Why the board would refuse these typed strokes as a pending signature (the toast it says), or
 * null: they meet no saved outline, and saved as the board saves them they pass every rule the
 * database checks.
 */
export function typedStrokesProblem(
  strokes: readonly Stroke[],
  outlines: SavingOutlines,
): ToastKind | null {
  for (const stroke of strokes) {
    for (let i = 0; i < stroke.length; i++) {
      if (outlines.itemAtPoint(stroke[i]!)) return 'blocked';
      if (i > 0 && outlines.itemOnSegment(stroke[i - 1]!, stroke[i]!)) return 'blocked';
    }
  }
  switch (findSignatureProblem(strokesToSave(strokes, outlines), null)) {
    case null:
      return null;
    case 'too-many-strokes':
      return 'tooManyStrokes';
    case 'too-many-points':
      return 'tooManyPoints';
    case 'too-big':
      return 'tooBig';
    case 'too-long':
      return 'tooLong';
    case 'too-heavy':
      return 'tooDense';
    default:
      return 'blocked';
  }
}

/** True when the strokes, saved alone on the wall, pass every rule and leave a caption room. */
function fitsAlone(strokes: readonly Stroke[]): boolean {
  const none: SavingOutlines = { itemAtPoint: () => undefined, itemOnSegment: () => undefined };
  const saved = strokesToSave(strokes, none);
  return (
    findSignatureProblem(saved, null) === null &&
    captionRoom(canonicalStrokes(saved)) >= TYPED_CAPTION_ROOM
  );
}

/**
 * Wall px per font unit for `text` in this view: the screen's size first (TYPED_CAP_SCREEN_PX,
 * within TYPED_CAP_WALL_PX), then at most what the size and length limits allow, at least what
 * the weight rule wants; null when those cross.
 */
export function typedUnit(text: TextStrokes, view: TypedView): number | null {
  const width = Math.max(1, text.maxX - text.minX);
  const height = Math.max(1, text.maxY - text.minY);
  const { viewport, camera } = view;
  const onScreen = Math.min(
    TYPED_CAP_SCREEN_PX / CAP_UNITS,
    (SCREEN_SHARE.width * viewport.width) / width,
    (SCREEN_SHARE.height * viewport.height) / height,
  );
  const length = strokesLength(text.strokes);
  const largest = Math.min(
    (MAX_SIGNATURE_WIDTH - SIZE_MARGIN) / width,
    (MAX_SIGNATURE_HEIGHT - SIZE_MARGIN) / height,
    length > 0 ? (MAX_STROKE_LENGTH * 0.98) / length : Infinity,
  );
  const wanted = Math.min(
    TYPED_CAP_WALL_PX.max / CAP_UNITS,
    Math.max(TYPED_CAP_WALL_PX.min / CAP_UNITS, onScreen / camera.scale),
  );
  let unit = Math.min(largest, wanted);
  const at = namePoint(view, (text.maxY - text.minY) * unit);
  for (;;) {
    if (fitsAlone(scaled(text, unit, at))) return unit;
    if (unit >= largest) return null;
    unit = Math.min(largest, unit * GROWTH);
  }
}

/**
 * The screen y at which a name `height` screen px tall is centred: the middle of the screen, or
 * just below the caption box when that would cover it (and above the screen's bottom edge).
 */
function nameScreenY(viewport: Size, height: number): number {
  const half = height / 2;
  const belowBox =
    viewport.height * CAPTION_BOX.centre + CAPTION_BOX.halfHeight + CAPTION_BOX.gap + half;
  return Math.min(
    Math.max(viewport.height / 2, belowBox),
    Math.max(viewport.height / 2, viewport.height - half - CAPTION_BOX.gap),
  );
}

/** The wall point where a name `height` wall px tall is centred in this view (nameScreenY). */
function namePoint(view: TypedView, height: number): Point {
  const { camera, viewport } = view;
  const y = nameScreenY(viewport, height * camera.scale);
  const clamp = (v: number) => Math.min(WALL_SIZE, Math.max(0, v));
  return [
    clamp((viewport.width / 2 - camera.offset.x) / camera.scale),
    clamp((y - camera.offset.y) / camera.scale),
  ];
}

/**
 * The camera that shows all of `spot` (a name `height` wall px tall, with its caption's room
 * under it): as it is when it does, else with the name where namePoint puts names, zoomed out if
 * need be.
 */
function cameraShowing(spot: Rect, height: number, view: TypedView): CameraState {
  const { camera, viewport } = view;
  const seen = visibleWallRect(camera.offset, viewport, camera.scale);
  const inside =
    spot.x >= seen.x &&
    spot.y >= seen.y &&
    spot.x + spot.width <= seen.x + seen.width &&
    spot.y + spot.height <= seen.y + seen.height;
  if (inside) return camera;
  const scale = clampScale(
    Math.min(
      camera.scale,
      (0.9 * viewport.width) / spot.width,
      (0.9 * viewport.height) / spot.height,
    ),
    viewport,
  );
  // The spot's centre lies half its caption's room below the name's.
  const y = nameScreenY(viewport, height * scale) + (CAPTION_BAND * scale) / 2;
  const [cx, cy] = centreOf(spot);
  const offset = clampOffset(
    { x: viewport.width / 2 - cx * scale, y: y - cy * scale },
    viewport,
    scale,
  );
  return { scale, offset };
}

/**
 * The typed name as a pending signature for this view: sized (typedUnit), placed at the view's
 * centre (namePoint) or the free spot nearest to it, and the camera that shows it (the same
 * camera when it is in view already). `saved` are the wall's outlines, `outlines` their index.
 */
export function placeTypedName(
  text: TextStrokes,
  view: TypedView,
  saved: readonly Rect[],
  outlines: SavingOutlines,
): TypedNameOutcome {
  const unit = typedUnit(text, view);
  if (unit === null) return { ok: false, reason: 'too-long' };
  const width = (text.maxX - text.minX) * unit;
  const height = (text.maxY - text.minY) * unit;
  // The spot is the name's outline, a pixel more on each side for the rounding, and its caption.
  const inset = OUTLINE_PADDING + 1;
  const size = {
    width: Math.ceil(width) + 2 * inset,
    height: Math.ceil(height) + 2 * inset + CAPTION_BAND,
  };
  // Every signature has a caption painted under it ('#id' when it has none of its own).
  const taken = saved.map((outline) => ({ ...outline, height: outline.height + CAPTION_BAND }));
  const { scale, offset } = view.camera;
  for (const r of view.covered ?? []) {
    const x = (r.x - offset.x) / scale;
    const y = (r.y - offset.y) / scale;
    taken.push({ x, y, width: r.width / scale, height: r.height / scale });
  }
  // findFreeSpot centres the spot on the point: the name, above its caption, on namePoint.
  const [x, y] = namePoint(view, height);
  const spot = findFreeSpot(taken, [x, y + CAPTION_BAND / 2], size);
  if (!spot) return { ok: false, reason: 'no-room' };
  const strokes = scaled(text, unit, [spot.x + inset, spot.y + inset]);
  if (typedStrokesProblem(strokes, outlines) !== null) return { ok: false, reason: 'no-room' };
  return { ok: true, strokes, camera: cameraShowing(spot, height, view) };
}
