/**
 * The boards of bench/realtime-capacity.ts, in a process of their own: told (IPC) to open more,
 * each does a board's initial load (the whole wall, one GET, as a first visit reads it) and then
 * joins the wall's channel on a raw v2 socket with heartbeats, as supabase-js would. For every
 * INSERT it reports once, when every board has it (or after 10 s): how many have it and the epoch
 * ms at which the median, 99th-percentile and last board got it.
 */
import WebSocket from 'ws';

const url = process.env.BENCH_URL!;
const key = process.env.BENCH_KEY!;
const HEARTBEAT_MS = 25_000;

interface Board {
  ws: WebSocket;
}

const boards: Board[] = [];
let errors = 0;
const arrivals = new Map<number, number[]>();
const reported = new Set<number>();

function report(id: number): void {
  if (reported.has(id)) return;
  reported.add(id);
  const times = (arrivals.get(id) ?? []).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * (times.length - 1)))];
  process.send!({
    type: 'delivered',
    id,
    count: times.length,
    p50: at(0.5),
    p99: at(0.99),
    last: times.at(-1),
  });
  arrivals.delete(id);
}

async function openBoard(): Promise<void> {
  const load = await fetch(
    `${url}/rest/v1/signatures?select=id,signature,caption,created_at&order=id.asc`,
    { headers: { apikey: key, Authorization: `Bearer ${key}`, 'Accept-Encoding': 'gzip' } },
  );
  await load.arrayBuffer();
  if (!load.ok) throw new Error(`initial load ${load.status}`);
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`,
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      type Payload = { data?: { type: string; record: { id: number } } };
      const frame = JSON.parse(String(data)) as [unknown, unknown, string, string, Payload];
      const change = frame[4].data;
      if (frame[3] === 'postgres_changes' && change?.type === 'INSERT') {
        const id = change.record.id;
        if (reported.has(id)) return;
        let list = arrivals.get(id);
        if (!list) {
          arrivals.set(id, (list = []));
          setTimeout(() => report(id), 10_000);
        }
        list.push(Date.now());
        if (list.length >= boards.length) report(id);
      } else if (frame[3] === 'phx_reply' && frame[1] === '1') {
        resolve();
      }
    });
    ws.once('open', () => {
      ws.send(
        JSON.stringify([
          '1',
          '1',
          'realtime:wall',
          'phx_join',
          { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'signatures' }] } },
        ]),
      );
      let ref = 1;
      const beat = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return clearInterval(beat);
        ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}]));
      }, HEARTBEAT_MS);
    });
    ws.on('close', () => errors++);
  });
  boards.push({ ws });
}

process.on('message', async (message: { type: 'open'; count: number }) => {
  if (message.type !== 'open') return;
  const started = Date.now();
  let failed = 0;
  // 50 at a time: a crowd arriving, not one request at a time.
  for (let i = 0; i < message.count; i += 50) {
    const batch = Math.min(50, message.count - i);
    const results = await Promise.allSettled(Array.from({ length: batch }, openBoard));
    failed += results.filter((r) => r.status === 'rejected').length;
  }
  process.send!({
    type: 'opened',
    boards: boards.length,
    failed,
    closed: errors,
    seconds: (Date.now() - started) / 1000,
  });
});
process.send!({ type: 'ready' });
