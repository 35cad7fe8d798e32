/**
 * The Realtime door is bounded like every other door. Each attack comes from its own
 * address (127.0.0.x) with a raw `ws` socket and is answered by closing that socket (or refusing
 * it before the upgrade), while a bystander's supabase-js channel keeps receiving and the data API
 * keeps answering. The bounds do not depend on the database, so one backend (the first) runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeStats } from '../../server/realtime/door.ts';
import { DEFAULT_REALTIME_LIMITS } from '../../server/realtime/limits.ts';
import { backends, signWith, useServer } from './harness.ts';
import {
  BIG_SLOTS,
  bigSignatureAt,
  joinFrame,
  openRaw,
  subscribeWithSupabase,
  waitFor,
  type RawSocket,
  type Subscription,
} from './realtime-support.ts';

const PER_ADDRESS = 4;
const IDLE_MS = 2_000;
/** Small, so a reader that stops fills it after the kernel's buffers with a few saves. */
const MAX_BUFFERED = 64 * 1024;
const SERVICE_KEY = 'sk_test_realtime_bounds_0123456789abcdefghij';

const backend = backends[0]!;

describe(`Realtime bounds on ${backend.name}`, () => {
  const ctx = useServer(backend, {
    app: {
      serviceRoleKey: SERVICE_KEY,
      realtimeLimits: {
        maxConnectionsPerAddress: PER_ADDRESS,
        idleTimeoutMs: IDLE_MS,
        maxBufferedBytes: MAX_BUFFERED,
      },
    },
  });
  let bystander: Subscription;
  const key = () => ctx.server.anonKey;
  beforeAll(async () => {
    // Heartbeats far more often than the idle timeout: a live client is never cut as idle.
    bystander = await subscribeWithSupabase(ctx.server.url, key(), { heartbeatIntervalMs: 500 });
  });
  afterAll(async () => {
    await bystander?.close();
  });

  /** The data API answers a save (201) and the bystander's channel receives it. */
  async function othersStillServed(): Promise<void> {
    const id = await signWith(ctx.server.client);
    await bystander.next(`the INSERT of #${id}`, (e) => (e.new as { id?: number }).id === id);
  }

  async function joined(address: string, topics = 1, deflate = true): Promise<RawSocket> {
    const raw = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: address, perMessageDeflate: deflate },
    );
    for (let i = 0; i < topics; i++) raw.send(joinFrame(`t${i}`, String(i + 1)));
    await raw.next(
      'the joins',
      () => raw.frames.filter((f) => (f as unknown[])[3] === 'phx_reply').length === topics,
    );
    return raw;
  }

  it('refuses an upgrade without a key, with a wrong key, with the secret key in the URL, or an unknown vsn', async () => {
    const refused = async (params: Record<string, string>) =>
      openRaw(ctx.server.url, params, { localAddress: '127.0.0.2' }).then(
        () => 'open',
        (error: { status?: number }) => error.status,
      );
    expect(await refused({ vsn: '2.0.0' })).toBe(401);
    expect(await refused({ apikey: 'wrong', vsn: '2.0.0' })).toBe(401);
    expect(await refused({ apikey: SERVICE_KEY, vsn: '2.0.0' })).toBe(401);
    expect(await refused({ apikey: key(), vsn: '3.0.0' })).toBe(400);
    await othersStillServed();
  });

  it(`closes a socket that joins past ${DEFAULT_REALTIME_LIMITS.maxChannelsPerSocket} channels (100 joins)`, async () => {
    const raw = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.3' },
    );
    // Paced under the message rate, so the channel cap is what closes it.
    for (let i = 0; i < 100 && raw.ws.readyState === raw.ws.OPEN; i++) {
      raw.send(joinFrame(`j${i}`, String(i)));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(await raw.closed).toBe(1008);
    const oks = raw.frames.filter((f) => (f as unknown[])[3] === 'phx_reply');
    expect(oks).toHaveLength(DEFAULT_REALTIME_LIMITS.maxChannelsPerSocket);
    await othersStillServed();
  });

  it('closes a socket that sends a frame over the size limit (1009)', async () => {
    const raw = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.4' },
    );
    raw.send([
      '1',
      '1',
      'realtime:big',
      'phx_join',
      { padding: 'x'.repeat(DEFAULT_REALTIME_LIMITS.maxMessageBytes) },
    ]);
    expect(await raw.closed).toBe(1009);
    await othersStillServed();
  });

  it('closes a socket that sends garbage: not JSON (1007), not a message (1007), binary (1003)', async () => {
    const garbage: [unknown, number][] = [
      ['{not json', 1007],
      [JSON.stringify([1, 2, 3]), 1007],
      [JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }), 1007], // a v1 frame on v2
      [Buffer.from([0, 1, 2, 3]), 1003],
    ];
    for (const [frame, code] of garbage) {
      const raw = await openRaw(
        ctx.server.url,
        { apikey: key(), vsn: '2.0.0' },
        { localAddress: '127.0.0.5' },
      );
      raw.ws.send(frame as string);
      expect(await raw.closed).toBe(code);
    }
    await othersStillServed();
  });

  it('closes a socket that floods messages', async () => {
    const raw = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.6' },
    );
    for (let i = 0; i < 200 && raw.ws.readyState === raw.ws.OPEN; i++) {
      raw.send([null, String(i), 'phoenix', 'heartbeat', {}]);
    }
    expect(await raw.closed).toBe(1008);
    // It was answered until it passed the burst allowance (twice the rate per second).
    const answered = raw.frames.length;
    expect(answered).toBeGreaterThanOrEqual(DEFAULT_REALTIME_LIMITS.messagesPerSecond * 2 - 1);
    expect(answered).toBeLessThan(200);
    await othersStillServed();
  });

  it(`refuses a ${PER_ADDRESS + 1}th socket from one address (429), and takes one again once one closes`, async () => {
    const open: RawSocket[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      open.push(
        await openRaw(
          ctx.server.url,
          { apikey: key(), vsn: '2.0.0' },
          { localAddress: '127.0.0.7' },
        ),
      );
    }
    const over = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.7' },
    ).then(
      () => 'open',
      (error: { status?: number }) => error.status,
    );
    expect(over).toBe(429);
    // Another address is not affected.
    (
      await openRaw(ctx.server.url, { apikey: key(), vsn: '2.0.0' }, { localAddress: '127.0.0.8' })
    ).ws.close();
    const sockets = realtimeStats(ctx.server.app).sockets;
    const closing = open.pop()!;
    closing.ws.close();
    await closing.closed;
    await waitFor(
      'the server to release it',
      () => realtimeStats(ctx.server.app).sockets < sockets,
    );
    const reopened = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.7' },
    );
    for (const raw of [...open, reopened]) raw.ws.close();
    await othersStillServed();
  });

  it('closes a socket that stops reading once its unsent frames pass the cap, and only that one', async () => {
    const before = realtimeStats(ctx.server.app).sockets;
    // Without compression, so that these saves pass the cap whatever they compress to.
    const slow = await joined('127.0.0.9', DEFAULT_REALTIME_LIMITS.maxChannelsPerSocket, false);
    expect(realtimeStats(ctx.server.app).sockets).toBe(before + 1);
    slow.ws.pause(); // stops reading: the kernel's buffers fill, then the server's
    for (let slot = 0; slot < BIG_SLOTS && realtimeStats(ctx.server.app).sockets > before; slot++) {
      const { error } = await ctx.server.client
        .from('signatures')
        .insert({ signature: bigSignatureAt(slot) });
      expect(error).toBeNull();
    }
    await waitFor(
      'the slow socket to be closed',
      () => realtimeStats(ctx.server.app).sockets === before,
    );
    slow.ws.resume();
    expect(await slow.closed).toBe(1006); // terminated: no close frame for a client that does not read
    await othersStillServed();
  }, 60_000);

  it(`closes a socket that heartbeats but joins no channel for ${IDLE_MS} ms`, async () => {
    const raw = await openRaw(
      ctx.server.url,
      { apikey: key(), vsn: '2.0.0' },
      { localAddress: '127.0.0.12' },
    );
    const openedAt = performance.now();
    let ref = 0;
    const beat = setInterval(
      () => raw.send([null, String(++ref), 'phoenix', 'heartbeat', {}]),
      300,
    );
    try {
      expect(await raw.closed).toBe(1008);
    } finally {
      clearInterval(beat);
    }
    expect(performance.now() - openedAt).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(raw.frames.length).toBeGreaterThan(3); // its heartbeats were answered meanwhile
    await othersStillServed();
  });

  it('reads each new row once, however many sockets receive it (20 here)', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 20 }, (_, i) => joined(`127.0.1.${i + 1}`)),
    );
    // Counts the server's transactions as anon that read: the change feed's row reads.
    const db = ctx.server.db;
    const transaction = db.transaction.bind(db);
    let anonReads = 0;
    db.transaction = (fn, options) => {
      if (options?.role === 'anon' && options.kind === 'read') anonReads++;
      return transaction(fn, options);
    };
    try {
      const id = await signWith(ctx.server.client);
      for (const raw of sockets) {
        await raw.next('the change', (f) => (f as unknown[])[3] === 'postgres_changes');
      }
      await bystander.next('the change', (e) => (e.new as { id?: number }).id === id);
      expect(anonReads).toBe(1);
    } finally {
      db.transaction = transaction;
      for (const raw of sockets) raw.ws.close();
    }
  });

  it('closes a socket that sends an access_token that is no key of this server', async () => {
    const raw = await joined('127.0.0.11');
    raw.send(['1', '9', 'realtime:t0', 'access_token', { access_token: 'not-a-key' }]);
    expect(await raw.closed).toBe(1008);
    await othersStillServed();
  });

  it(`closes a socket silent for ${IDLE_MS} ms (no heartbeat), while a heartbeating one stays`, async () => {
    const silent = await joined('127.0.0.10');
    const openedAt = performance.now();
    expect(await silent.closed).toBe(1008);
    expect(performance.now() - openedAt).toBeGreaterThanOrEqual(IDLE_MS - 100);
    await othersStillServed(); // the bystander has been connected far longer than IDLE_MS
  });
});

describe(`Realtime with no socket open on ${backend.name}`, () => {
  const ctx = useServer(backend);

  it('reads no row for a save while no socket is open, and reads it once one is', async () => {
    const db = ctx.server.db;
    const transaction = db.transaction.bind(db);
    let anonReads = 0;
    db.transaction = (fn, options) => {
      if (options?.role === 'anon' && options.kind === 'read') anonReads++;
      return transaction(fn, options);
    };
    try {
      await signWith(ctx.server.client);
      // The announcement arrives after the 201 at the latest; give it time to be (not) read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(anonReads).toBe(0);
      const raw = await openRaw(ctx.server.url, { apikey: ctx.server.anonKey, vsn: '2.0.0' });
      raw.send(joinFrame('wall', '1'));
      await raw.next('the join', (f) => (f as unknown[])[3] === 'phx_reply');
      await signWith(ctx.server.client);
      await raw.next('the change', (f) => (f as unknown[])[3] === 'postgres_changes');
      expect(anonReads).toBe(1);
      raw.ws.close();
    } finally {
      db.transaction = transaction;
    }
  });
});
