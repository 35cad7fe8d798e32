/**
 * `GET /oembed?url=<a URL of this wall>&format=json`: a `rich` oEmbed 1.0 answer
 * (oembed.com §2.3), so a CMS or a chat app that knows the wall's address can embed it: the
 * iframe of `/embed` at the URL's view (its query, else its hash) and mode, at most `maxwidth` ×
 * `maxheight`, and the view's preview as the thumbnail when it fits them. A URL of another site is
 * refused (404, as the spec says for a URL the provider has nothing for); a missing or unreadable one
 * is 400; any format but JSON is 501.
 */
import { parseViewQuery, type ViewLink } from '../../src/domain/view-link.ts';
import { viewQueryOf } from './page-meta.ts';

export const EMBED_SIZE = { width: 640, height: 480 } as const;
export const PREVIEW_PIXELS = { width: 1200, height: 630 } as const;
const MAX_URL_CHARS = 2048;

export interface OEmbedQuery {
  readonly url?: unknown;
  readonly format?: unknown;
  readonly maxwidth?: unknown;
  readonly maxheight?: unknown;
}

export type OEmbedAnswer =
  | { readonly status: 200; readonly body: Record<string, string | number> }
  | { readonly status: 400 | 404 | 501; readonly message: string };

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A positive whole number of pixels, or undefined. */
function pixels(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The view a wall URL names: its query first, then (an older link) its hash. */
function viewOf(url: URL): ViewLink | 'fit' | null {
  return parseViewQuery(url.search) ?? parseViewQuery(url.hash.slice(1));
}

/** The answer for `query`, for a wall whose host is `wallHost` (null: unknown, refuse all). */
export function oembedAnswer(query: OEmbedQuery, wallHost: string | null): OEmbedAnswer {
  const format = query.format ?? 'json';
  if (format !== 'json') return { status: 501, message: 'Only format=json is answered.' };
  if (typeof query.url !== 'string' || query.url.length > MAX_URL_CHARS) {
    return { status: 400, message: 'url must be the address of this wall.' };
  }
  let url: URL;
  try {
    url = new URL(query.url);
  } catch {
    return { status: 400, message: 'url must be the address of this wall.' };
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    wallHost === null ||
    url.host !== wallHost.toLowerCase()
  ) {
    return { status: 404, message: 'That URL is not on this wall.' };
  }
  const origin = url.origin;
  const view = viewOf(url);
  const maxWidth = pixels(query.maxwidth);
  const maxHeight = pixels(query.maxheight);
  // The consumer's limits are the spec's to keep, however small (the board's controls want 320 ×
  // 400 to fit: smaller frames show them over each other).
  const width = Math.min(EMBED_SIZE.width, maxWidth ?? Infinity);
  const height = Math.min(EMBED_SIZE.height, maxHeight ?? Infinity);
  const params = new URLSearchParams(viewQueryOf(view).slice(1));
  if (view === 'fit') params.set('zoom', 'fit');
  if (url.searchParams.get('mode') === 'view') params.set('mode', 'view');
  const search = params.size > 0 ? `?${params}` : '';
  const src = `${origin}/embed${search}`;
  const title = 'signwall: sign my page!';
  const html =
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}"` +
    ` style="border:0;max-width:100%" loading="lazy" title="${title}"` +
    ` allow="clipboard-write; web-share"></iframe>`;
  const body: Record<string, string | number> = {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: 'signwall',
    provider_url: `${origin}/`,
    html,
    width,
    height,
  };
  // The thumbnail must respect maxwidth and maxheight too: there is one size, or none.
  const thumbnailFits =
    (maxWidth ?? Infinity) >= PREVIEW_PIXELS.width &&
    (maxHeight ?? Infinity) >= PREVIEW_PIXELS.height;
  if (thumbnailFits) {
    body.thumbnail_url = `${origin}/preview.png${viewQueryOf(view)}`;
    body.thumbnail_width = PREVIEW_PIXELS.width;
    body.thumbnail_height = PREVIEW_PIXELS.height;
  }
  return { status: 200, body };
}
