/**
 * The wall's public origin, for the absolute URLs link previews and oEmbed need (og:image must be
 * absolute): PUBLIC_URL when the owner set it, else the request's own Host.
 *
 * A Host header is the client's to write. One that is not a plain host name or address (and port)
 * is not used at all: the page then keeps relative URLs, as it had before. And a page written from
 * a Host is answered `Cache-Control: private` (page-meta.ts), so no shared cache can keep a page
 * one client's Host wrote and hand it to others; set PUBLIC_URL and pages are the same for all.
 */
import type { FastifyRequest } from 'fastify';

/** A DNS name (labels of letters, digits and hyphens), an IPv4 address, or [IPv6]; a port. */
const HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;
const MAX_HOST_CHARS = 255;

export interface PublicOrigin {
  /** e.g. `https://wall.example`, no trailing slash; null when none can be trusted. */
  readonly origin: string | null;
  /** True when it came from the request (no PUBLIC_URL): the page is the client's own. */
  readonly fromRequest: boolean;
}

/** PUBLIC_URL's origin, or undefined when it is unset or not an http(s) URL. */
export function originOfPublicUrl(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `host` is a plain `name[:port]`, `a.b.c.d[:port]` or `[v6][:port]`. */
export function isPlainHost(host: string): boolean {
  if (host.length > MAX_HOST_CHARS || !HOST.test(host)) return false;
  const port = /:(\d+)$/.exec(host.startsWith('[') ? host.slice(host.indexOf(']')) : host);
  return !port || Number(port[1]) <= 65535;
}

export function publicOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
  trustProxy: number,
): PublicOrigin {
  const configured = originOfPublicUrl(publicUrl);
  if (configured) return { origin: configured, fromRequest: false };
  const host = request.headers.host;
  if (typeof host !== 'string' || !isPlainHost(host)) return { origin: null, fromRequest: true };
  // Behind a trusted proxy that ended TLS, the proxy says the scheme the visitor used.
  const forwarded = trustProxy > 0 ? request.headers['x-forwarded-proto'] : undefined;
  const encrypted = (request.raw.socket as { encrypted?: boolean }).encrypted === true;
  const scheme =
    forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http';
  return { origin: `${scheme}://${host.toLowerCase()}`, fromRequest: true };
}
