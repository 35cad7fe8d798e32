/**
 * What PostgREST tells SQL about each request, as read from the HTTP request: its method, its path
 * and its headers (server/api/request-context.ts hands them to SQL as the transaction-local settings
 * `request.method`, `request.path` and `request.headers`).
 *
 * The client address is decided here, not by SQL: the socket's, or an X-Forwarded-For entry when
 * the server is told it sits behind proxies (TRUST_PROXY). It reaches SQL as hosted Supabase's
 * gateway passes it, in `x-forwarded-for`, replacing whatever the client sent.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export interface RequestSettings {
  method: string;
  /** As PostgREST sees it behind the gateway: `/signatures`, without `/rest/v1`. */
  path: string;
  /** JSON of the request's headers, with `x-forwarded-for` set to the client address. */
  headers: string;
}

const REST_PREFIX = '/rest/v1';
/**
 * The client's address. With `trustedHops` = 0 it is the socket's. With n > 0, each of the n
 * trusted proxies appended the address it received from to X-Forwarded-For, so the client is the
 * n-th entry from the right of [...X-Forwarded-For, socket]. Never the first entry: behind a proxy
 * that appends (nginx's $proxy_add_x_forwarded_for, most load balancers) the client writes that
 * one itself. A chosen entry that is not an address falls back to the socket's.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const socket = normalizeAddress(socketAddress ?? '') ?? '';
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socket,
  ];
  const chosen = chain[Math.max(0, chain.length - 1 - trustedHops)]!;
  return normalizeAddress(chosen) ?? socket;
}

/** A bare IP address: brackets and ports removed, IPv4-mapped IPv6 as IPv4; null if not one. */
function normalizeAddress(value: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  const address = bracketed?.[1] ?? withPort?.[1] ?? value;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const bare = mapped?.[1] ?? address;
  return isIP(bare) === 0 ? null : bare;
}

export function requestSettings(request: FastifyRequest, trustProxy: number): RequestSettings {
  const url = request.raw.url ?? '/';
  const questionMark = url.indexOf('?');
  const pathname = questionMark < 0 ? url : url.slice(0, questionMark);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const forwardedFor = headers['x-forwarded-for'];
  headers['x-forwarded-for'] = clientAddress(
    request.socket.remoteAddress,
    forwardedFor,
    trustProxy,
  );
  // SQL prefers this header where Cloudflare sets it (hosted Supabase); here only a client could.
  delete headers['cf-connecting-ip'];
  return {
    method: request.method,
    path: pathname.startsWith(REST_PREFIX) ? pathname.slice(REST_PREFIX.length) : pathname,
    headers: JSON.stringify(headers),
  };
}
