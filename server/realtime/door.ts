/**
 * `GET /realtime/v1/websocket?apikey=…&vsn=1.0.0|2.0.0`: Supabase Realtime's WebSocket on our own
 * server. `ws` runs in noServer mode on the HTTP server's 'upgrade' event, so the door
 * decides before any WebSocket exists: the key (the data API's check, api-key.ts), the version, and
 * the address's socket count; a refusal is a plain HTTP answer and the socket is closed.
 *
 * Each change is read once (change-feed.ts) and handed to every open session: O(subscribers) per
 * change. One sweep a few times a minute closes sockets silent past the idle timeout.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import type { Database } from '../db/types.ts';
import { checkApiKey, type ApiKeys } from '../http/api-key.ts';
import { ConnectionCounts } from '../http/client-tables.ts';
import { clientAddress } from '../http/request-settings.ts';
import type { Logger } from '../log.ts';
import { ApiError } from '../rest/envelope.ts';
import { anonColumns, ChangeFeed, type Change } from './change-feed.ts';
import { deflatedFrame, takesSharedBlocks, WS_PER_MESSAGE_DEFLATE } from './deflate.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits.ts';
import { CLOSE, Session } from './session.ts';
import { VSNS, type Vsn } from './wire.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

/** Longest the start waits for the database to listen (a connection and one LISTEN). */
const LISTEN_WAIT_MS = 10_000;

export interface RealtimeOptions {
  db: Database;
  keys: ApiKeys;
  limits?: Partial<RealtimeLimits>;
  trustProxy: number;
  logger: Logger;
}

/** What the door holds now: for tests and the benchmark. */
export interface RealtimeStats {
  sockets: number;
  listening: number;
}

const statsOf = new WeakMap<FastifyInstance, () => RealtimeStats>();

export function realtimeStats(app: FastifyInstance): RealtimeStats {
  return statsOf.get(app)?.() ?? { sockets: 0, listening: 0 };
}

/** A refusal before the upgrade: PostgREST's error envelope, as the data API answers. */
function refuse(socket: Duplex, status: number, message: string, hint: string | null = null) {
  const body = JSON.stringify({ code: null, details: null, hint, message });
  const reason = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    429: 'Too Many Requests',
  }[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export async function registerRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<void> {
  const { db, keys, logger } = options;
  // Stand-in databases of some tests announce nothing: then there is nothing to push.
  if (!db.listenChanges) return;
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...options.limits };
  const columns = await anonColumns(db);
  if (columns.length === 0) return; // no table anon may read: nothing to push
  const feed = new ChangeFeed(db, columns, logger);
  await feed.start(LISTEN_WAIT_MS);
  const sessions = new Set<Session>();
  const sockets = new Map<Session, WebSocket>();
  const perAddress =
    limits.maxConnectionsPerAddress > 0
      ? new ConnectionCounts(limits.maxConnectionsPerAddress)
      : undefined;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxMessageBytes,
    perMessageDeflate: WS_PER_MESSAGE_DEFLATE,
  });
  // What each handshake answered (Sec-WebSocket-Extensions): does its socket take shared blocks?
  const answered = new WeakMap<IncomingMessage, string>();
  wss.on('headers', (headers, request) => {
    const extensions = headers.find((line) => /^sec-websocket-extensions:/i.test(line));
    if (extensions !== undefined)
      answered.set(request, extensions.slice(extensions.indexOf(':') + 1));
  });

  const fanOut = (change: Change) => {
    for (const session of sessions) {
      try {
        session.deliver(change);
      } catch (error) {
        logger.error({ err: error }, 'realtime delivery failed');
        session.close(CLOSE.internalError, 'internal error');
      }
    }
  };
  // Subscribed to the feed only while a socket is open: with none, a save costs no extra read.
  let unsubscribe: (() => void) | undefined;
  const socketsChanged = () => {
    if (sessions.size > 0) unsubscribe ??= feed.subscribe(fanOut);
    else {
      unsubscribe?.();
      unsubscribe = undefined;
    }
  };

  const sweep = setInterval(
    () => {
      const silentSince = performance.now() - limits.idleTimeoutMs;
      for (const session of sessions) {
        if (session.lastHeardAt < silentSince) session.close(CLOSE.policyViolation, 'idle');
        else if ((session.channellessSince ?? Infinity) < silentSince) {
          session.close(CLOSE.policyViolation, 'no channel joined');
        }
      }
    },
    Math.min(5_000, Math.max(100, limits.idleTimeoutMs / 4)),
  );
  sweep.unref();

  statsOf.set(app, () => {
    let listening = 0;
    for (const session of sessions) if (session.listening) listening++;
    return { sockets: sessions.size, listening };
  });

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy()); // a reset before the handshake is done
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) {
      return refuse(socket, 404, 'Not found');
    }
    try {
      checkApiKey(request.headers.apikey, url.searchParams.get('apikey'), keys);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refuse(socket, error.status, error.body.message, error.body.hint);
    }
    const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
    if (!VSNS.includes(vsn)) return refuse(socket, 400, `Unsupported vsn: use 1.0.0 or 2.0.0`);
    const forwardedFor = request.headers['x-forwarded-for'];
    const address = clientAddress(
      request.socket.remoteAddress,
      Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor,
      options.trustProxy,
    );
    const admitted = perAddress?.admit(address);
    if (admitted && admitted.verdict !== 'serve') {
      perAddress!.release(admitted.client);
      return refuse(
        socket,
        429,
        'Too many Realtime connections from your address',
        `At most ${limits.maxConnectionsPerAddress} at once from one address.`,
      );
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // ws itself compresses nothing (compress: false): the one compressed message is a change's,
      // written here straight to the socket (deflate.ts). ws writes its own frames synchronously as
      // long as it compresses nothing, so the two never interleave.
      const sendDeflated = takesSharedBlocks(answered.get(request))
        ? (prefix: Buffer, shared: Buffer, suffix: Buffer) => {
            if (ws.readyState !== WebSocket.OPEN) return;
            socket.cork();
            for (const part of deflatedFrame(prefix, shared, suffix)) socket.write(part);
            socket.uncork();
          }
        : undefined;
      const session = new Session(
        {
          send: (text) => ws.send(text, { binary: false, compress: false }),
          sendParts: (parts) =>
            parts.forEach((part, i) =>
              ws.send(part, { binary: false, compress: false, fin: i === parts.length - 1 }),
            ),
          sendDeflated,
          close: (code, reason) => {
            // A client that does not read would not read a close frame either.
            if (reason === 'not reading') ws.terminate();
            else ws.close(code, reason);
          },
          get bufferedAmount() {
            return ws.bufferedAmount;
          },
        },
        vsn,
        keys,
        limits,
      );
      sessions.add(session);
      socketsChanged();
      sockets.set(session, ws);
      ws.on('message', (data, isBinary) => {
        try {
          session.onFrame(data as Buffer, isBinary);
        } catch (error) {
          // A bug met by one socket's message ends that socket, never the process.
          logger.error({ err: error }, 'realtime message failed');
          session.close(CLOSE.internalError, 'internal error');
        }
      });
      // ws closes the socket itself after an error (a frame over maxPayload: 1009).
      ws.on('error', (error) => logger.debug({ err: error }, 'realtime socket error'));
      ws.once('close', () => {
        session.closed = true;
        sessions.delete(session);
        socketsChanged();
        sockets.delete(session);
        if (admitted) perAddress!.release(admitted.client);
      });
    });
  }

  app.server.on('upgrade', upgrade);
  // Before the HTTP server waits for its connections: open WebSockets would hold it for ever.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', upgrade);
    clearInterval(sweep);
    feed.close();
    for (const ws of sockets.values()) ws.terminate();
    wss.close();
  });
}
