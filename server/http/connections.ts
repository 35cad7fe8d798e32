/**
 * Limits on connections, so slow or numerous clients cannot hold the server's sockets and file
 * descriptors: a whole request must arrive within `requestTimeoutMs` (a body sent a byte a second is
 * cut), headers within `headersTimeoutMs`, an idle socket closes after `connectionTimeoutMs`, a
 * keep-alive socket after `keepAliveTimeoutMs` without a request, and one client (the socket's
 * address, an IPv6 /64 as one) is served on at most `maxConnectionsPerAddress` sockets at once, its
 * requests on more answered 503 (capConnectionsPerAddress). Behind a reverse proxy every client
 * shares the proxy's address, so raise or disable the cap there, and limit at the proxy.
 *
 * Node checks the request and header timeouts every `checkIntervalMs`, so a trickling request is
 * cut between requestTimeoutMs and requestTimeoutMs + checkIntervalMs after it began.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_BODY_BYTES } from '../../src/domain/constants.ts';
import { pathOf, type Logger } from '../log.ts';
import type { ErrorBody } from '../rest/errors.ts';
import { clientKey } from './client-key.ts';
import { corsHeaders, isPreflight } from './cors.ts';

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

/** Past this many times the cap, a client's new sockets are destroyed on arrival (see below). */
export const HARD_CAP_FACTOR = 4;
/** What an answer over the cap asks the client to wait: the crowd's other requests take ~ms. */
export const CROWDED_RETRY_AFTER_SECONDS = 1;
/** At most one log line about a crowded client per this long, however many sockets it opens. */
const LOG_EVERY_MS = 10_000;

/**
 * Caps the sockets one client (`clientKey`: an IPv4 address, an IPv6 /64) holds open at once,
 * without leaving a crowd unanswered. A school or a carrier's NAT puts many people behind one
 * address, so a socket over the cap is still read: its request (body included, so closing it
 * causes no TCP reset) is answered 503 with `Retry-After` and `Connection: close`, in PostgREST's
 * envelope under /rest/ (supabase-js retries a GET on 503 after Retry-After). Only past
 * HARD_CAP_FACTOR times the cap is a socket destroyed on arrival, so a flood still holds a bounded
 * number, each cut by the timeouts above if it sends nothing. While a client is over the cap,
 * its sockets under the cap also close after their answer instead of idling for the keep-alive
 * timeout, so the crowd's next requests find room. The count per client goes down when a socket
 * closes, however it closes, and a client with no socket left has no entry.
 */
export function capConnectionsPerAddress(app: FastifyInstance, max: number, log: Logger): void {
  if (max <= 0) return;
  const counts = new ConnectionCounts(max);
  /** Each counted socket's client, and whether it arrived over the cap. */
  const admitted = new WeakMap<Socket, { client: string; overCap: boolean }>();
  let answered = 0;
  let destroyed = 0;
  let loggedAt = -Infinity;

  const note = (client: string) => {
    // One line per LOG_EVERY_MS, not one per socket: a flood must not become a flood of log lines.
    const now = performance.now();
    if (now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    log.warn(
      { client, max, hardMax: counts.hardMax, overCapSince: answered, destroyedSince: destroyed },
      'too many connections from one client; answering 503 over the cap',
    );
    answered = 0;
    destroyed = 0;
  };

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const { client, verdict } = counts.admit(address);
    if (verdict === 'destroy') {
      destroyed++;
      note(client);
      socket.destroy();
      return;
    }
    if (verdict === 'over-cap') {
      answered++;
      note(client);
    }
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
    return answerCrowded(request, reply, max);
  });
}

/**
 * Open sockets per client (`clientKey`), and what a new one gets: served, answered 503 (over the
 * cap), or destroyed (past HARD_CAP_FACTOR times the cap). Only clients with an open socket have an
 * entry, so the table is never larger than the sockets the server holds.
 */
export class ConnectionCounts {
  readonly max: number;
  readonly hardMax: number;
  readonly #open = new Map<string, number>();

  constructor(max: number) {
    this.max = max;
    this.hardMax = max * HARD_CAP_FACTOR;
  }

  /** Counts a new socket from `address` unless it is destroyed; release(client) when it closes. */
  admit(address: string): { client: string; verdict: 'serve' | 'over-cap' | 'destroy' } {
    const client = clientKey(address);
    const count = this.#open.get(client) ?? 0;
    if (count >= this.hardMax) return { client, verdict: 'destroy' };
    this.#open.set(client, count + 1);
    return { client, verdict: count >= this.max ? 'over-cap' : 'serve' };
  }

  release(client: string): void {
    const left = (this.#open.get(client) ?? 1) - 1;
    if (left <= 0) this.#open.delete(client);
    else this.#open.set(client, left);
  }

  /** The client holds sockets over the cap: some of its requests are being turned away. */
  crowded(client: string): boolean {
    return (this.#open.get(client) ?? 0) > this.max;
  }

  openFor(address: string): number {
    return this.#open.get(clientKey(address)) ?? 0;
  }

  /** How many clients have an entry (all with an open socket). */
  get clients(): number {
    return this.#open.size;
  }
}

/**
 * Reads and discards the request's body; true once it has ended, false if it passes `maxBytes`.
 * Answering before the body is read would close the socket with bytes unread, and the kernel
 * then resets the connection, often before the client has read the answer.
 */
function drainBody(request: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) finish(false);
    };
    const finish = (ended: boolean) => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      request.pause();
      resolve(ended);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    request.on('data', onData).once('end', onEnd).once('close', onClose);
  });
}

/** 503 with Retry-After: PostgREST's envelope under /rest/, plain text elsewhere. */
function answerCrowded(request: FastifyRequest, reply: FastifyReply, max: number): FastifyReply {
  const seconds = CROWDED_RETRY_AFTER_SECONDS;
  const message = `Too many connections from your address: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
  reply.code(503).header('Retry-After', String(seconds));
  if (!pathOf(request.raw.url).startsWith('/rest/')) {
    return reply.type('text/plain; charset=utf-8').send(`${message}.\n`);
  }
  corsHeaders(reply);
  const body: ErrorBody = {
    code: 'PT503',
    details: `At most ${max} connections at once are served from one address; more are answered with this.`,
    hint: 'Retry after the seconds in Retry-After.',
    message,
  };
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
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
