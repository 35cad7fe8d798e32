/**
 * The one key a client is known by wherever the server shares something out per client: turns at
 * the database (server/db/fair-scheduler.ts) and saves in flight (saves-in-flight.ts). It is the
 * client address as request-context.ts decides it (the socket's, or X-Forwarded-For's behind
 * TRUST_PROXY proxies; IPv4-mapped IPv6 as IPv4), with IPv6 taken per /64: one subscriber is
 * handed a whole /64 and can pick any address in it, so each of them is no other client. The
 * database's flood limit keys clients the same way (signwall.client_key).
 */
import type { FastifyRequest } from 'fastify';
import { clientAddress } from './request-context.ts';

/** `203.0.113.5` as it is; `2001:db8:1:2::7` as `2001:db8:1:2::/64`; anything else as it is. */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${canonicalIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
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

/** The eight 16-bit groups of an IPv6 address (URL parsing also takes `::`, zeros and dotted ends). */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  // The URL's form is canonical: lower-case hex groups, at most one `::`, no dotted part.
  const [head = '', tail] = host.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const zeros = Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

function canonicalIpv6(groups: number[]): string {
  return new URL(`http://[${groups.map((g) => g.toString(16)).join(':')}]/`).hostname.slice(1, -1);
}
