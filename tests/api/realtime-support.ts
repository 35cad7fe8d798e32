/**
 * Realtime clients for the API tests: the real supabase-js channel the app uses, and a
 * raw `ws` socket for exact frames and for attacks. Both collect what arrives, and wait for it
 * without fixed sleeps.
 */
import { connect, type NetConnectOpts, type Socket } from 'node:net';
import { createClient, type RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import WebSocket, { type PerMessageDeflateOptions } from 'ws';
import { heavySignatureAt } from '../support/heavy-signature.ts';

export type Vsn = '1.0.0' | '2.0.0';
export type Row = Record<string, unknown>;
export type ChangePayload = RealtimePostgresChangesPayload<Row>;

/** Polls `check` every 20 ms until it answers something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | null | false,
  timeoutMs = 10_000,
): Promise<T> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Subscription {
  events: ChangePayload[];
  /** The extensions its WebSocket negotiated ('permessage-deflate' or ''). */
  extensions(): string;
  /** The first event so far (or to come) that `match` accepts. */
  next(what: string, match: (event: ChangePayload) => boolean): Promise<ChangePayload>;
  close(): Promise<void>;
}

/**
 * `createClient(url, key).channel(name).on('postgres_changes', {event: '*', schema: 'public',
 * table: 'signatures'}, …).subscribe()`, as the app does; resolves once SUBSCRIBED.
 */
export async function subscribeWithSupabase(
  url: string,
  key: string,
  options: {
    vsn?: Vsn;
    channel?: string;
    heartbeatIntervalMs?: number;
    /** Node's own WebSocket (undici) instead of `ws`. */
    native?: boolean;
  } = {},
): Promise<Subscription> {
  // The WebSocket class, keeping the sockets realtime-js opens (one, and another after a reconnect).
  const opened: { extensions: string }[] = [];
  const Transport = options.native
    ? class extends globalThis.WebSocket {
        constructor(...args: ConstructorParameters<typeof globalThis.WebSocket>) {
          super(...args);
          opened.push(this);
        }
      }
    : class extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          opened.push(this);
        }
      };
  const client = createClient(url, key, {
    realtime: {
      // Node 20 has no global WebSocket: `ws` unless Node's own is asked for.
      transport: Transport as never,
      ...(options.vsn ? { vsn: options.vsn } : {}),
      ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
    },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const events: ChangePayload[] = [];
  const channel = client
    .channel(options.channel ?? 'wall')
    .on('postgres_changes', { event: '*', schema: 'public', table: 'signatures' }, (payload) =>
      events.push(payload),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`subscribe: ${status} ${error?.message ?? ''}`));
    });
  });
  return {
    events,
    extensions: () => opened.at(-1)?.extensions ?? '',
    next: (what, match) => waitFor(what, () => events.find(match)),
    async close() {
      await client.removeAllChannels();
    },
  };
}

export interface RawSocket {
  ws: WebSocket;
  /** Bytes received on the TCP connection so far, frame headers and compression included. */
  bytesRead(): number;
  /** Every text frame received, parsed. */
  frames: unknown[];
  /** Settles with the close code once the socket is closed (by either side). */
  closed: Promise<number>;
  send(frame: unknown): void;
  next(what: string, match: (frame: unknown) => boolean): Promise<unknown>;
}

/** The WebSocket URL of the server at `url` (http://…), with query `params`. */
export function realtimeUrl(url: string, params: Record<string, string>): string {
  return `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${new URLSearchParams(params)}`;
}

/** A raw socket, open; rejects with the HTTP status when the server refuses the upgrade. */
export function openRaw(
  url: string,
  params: Record<string, string>,
  options: {
    localAddress?: string;
    /** What the socket offers (ws's default: permessage-deflate, as browsers offer it); false: nothing. */
    perMessageDeflate?: boolean | PerMessageDeflateOptions;
  } = {},
): Promise<RawSocket> {
  let tcp: Socket | undefined;
  const ws = new WebSocket(realtimeUrl(url, params), {
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    ...(options.perMessageDeflate !== undefined
      ? { perMessageDeflate: options.perMessageDeflate }
      : {}),
    // ws's own, keeping the socket: its `path` is the request's, which net would take for a pipe.
    createConnection: (connectOptions: object) =>
      (tcp = connect({ ...connectOptions, path: undefined } as unknown as NetConnectOpts)),
  });
  const frames: unknown[] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(String(data)));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_request, response) => {
      reject(
        Object.assign(new Error(`refused: ${response.statusCode}`), {
          status: response.statusCode,
        }),
      );
      ws.terminate();
    });
    ws.once('error', (error) => reject(error));
    ws.once('open', () => {
      ws.on('error', () => undefined); // after open: seen as the close
      resolve({
        ws,
        bytesRead: () => tcp?.bytesRead ?? 0,
        frames,
        closed,
        send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        next: (what, match) => waitFor(what, () => frames.find(match)),
      });
    });
  });
}

/** A v2 phx_join frame for the app's binding (or `bindings`). */
export function joinFrame(
  topic: string,
  ref: string,
  bindings: unknown[] = [{ event: '*', schema: 'public', table: 'signatures' }],
): unknown[] {
  return [ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: bindings } }];
}

/** How many big signatures fit on the wall beside the grid's cells (bigSignatureAt). */
export const BIG_SLOTS = 12;

/**
 * A heavy signature (tests/support/heavy-signature.ts: ~53 KB, about the heaviest one save can
 * be) in slot `slot`, 0 to BIG_SLOTS - 1: 300 × 150 px boxes where grid cells 750 to 869
 * (tests/support/grid.ts) would lie, which the tests that use it leave empty. Larger than the change
 * data the server copies into each frame: it shares larger data between frames, as fragments.
 */
export function bigSignatureAt(slot: number): string {
  if (slot < 0 || slot >= BIG_SLOTS) throw new Error(`no big signature slot ${slot}`);
  return heavySignatureAt(1000 + (slot % 6) * 350, 2560 + Math.floor(slot / 6) * 200);
}
