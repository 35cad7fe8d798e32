/**
 * Limits on connections, so slow or numerous clients cannot hold the server's sockets and file
 * descriptors: a whole request must arrive within `requestTimeoutMs` (a body sent a byte a second is
 * cut), headers within `headersTimeoutMs`, an idle socket closes after `connectionTimeoutMs`, a
 * keep-alive socket after `keepAliveTimeoutMs` without a request, and one client (the socket's
 * address, an IPv6 /64 as one) is served on at most `maxConnectionsPerAddress` sockets at once, its
 * requests on more answered 503, and gets no new answer while `maxUnsentBytesPerAddress` of its
 * answers are still on their way (limitPerClient). Behind a reverse proxy every client shares the
 * proxy's address, so raise or disable the caps there, and limit at the proxy.
 *
 * Node checks the request and header timeouts every `checkIntervalMs`, so a trickling request is
 * cut between requestTimeoutMs and requestTimeoutMs + checkIntervalMs after it began.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../../src/domain/rules.ts';
import type { Logger } from '../log.ts';
import { busyAnswer, drainBody, type BusyReason } from './busy-answer.ts';
import { ConnectionCounts, UnsentBytes } from './client-tables.ts';
import { isPreflight } from './cors.ts';

export interface HttpLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  connectionTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxRequestsPerSocket: number;
  checkIntervalMs: number;
  /** 0 turns the per-address limits off (both this cap and the one below). */
  maxConnectionsPerAddress: number;
  /** Bytes of answers one client may have on their way before its next answer is a 503. */
  maxUnsentBytesPerAddress: number;
  /**
   * Bytes of answers all clients together may have on their way (MAX_UNSENT_BYTES); past it, the
   * sockets that stopped reading are cut (answer-budget.ts). Not turned off by the 0 above.
   */
  maxUnsentBytes: number;
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
  // Two of the largest pages the app reads uncompressed (1000 rows: ~5 MB), many times over; a
  // crowd's compressed pages are a fifth of that.
  maxUnsentBytesPerAddress: 64 * 1024 * 1024,
  // Eight of the largest answers the API gives (MAX_RESPONSE_BYTES, 32 MiB), or ~50 of the app's
  // full uncompressed pages: room for a crowd of readers, and a bound a small machine can hold.
  maxUnsentBytes: 256 * 1024 * 1024,
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

/** At most one log line about a crowded client per this long, however many sockets it opens. */
const LOG_EVERY_MS = 10_000;

/**
 * Per-client limits (a client is a `clientKey`: an IPv4 address, an IPv6 /64), without leaving a
 * crowd unanswered: a school or a carrier's NAT puts many people behind one address.
 *
 * Sockets: a client is served on `maxConnectionsPerAddress` at once. A socket over the cap is still
 * read: its request (body included, so closing it causes no TCP reset) is answered 503 with
 * `Retry-After` and `Connection: close` (busy-answer.ts). Only past HARD_CAP_FACTOR times the cap is
 * a socket destroyed on arrival, so a flood still holds a bounded number, each cut by the timeouts
 * above if it sends nothing. While a client is over the cap, its sockets under the cap also close
 * after their answer instead of idling for the keep-alive timeout, so the crowd's next requests
 * find room.
 *
 * Answers: a client that does not take its answers holds them in the server's memory; past
 * `maxUnsentBytesPerAddress` not yet passed on to the kernel, its next answer is a 503 instead
 * (UnsentBytes in client-tables.ts).
 */
export function limitPerClient(app: FastifyInstance, limits: HttpLimits, log: Logger): void {
  const max = limits.maxConnectionsPerAddress;
  if (max <= 0) return;
  const counts = new ConnectionCounts(max);
  const unsent = new UnsentBytes(limits.maxUnsentBytesPerAddress);
  /** Each counted socket's client, and whether it arrived over the cap. */
  const admitted = new WeakMap<Socket, { client: string; overCap: boolean }>();
  const tooManyConnections: BusyReason = {
    what: 'Too many connections from your address',
    details: `At most ${max} connections at once are served from one address.`,
  };
  const tooMuchUnsent: BusyReason = {
    what: 'Too much data on its way to your address',
    details:
      `An address gets no new answer while ${(unsent.max / 2 ** 20).toFixed(1)} MiB of its ` +
      'earlier ones have not been taken yet.',
  };
  const turnedAway = { overCap: 0, destroyed: 0, unsent: 0 };
  let loggedAt = -Infinity;

  const note = (client: string, what: keyof typeof turnedAway) => {
    turnedAway[what]++;
    // One line per LOG_EVERY_MS, not one per socket: a flood must not become a flood of log lines.
    const now = performance.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    log.warn(
      { client, max, hardMax: counts.hardMax, since: { ...turnedAway } },
      'a client over its limits; answering 503',
    );
    Object.assign(turnedAway, { overCap: 0, destroyed: 0, unsent: 0 });
  };

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const { client, verdict } = counts.admit(address);
    if (verdict === 'destroy') {
      note(client, 'destroyed');
      socket.destroy();
      return;
    }
    if (verdict === 'over-cap') note(client, 'overCap');
    admitted.set(socket, { client, overCap: verdict === 'over-cap' });
    socket.once('close', () => counts.release(client));
  });

  // First of all hooks (app.ts registers this before any other), so nothing runs for a refused request.
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    const seen = admitted.get(socket);
    if (seen === undefined) return; // no address: not counted
    if (!seen.overCap) {
      if (counts.crowded(seen.client)) reply.header('Connection', 'close');
      return;
    }
    reply.header('Connection', 'close');
    // A preflight costs nothing, and a refused one would look like a network failure to the page.
    if (isPreflight(request)) return;
    if (!(await drainBody(request.raw, MAX_BODY_BYTES))) {
      socket.destroy(); // a body larger than any request may send: not a crowd, no answer owed
      return reply.hijack();
    }
    return reply.send(busyAnswer(request, reply, tooManyConnections));
  });

  // First of the onSend hooks too: the security headers' hook runs after it, on either answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const seen = admitted.get(request.raw.socket);
    // Streams (static files) are sent with backpressure: they never pile up in memory.
    const bytes =
      typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : Buffer.isBuffer(payload)
          ? payload.byteLength
          : 0;
    if (seen === undefined || bytes === 0) return payload;
    if (!unsent.reserve(seen.client, bytes)) {
      note(seen.client, 'unsent');
      return busyAnswer(request, reply, tooMuchUnsent);
    }
    // 'finish': the last byte went to the kernel; 'close': the socket went first.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      unsent.release(seen.client, bytes);
    };
    reply.raw.once('finish', release).once('close', release);
    return payload;
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
