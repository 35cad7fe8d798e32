/**
 * What the server writes into each HTML page it serves, so that a shared link previews the view
 * it points at: `og:image` and `twitter:image` become the absolute URL of that view's picture
 * (`/preview.png?x=…&y=…&zoom=…`, or the whole wall), `og:url` the link itself, and a
 * `<link rel="alternate" type="application/json+oembed">` lets sites that embed by oEmbed find
 * `/oembed`. The view is read from the query (a crawler never sends the hash). Everything written is
 * built from parsed numbers and a checked origin, and escaped for an attribute all the same.
 *
 * The build's pages keep `/og-image.png` (a static host has no /preview.png); only this server,
 * which can render the picture, points them at it.
 */
import { formatViewQuery, parseViewQuery, type ViewLink } from '../../src/domain/view-link.ts';

export interface PageMeta {
  /** The wall's origin (public-origin.ts); null: relative URLs. */
  readonly origin: string | null;
  /** The view the page's address names; null: none (the whole wall). */
  readonly view: ViewLink | 'fit' | null;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `?x=…&y=…&zoom=…` of a view, or '' for the whole wall. */
export function viewQueryOf(view: ViewLink | 'fit' | null): string {
  return view === null || view === 'fit' ? '' : formatViewQuery(view);
}

/** The view named by a request URL's query ('' or `?…`). */
export function viewOfUrl(url: string): ViewLink | 'fit' | null {
  const at = url.indexOf('?');
  return at < 0 ? null : parseViewQuery(url.slice(at + 1).split('#')[0]!);
}

/** The link to the wall at `view`, and the picture of it. */
export function shareUrls(meta: PageMeta): { page: string; image: string; oembed: string } {
  const base = meta.origin ?? '';
  const query = viewQueryOf(meta.view);
  const page = `${base}/${query}`;
  return {
    page,
    image: `${base}/preview.png${query}`,
    oembed: `${base}/oembed?url=${encodeURIComponent(page)}&format=json`,
  };
}

/** `html` with its preview tags pointing at the view's picture, og:url and the oEmbed link. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const urls = shareUrls(meta);
  const image = escapeAttribute(urls.image);
  const tags =
    `<meta property="og:url" content="${escapeAttribute(urls.page)}" />` +
    `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(urls.oembed)}" title="signwall" />`;
  return html
    .replace(
      /(<meta property="og:image" content=")[^"]*(")/,
      (_, a: string, b: string) => a + image + b,
    )
    .replace(
      /(<meta name="twitter:image" content=")[^"]*(")/,
      (_, a: string, b: string) => a + image + b,
    )
    .replace('</head>', () => `${tags}</head>`);
}
