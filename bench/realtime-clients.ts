/**
 * The boards of bench/realtime-capacity.ts, in a process of their own: told (IPC) to open more,
 * each does a board's initial load (the whole wall, one GET, as a first visit reads it) and then
 * joins the wall's channel on a raw v2 socket with heartbeats, as supabase-js would. For every
 * INSERT it reports once, when every board has it (or after 10 s): how many have it and the epoch
 * ms at which the median, 99th-percentile and last board got it.
 */
import { joinRawChannel, type RawChannel } from './realtime-socket.ts';

const url = process.env.BENCH_URL!;
const key = process.env.BENCH_KEY!;
const boards: RawChannel[] = [];
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
  const channel = await joinRawChannel(url, key, {
    heartbeat: true,
    onClose: () => errors++,
    onInsert: (id) => {
      if (reported.has(id)) return;
      let list = arrivals.get(id);
      if (!list) {
        arrivals.set(id, (list = []));
        setTimeout(() => report(id), 10_000);
      }
      list.push(Date.now());
      if (list.length >= boards.length) report(id);
    },
  });
  boards.push(channel);
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
