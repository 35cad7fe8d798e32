/**
 * The view in the address: `#x=<int>&y=<int>&zoom=<number>`, where (x, y) is the wall point at the
 * centre of the screen. A link someone shares opens the board on the same spot, clamped to the
 * wall as every view is. A hash comes from anyone, so reading it never throws: a missing or
 * unreadable x or y ignores the hash, anything out of range is clamped.
 */
import {
  clampOffset,
  clampScale,
  MAX_SCALE,
  minScale,
  type CameraState,
  type Size,
} from './camera.ts';
import { WALL_SIZE } from './rules.ts';
import type { Point } from './geometry.ts';

export interface ViewLink {
  /** The wall point at the centre of the screen, whole wall pixels in [0, WALL_SIZE]. */
  readonly x: number;
  readonly y: number;
  /** Screen pixels per wall pixel; the viewport's own bounds apply when the view opens. */
  readonly zoom: number;
}

/** The zoom of a link that names none (or an unreadable one): the board's default. */
export const DEFAULT_ZOOM = 1;
/** Zooms are written with this many decimals: enough for any step, short in a link. */
const ZOOM_DECIMALS = 3;
/** The furthest zoom a link may ask for before the viewport's own minimum applies. */
const MIN_LINK_ZOOM = 0.01;
/** Longer values are junk: no coordinate or zoom needs them, and a huge one costs parsing. */
const MAX_VALUE_CHARS = 32;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A finite number written plainly (no hex, no empty string, no whitespace), else null. */
function numberOf(text: string | null): number | null {
  if (text === null || text.length === 0 || text.length > MAX_VALUE_CHARS) return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function paramsOf(hash: string): URLSearchParams | null {
  try {
    return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  } catch {
    return null;
  }
}

/** The view a location hash names, clamped to the wall; null when it names none. */
export function parseViewHash(hash: string): ViewLink | null {
  const params = paramsOf(hash);
  if (!params) return null;
  const x = numberOf(params.get('x'));
  const y = numberOf(params.get('y'));
  if (x === null || y === null) return null;
  const zoom = numberOf(params.get('zoom'));
  return {
    x: Math.round(clamp(x, 0, WALL_SIZE)),
    y: Math.round(clamp(y, 0, WALL_SIZE)),
    zoom: zoom === null || zoom <= 0 ? DEFAULT_ZOOM : clamp(zoom, MIN_LINK_ZOOM, MAX_SCALE),
  };
}

/** `#x=640&y=400&zoom=1.25`: whole wall pixels, the zoom to three decimals. */
export function formatViewHash(view: ViewLink): string {
  const x = Math.round(clamp(view.x, 0, WALL_SIZE));
  const y = Math.round(clamp(view.y, 0, WALL_SIZE));
  const zoom = Number(clamp(view.zoom, MIN_LINK_ZOOM, MAX_SCALE).toFixed(ZOOM_DECIMALS));
  return `#x=${x}&y=${y}&zoom=${zoom}`;
}

/** The wall point at the centre of the viewport (clamped to the wall). */
export function viewCentre(camera: CameraState, viewport: Size): Point {
  return [
    clamp((viewport.width / 2 - camera.offset.x) / camera.scale, 0, WALL_SIZE),
    clamp((viewport.height / 2 - camera.offset.y) / camera.scale, 0, WALL_SIZE),
  ];
}

/** The link to what the camera shows. */
export function viewOfCamera(camera: CameraState, viewport: Size): ViewLink {
  const [x, y] = viewCentre(camera, viewport);
  return { x: Math.round(x), y: Math.round(y), zoom: camera.scale };
}

/**
 * The camera showing `point` at the centre of the viewport at `scale`, as near as the wall's
 * edges allow (scale and offset clamped as always).
 */
export function cameraCentredOn(point: Point, scale: number, viewport: Size): CameraState {
  const s = clampScale(scale, viewport);
  const offset = clampOffset(
    { x: viewport.width / 2 - point[0] * s, y: viewport.height / 2 - point[1] * s },
    viewport,
    s,
  );
  return { scale: s, offset };
}

/**
 * Where the board opens: on the linked view when there is one ('fit': the whole wall), else at
 * the wall's origin at 1:1 (a screen larger than the wall shows it centred). With visibleWallRect, the part of the wall
 * to load first.
 */
export function initialCamera(viewport: Size, link: ViewLink | 'fit' | null = null): CameraState {
  if (link === 'fit') {
    const fit = minScale(viewport);
    return { scale: fit, offset: clampOffset({ x: 0, y: 0 }, viewport, fit) };
  }
  if (link) return cameraCentredOn([link.x, link.y], link.zoom, viewport);
  const scale = clampScale(DEFAULT_ZOOM, viewport);
  return { scale, offset: clampOffset({ x: 0, y: 0 }, viewport, scale) };
}

/**
 * The view a link's query names (`?x=…&y=…&zoom=…`, as share links carry it, so that a crawler,
 * which never sends the hash, sees it too), read as the hash is; `zoom=fit` names the whole wall
 * whatever x and y say. Null when it names no view.
 */
export function parseViewQuery(query: string): ViewLink | 'fit' | null {
  const params = paramsOf(query.startsWith('?') ? query.slice(1) : query);
  if (params?.get('zoom') === 'fit') return 'fit';
  return parseViewHash(query.startsWith('?') ? query.slice(1) : query);
}

/** `?x=640&y=400&zoom=1.25`: the view as a share link's query carries it. */
export function formatViewQuery(view: ViewLink): string {
  return `?${formatViewHash(view).slice(1)}`;
}
