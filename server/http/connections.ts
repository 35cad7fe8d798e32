/**
 * Limits on connections, so slow or numerous clients cannot hold the server's sockets and file
 * descriptors: a whole request must arrive within `requestTimeoutMs` (a body sent a byte a second is
 * cut), headers within `headersTimeoutMs`, an idle socket closes after `connectionTimeoutMs`, a
 * keep-alive socket after `keepAliveTimeoutMs` without a request, and one client address holds at
 * most `maxConnectionsPerAddress` sockets at once (the socket's own address: behind a reverse
 * proxy every client shares the proxy's, so raise or disable the cap there, and limit at the proxy).
 *
 * Node checks the request and header timeouts every `checkIntervalMs`, so a trickling request is
 * cut between requestTimeoutMs and requestTimeoutMs + checkIntervalMs after it began.
 */
import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../log.ts';

export interface HttpLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
  checkIntervalMs: number;
  /** 0 turns the per-address cap off. */
  maxConnectionsPerAddress: number;
}

/**
 * Production values. 30 s carries a 512 KiB body at ~17 KiB/s (a poor phone link); with the 5 s
 * check a trickle is cut within 35 s. An idle socket (no byte either way) lasts 60 s, longer than any
 * query the database allows. 64 sockets per address is far above a browser's 6 per origin, and leaves
 * room for a household or an office behind one NAT address.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 30_000,
  maxRequestsPerSocket: 1000,
  checkIntervalMs: 5_000,
  maxConnectionsPerAddress: 64,
};

/** Fastify's server options for the limits (Node's own http.Server settings underneath). */
export function fastifyHttpOptions(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    maxRequestsPerSocket: limits.maxRequestsPerSocket,
    http: {
      // Node refuses a headers timeout above the request timeout.
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/**
 * Caps the sockets one address holds open at once. A socket over the cap is destroyed on arrival,
 * before Node reads a byte of it; the count goes down when a socket closes, however it closes.
 */
export function capConnectionsPerAddress(server: Server, max: number, log: Logger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let refusedSinceLog = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const count = open.get(address) ?? 0;
    if (count >= max) {
      // One line per burst, not one per socket: a flood must not become a flood of log lines.
      if (refusedSinceLog++ === 0) {
        log.warn({ address, max }, 'too many connections from one address; refusing more');
      }
      socket.destroy();
      return;
    }
    if (count === 0) refusedSinceLog = 0;
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Answers for errors Node meets before Fastify has a request (a timeout while the request arrives,
 * headers too large, bytes that are not HTTP): plain text, with the headers every answer carries.
 */
export function clientErrorHandler(headers: Record<string, string>, log: Logger) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : 400;
    log.debug({ err: error, status }, 'client error');
    if (socket.writable) {
      const body = `${STATUS_CODES[status]}\n`;
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
          `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `${extra}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
