/**
 * Who a client is, for everything counted per client (the socket cap, turns at the database in
 * server/db/fair-scheduler.ts, saves in flight in saves-in-flight.ts): the same key
 * the database's flood limit uses (`signwall.client_key` in
 * supabase/migrations/20261123000200_insert_rate_limit.sql), so one client is one client everywhere.
 *
 * An IPv4 address is its own client. An IPv6 address counts as its /64: a home or a phone is handed
 * a whole /64 and can pick a fresh address in it for every connection (privacy addresses do just
 * that), so counting single IPv6 addresses would let one device be 2^64 clients. An IPv4-mapped
 * IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports for an IPv4 peer) is the IPv4
 * address it maps. The text is PostgreSQL's (`host()` for IPv4, `network(set_masklen(…, 64))` for
 * IPv6, e.g. `2001:db8:0:1::/64`), so keys written by SQL and by the server compare equal.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from './request-settings.ts';

/** The key of anything that is not an address (a socket already gone, garbage): one shared client. */
export const UNKNOWN_CLIENT = 'unknown';

export function clientKey(address: string): string {
  const trimmed = address.trim();
  // A link-local peer carries its interface (`fe80::1%eth0`); the interface is no part of who it is.
  const zone = trimmed.indexOf('%');
  const bare = zone < 0 ? trimmed : trimmed.slice(0, zone);
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return UNKNOWN_CLIENT;
  const words = ipv6Words(bare);
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  }
  return `${formatIpv6([...words.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The request's client key, with `trustProxy` proxies in front (TRUST_PROXY). */
export function requestClientKey(request: FastifyRequest, trustProxy: number): string {
  const forwardedFor = request.headers['x-forwarded-for'];
  return clientKey(
    clientAddress(
      request.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor,
      trustProxy,
    ),
  );
}

/** The eight 16-bit words of an address `isIP` accepted as IPv6 (`::`, an IPv4 tail allowed). */
function ipv6Words(address: string): number[] {
  const parse = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((piece) => {
      if (!piece.includes('.')) return [parseInt(piece, 16)];
      const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const gap = address.indexOf('::');
  if (gap < 0) return parse(address);
  const head = parse(address.slice(0, gap));
  const tail = parse(address.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The words as PostgreSQL (and RFC 5952) print them: lower-case hex without leading zeros, the
 * longest run of two or more zero words (the first, on a tie) written `::`.
 */
function formatIpv6(words: number[]): string {
  let bestStart = -1;
  let bestLength = 1; // a single zero word is written out, never `::`
  for (let start = 0; start < words.length;) {
    if (words[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < words.length && words[end] === 0) end++;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = (part: number[]) => part.map((word) => word.toString(16)).join(':');
  if (bestStart < 0) return hex(words);
  return `${hex(words.slice(0, bestStart))}::${hex(words.slice(bestStart + bestLength))}`;
}
