/**
 * One WebSocket's conversation, the subset of Supabase Realtime that `@supabase/realtime-js` needs
 * for postgres_changes (RealtimeChannel.ts subscribe() and _updatePostgresBindings(); Supabase's
 * Realtime protocol guide):
 *
 *   client  phx_join  {config: {postgres_changes: [{event, schema, table, filter?}], …}, access_token?}
 *   server  phx_reply {status: 'ok', response: {postgres_changes: [{id, event, schema, table, filter?}]}}
 *           (realtime-js pairs its bindings with these in order and keeps each binding's `id`)
 *   server  system    {channel, extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok'}
 *   server  postgres_changes {ids: [binding ids], data: {schema, table, commit_timestamp, type,
 *           columns, record, old_record, errors}}, for the bindings whose event is '*' or the type
 *   client  heartbeat on topic 'phoenix'       → phx_reply {status: 'ok', response: {}}
 *   client  phx_leave                          → phx_reply ok, then phx_close
 *   client  access_token {access_token}        → accepted when it is one of the server's keys
 *
 * Anything a socket does outside its bounds (limits.ts) closes that socket: not a message, a flood,
 * too many channels. Every subscriber sees the table as anon does, whichever key it came with.
 */
import { checkApiKey, type ApiKeys } from '../http/api-key.ts';
import type { Change } from './change-feed.ts';
import type { RealtimeLimits } from './limits.ts';
import { decode, encode, encodeRaw, type Message, type Vsn } from './wire.ts';

/** What a session needs of its socket (a `ws` WebSocket has all of it). */
export interface SessionSocket {
  /** One text message (a Buffer holds its UTF-8). */
  send(text: string | Buffer): void;
  /** One text message made of these parts, sent as fragments so shared buffers are not copied. */
  sendParts(parts: readonly (string | Buffer)[]): void;
  /**
   * One compressed text message: `prefix`, the text `shared` is the deflated form of, `suffix`
   * (deflate.ts). Only on a socket that negotiated permessage-deflate and takes shared blocks.
   */
  sendDeflated?: (prefix: Buffer, shared: Buffer, suffix: Buffer) => void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

/** WebSocket close codes (RFC 6455 §7.4.1). */
export const CLOSE = {
  unsupportedData: 1003,
  invalidPayload: 1007,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
} as const;

const TOPIC_PREFIX = 'realtime:';
/** Change data up to this size is copied into each frame; larger is shared between frames. */
const COPY_BELOW_BYTES = 16 * 1024;
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

interface Binding {
  id: number;
  event: string;
}

interface Channel {
  joinRef: string | null;
  bindings: Binding[];
}

/** A refused join; its message is the reply's `reason`, `<Code>: <words>` as Supabase words it. */
class JoinRefused extends Error {}

export class Session {
  private readonly channels = new Map<string, Channel>();
  private nextBindingId = 1;
  private tokens: number;
  private refilledAt: number;
  /** When the client last sent a message; the sweep closes sockets silent past idleTimeoutMs. */
  lastHeardAt: number;
  /**
   * Since when the socket has had no channel (undefined while it has one). realtime-js disconnects
   * once its last channel is gone, so a socket that only heartbeats is closed after idleTimeoutMs
   * as well: joining is what a socket is for.
   */
  channellessSince: number | undefined;
  closed = false;

  private readonly socket: SessionSocket;
  private readonly vsn: Vsn;
  private readonly keys: ApiKeys;
  private readonly limits: RealtimeLimits;

  constructor(socket: SessionSocket, vsn: Vsn, keys: ApiKeys, limits: RealtimeLimits) {
    this.socket = socket;
    this.vsn = vsn;
    this.keys = keys;
    this.limits = limits;
    const now = performance.now();
    this.lastHeardAt = now;
    this.channellessSince = now;
    this.refilledAt = now;
    this.tokens = limits.messagesPerSecond * 2;
  }

  /** True while the session has a postgres_changes binding, i.e. wants changes. */
  get listening(): boolean {
    for (const channel of this.channels.values()) if (channel.bindings.length > 0) return true;
    return false;
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.channels.clear();
    this.socket.close(code, reason);
  }

  onFrame(data: Buffer, isBinary: boolean): void {
    if (this.closed) return;
    this.lastHeardAt = performance.now();
    if (!this.takeToken()) return this.close(CLOSE.policyViolation, 'too many messages');
    // Version 2's binary frames are client broadcasts, which this server does not relay.
    if (isBinary) return this.close(CLOSE.unsupportedData, 'binary frames are not supported');
    const message = decode(data.toString('utf8'), this.vsn);
    if (!message) return this.close(CLOSE.invalidPayload, 'not a Phoenix message');
    this.handle(message);
  }

  /** Sends `change` to every channel bound to its type. O(channels) of this socket. */
  deliver(change: Change): void {
    if (this.closed) return;
    for (const [topic, channel] of this.channels) {
      const ids = channel.bindings
        .filter((b) => b.event === '*' || b.event === change.type)
        .map((b) => b.id);
      if (ids.length === 0) continue;
      // The frame around the shared `data`, as the protocol guide shows it: no join_ref, no ref.
      const marker = '\u0000';
      const frame = encodeRaw(
        this.vsn,
        null,
        null,
        topic,
        'postgres_changes',
        `{"ids":${JSON.stringify(ids)},"data":${marker}}`,
      );
      const at = frame.lastIndexOf(marker);
      if (!this.roomFor()) return;
      if (change.deflated && this.socket.sendDeflated) {
        this.socket.sendDeflated(
          Buffer.from(frame.slice(0, at)),
          change.deflated,
          Buffer.from(frame.slice(at + marker.length)),
        );
        continue;
      }
      const parts = [frame.slice(0, at), change.data, frame.slice(at + marker.length)];
      // A small change is cheaper copied into one frame (one write) than sent as three fragments.
      if (change.data.length > COPY_BELOW_BYTES) this.socket.sendParts(parts);
      else {
        this.socket.send(
          Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))),
        );
      }
    }
  }

  /** False (and the socket closed) when the client is not taking what it was sent. */
  private roomFor(): boolean {
    if (this.socket.bufferedAmount <= this.limits.maxBufferedBytes) return true;
    this.close(CLOSE.policyViolation, 'not reading');
    return false;
  }

  /** A frame to the client; a client that does not take its frames is closed, not buffered for. */
  private push(frame: string): void {
    if (this.roomFor()) this.socket.send(frame);
  }

  private reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown>) {
    this.push(
      encode(this.vsn, {
        joinRef: message.joinRef,
        ref: message.ref,
        topic: message.topic,
        event: 'phx_reply',
        payload: { status, response },
      }),
    );
  }

  private takeToken(): boolean {
    const now = performance.now();
    const rate = this.limits.messagesPerSecond;
    this.tokens = Math.min(rate * 2, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private handle(message: Message): void {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      // Phoenix's answer to a message for a topic this socket has not joined.
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (message.event === 'phx_leave') {
      this.channels.delete(message.topic);
      if (this.channels.size === 0) this.channellessSince = performance.now();
      this.reply(message, 'ok', {});
      this.push(
        encode(this.vsn, {
          joinRef: channel.joinRef,
          ref: message.ref,
          topic: message.topic,
          event: 'phx_close',
          payload: {},
        }),
      );
      return;
    }
    if (message.event === 'access_token') {
      // Everyone sees the table as anon does, so the token changes nothing but must be a key.
      if (!this.knownKey(message.payload.access_token)) {
        this.close(CLOSE.policyViolation, 'unknown access token');
      }
      return;
    }
    // Client broadcasts and presence are not relayed: answered, so realtime-js's push settles.
    if (message.ref !== null) this.reply(message, 'ok', {});
  }

  private knownKey(token: unknown): boolean {
    if (typeof token !== 'string') return false;
    try {
      checkApiKey(token, null, this.keys);
      return true;
    } catch {
      return false;
    }
  }

  private join(message: Message): void {
    const { topic, payload } = message;
    if (!this.channels.has(topic) && this.channels.size >= this.limits.maxChannelsPerSocket) {
      return this.close(CLOSE.policyViolation, 'too many channels');
    }
    let response: Record<string, unknown>[];
    try {
      if (!topic.startsWith(TOPIC_PREFIX))
        throw new JoinRefused('TopicNameRequired: a topic starts with realtime:');
      if (payload.access_token !== undefined && !this.knownKey(payload.access_token)) {
        throw new JoinRefused('Unauthorized: the access token is not a key of this server');
      }
      const config = (payload.config ?? {}) as Record<string, unknown>;
      if (typeof config !== 'object' || config === null)
        throw new JoinRefused('InvalidConfig: config must be an object');
      if (config.private === true) {
        throw new JoinRefused('Unauthorized: private channels are not supported by this server');
      }
      response = this.bind(config.postgres_changes ?? []);
    } catch (error) {
      if (!(error instanceof JoinRefused)) throw error;
      this.reply(message, 'error', { reason: error.message });
      return;
    }
    const bindings = response.map((r) => ({
      id: r.id as number,
      event: (r.event as string).toUpperCase(),
    }));
    this.channels.set(topic, { joinRef: message.joinRef ?? message.ref, bindings });
    this.channellessSince = undefined;
    this.reply(message, 'ok', { postgres_changes: response });
    if (bindings.length === 0) return;
    this.push(
      encode(this.vsn, {
        joinRef: message.joinRef ?? message.ref,
        ref: null,
        topic,
        event: 'system',
        payload: {
          channel: topic.slice(TOPIC_PREFIX.length),
          extension: 'postgres_changes',
          message: 'Subscribed to PostgreSQL',
          status: 'ok',
        },
      }),
    );
  }

  /**
   * The server's side of each postgres_changes binding, in the client's order: its fields echoed
   * (a `filter` only when the client sent one: realtime-js compares them) plus the id events carry.
   */
  private bind(requested: unknown): Record<string, unknown>[] {
    if (!Array.isArray(requested))
      throw new JoinRefused('InvalidConfig: postgres_changes must be a list');
    if (requested.length > this.limits.maxChannelsPerSocket) {
      throw new JoinRefused('InvalidConfig: too many postgres_changes bindings');
    }
    return requested.map((item: unknown) => {
      const { event, schema, table, filter } = (item ?? {}) as Record<string, unknown>;
      if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) {
        throw new JoinRefused('InvalidConfig: event must be one of *, INSERT, UPDATE, DELETE');
      }
      if (schema !== 'public' || (table !== undefined && table !== 'signatures')) {
        throw new JoinRefused('InvalidConfig: only public.signatures is published by this server');
      }
      if (filter !== undefined && filter !== null && filter !== '') {
        throw new JoinRefused('InvalidConfig: filters are not supported by this server');
      }
      const binding: Record<string, unknown> = { id: this.nextBindingId++, event, schema };
      if (table !== undefined) binding.table = table;
      if (filter !== undefined) binding.filter = filter;
      return binding;
    });
  }
}
