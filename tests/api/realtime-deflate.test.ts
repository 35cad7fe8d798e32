/**
 * Realtime frames compressed (permessage-deflate) where the client offers it. Every open board
 * receives each save whole: a heavy legal one is ~54 KB of digits, compressed once by the server
 * (server/realtime/deflate.ts) and framed per socket. Real clients check that it inflates to the
 * very row the data API returns: a raw `ws` socket offering the extension as browsers do, one
 * offering nothing, one that limits the server's window, supabase-js's channel (realtime-js over
 * `ws`, as the tests and Node 20 use it) and realtime-js over Node's own WebSocket, in both wire
 * versions, saves after saves with heartbeats and small replies between them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { heavySignatureAt } from '../support/heavy-signature.ts';
import { backends, useServer, type TestServer } from './harness.ts';
import {
  joinFrame,
  openRaw,
  subscribeWithSupabase,
  type RawSocket,
  type Subscription,
  type Vsn,
} from './realtime-support.ts';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
type Row = Record<string, unknown>;

let box = 0;
/** A heavy signature in a box of its own (300 × 150 px boxes from (1000, 1000)). */
function nextHeavy(): string {
  const n = box++;
  return heavySignatureAt(1000 + (n % 6) * 350, 1000 + Math.floor(n / 6) * 200);
}

/** Saves `signature` through the data API and answers the row as anon reads it back. */
async function save(server: TestServer, signature: string): Promise<Row> {
  const { data, error } = await server.client
    .from('signatures')
    .insert({ signature, caption: 'heavy ✍️' })
    .select('id')
    .single();
  expect(error).toBeNull();
  const read = await server.client
    .from('signatures')
    .select('*')
    .eq('id', (data as { id: number }).id)
    .single();
  expect(read.error).toBeNull();
  return read.data as Row;
}

/** The INSERT's record in a frame of either wire version, or undefined. */
function insertOf(frame: unknown, vsn: Vsn): Row | undefined {
  const [event, payload] =
    vsn === '2.0.0'
      ? [(frame as Frame)[3], (frame as Frame)[4]]
      : [
          (frame as { event: string }).event,
          (frame as { payload: Record<string, unknown> }).payload,
        ];
  const data = payload.data as { type?: string; record?: Row } | undefined;
  return event === 'postgres_changes' && data?.type === 'INSERT' ? data.record : undefined;
}

async function joined(socket: RawSocket, vsn: Vsn): Promise<void> {
  if (vsn === '2.0.0') socket.send(joinFrame('wall', '1'));
  else {
    socket.send({
      topic: 'realtime:wall',
      event: 'phx_join',
      payload: { config: { postgres_changes: [{ event: '*', schema: 'public' }] } },
      ref: '1',
      join_ref: '1',
    });
  }
  await socket.next('the join reply', (frame) =>
    vsn === '2.0.0'
      ? (frame as Frame)[3] === 'phx_reply'
      : (frame as { event: string }).event === 'phx_reply',
  );
}

function heartbeat(socket: RawSocket, vsn: Vsn, ref: string): void {
  socket.send(
    vsn === '2.0.0'
      ? [null, ref, 'phoenix', 'heartbeat', {}]
      : { topic: 'phoenix', event: 'heartbeat', payload: {}, ref },
  );
}

describe.each(backends)('compressed Realtime frames on $name', (backend) => {
  const ctx = useServer(backend);
  const open: Array<RawSocket | Subscription> = [];
  afterEach(async () => {
    for (const socket of open.splice(0)) {
      if ('ws' in socket) socket.ws.close();
      else await socket.close();
    }
  });

  it.each<Vsn>(['2.0.0', '1.0.0'])(
    'vsn %s: negotiated where offered; every heavy save arrives whole, compressed or not',
    async (vsn) => {
      const { server } = ctx;
      const params = { apikey: server.anonKey, vsn };
      const offering = await openRaw(server.url, params);
      const plain = await openRaw(server.url, params, { perMessageDeflate: false });
      // A client may limit the window the server compresses with: it gets plain frames.
      const narrow = await openRaw(server.url, params, {
        perMessageDeflate: { serverMaxWindowBits: 10 },
      });
      open.push(offering, plain, narrow);
      expect(offering.ws.extensions).toBe('permessage-deflate');
      expect(plain.ws.extensions).toBe('');
      expect(narrow.ws.extensions).toBe('permessage-deflate');
      const sockets = [offering, plain, narrow];
      for (const socket of sockets) await joined(socket, vsn);

      for (let i = 0; i < 3; i++) {
        const before = sockets.map((socket) => socket.bytesRead());
        const row = await save(server, nextHeavy());
        const text = row.signature as string;
        expect(text.length).toBeGreaterThan(45_000);
        for (const socket of sockets) {
          const frame = await socket.next(`INSERT #${row.id as number}`, (f) => {
            const record = insertOf(f, vsn);
            return record !== undefined && record.id === row.id;
          });
          expect(insertOf(frame, vsn)).toEqual(row);
        }
        const wire = sockets.map((socket, k) => socket.bytesRead() - before[k]!);
        // Digits compress to well under half; the others get at least the whole text.
        expect(wire[0]).toBeLessThan(text.length / 2);
        expect(wire[1]).toBeGreaterThan(text.length);
        expect(wire[2]).toBeGreaterThan(text.length);
        // Small replies (uncompressed) between compressed messages: the inflater stays in step.
        for (const socket of sockets) {
          heartbeat(socket, vsn, `h${i}`);
          await socket.next(`heartbeat reply h${i}`, (f) =>
            vsn === '2.0.0' ? (f as Frame)[1] === `h${i}` : (f as { ref: string }).ref === `h${i}`,
          );
        }
      }
    },
  );

  it('realtime-js (supabase-js) over ws negotiates it and gets heavy saves whole', async () => {
    const { server } = ctx;
    const channel = await subscribeWithSupabase(server.url, server.anonKey);
    open.push(channel);
    const rows = [await save(server, nextHeavy()), await save(server, nextHeavy())];
    for (const row of rows) {
      const event = await channel.next(`INSERT #${row.id as number}`, (e) => {
        return e.eventType === 'INSERT' && (e.new as Row).id === row.id;
      });
      expect(event.new).toEqual(row);
    }
    expect(channel.extensions()).toBe('permessage-deflate');
  });

  it("realtime-js over Node's own WebSocket gets heavy saves whole", async () => {
    const { server } = ctx;
    const channel = await subscribeWithSupabase(server.url, server.anonKey, { native: true });
    open.push(channel);
    const row = await save(server, nextHeavy());
    const event = await channel.next(`INSERT #${row.id as number}`, (e) => {
      return e.eventType === 'INSERT' && (e.new as Row).id === row.id;
    });
    expect(event.new).toEqual(row);
    // undici offers it too: a second implementation that inflates our frames.
    expect(channel.extensions()).toMatch(/^permessage-deflate\b/);
  });
});
