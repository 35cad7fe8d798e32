/**
 * The wall inside someone else's page (`/embed`, placed by the snippet embed.js): its settings
 * from the frame's address (`mode`, `x`, `y`, `zoom` or `zoom=fit`, and the host page's `origin`),
 * and the messages it exchanges with the host page, giscus-style:
 *
 *   host → frame  `{ signwall: { setConfig: { mode, x, y, zoom } } }`: the view and mode follow
 *   frame → host  `{ signwall: { event: 'saved', id } }` after each save, and
 *                 `{ signwall: { event: 'ready' } }` once it listens (a setConfig sent before is lost)
 *
 * Everything here comes from another site, so it is read as data: anything unknown or malformed is
 * ignored, numbers are clamped as a link's are (view-link.ts).
 */
import { parseViewHash, parseViewQuery, type ViewLink } from './view-link.ts';

/** `sign` (the default): the board as on the full page; `view`: pan and zoom only. */
export type EmbedMode = 'sign' | 'view';

export interface EmbedSettings {
  readonly mode: EmbedMode;
  /** The view the frame opens on; null: the board's default. */
  readonly view: ViewLink | 'fit' | null;
  /** The host page's origin, where the frame's messages go; null: not said. */
  readonly hostOrigin: string | null;
}

/** What a setConfig message asks; each part optional. */
export interface EmbedConfig {
  readonly mode?: EmbedMode;
  readonly x?: number;
  readonly y?: number;
  readonly zoom?: number | 'fit';
}

/** What the frame tells its host page: it listens now (setConfig arrives), or a save. */
export type FrameMessage =
  | { readonly signwall: { readonly event: 'ready' } }
  | { readonly signwall: { readonly event: 'saved'; readonly id: number } };

/** Anything but `view` is the default, `sign`. */
export function embedModeOf(value: unknown): EmbedMode {
  return value === 'view' ? 'view' : 'sign';
}

/** An http(s) origin written as one (`https://blog.example`), else null. */
export function originOf(text: string | null | undefined): string | null {
  if (!text || text.length > 2048) return null;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The frame's settings from its query (`?mode=view&x=…&y=…&zoom=…&origin=…`). */
export function embedSettingsOf(query: string): EmbedSettings {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  } catch {
    params = new URLSearchParams();
  }
  return {
    mode: embedModeOf(params.get('mode')),
    view: parseViewQuery(query),
    hostOrigin: originOf(params.get('origin')),
  };
}

function finite(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** The setConfig a message carries, or null when it is not one of ours. */
export function configFromMessage(data: unknown): EmbedConfig | null {
  const signwall = (data as { signwall?: unknown } | null)?.signwall;
  const set = (signwall as { setConfig?: unknown } | null | undefined)?.setConfig;
  if (typeof set !== 'object' || set === null) return null;
  const { mode, x, y, zoom } = set as Record<string, unknown>;
  const config: { -readonly [K in keyof EmbedConfig]: EmbedConfig[K] } = {};
  if (mode === 'view' || mode === 'sign') config.mode = mode;
  if (finite(x) !== undefined) config.x = finite(x);
  if (finite(y) !== undefined) config.y = finite(y);
  if (zoom === 'fit') config.zoom = 'fit';
  else if (finite(zoom) !== undefined) config.zoom = finite(zoom);
  return config;
}

/**
 * The view after a setConfig, from the current one: what it names replaces what the view has
 * (x and y alone keep the zoom, a zoom alone the centre), clamped as a link's view is. Null: it
 * names no view.
 */
export function viewAfterConfig(current: ViewLink, config: EmbedConfig): ViewLink | 'fit' | null {
  if (config.zoom === 'fit') return 'fit';
  if (config.x === undefined && config.y === undefined && config.zoom === undefined) return null;
  const x = config.x ?? current.x;
  const y = config.y ?? current.y;
  const zoom = config.zoom ?? current.zoom;
  return parseViewHash(`x=${x}&y=${y}&zoom=${zoom}`);
}

export function savedMessage(id: number): FrameMessage {
  return { signwall: { event: 'saved', id } };
}

export const READY_MESSAGE: FrameMessage = { signwall: { event: 'ready' } };
