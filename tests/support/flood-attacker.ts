/**
 * The flooding client of tests/api/flood.test.ts, run in a worker thread so that its loops do not
 * share the in-process server's event loop: what the victim measures is the server, not the
 * attacker's own code. It sends `body` as a save on `sockets` sockets from `from`, each socket
 * sending again as soon as it is answered (an attacker ignores Retry-After), until `untilEpochMs`,
 * then posts back how it was answered: a count per status, or per error code for cut connections.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fetchFrom } from './fetch-from.ts';

export interface FloodOrders {
  url: string;
  anonKey: string;
  body: string;
  from: string;
  sockets: number;
  untilEpochMs: number;
}

export type FloodAnswers = Record<string, number>;

async function flood(orders: FloodOrders): Promise<FloodAnswers> {
  const attacker = fetchFrom(orders.from, orders.sockets);
  const answers: FloodAnswers = {};
  const count = (what: string) => (answers[what] = (answers[what] ?? 0) + 1);
  const loop = async () => {
    while (Date.now() < orders.untilEpochMs) {
      try {
        const res = await attacker.fetch(`${orders.url}/rest/v1/signatures`, {
          method: 'POST',
          headers: { apikey: orders.anonKey, 'Content-Type': 'application/json' },
          body: orders.body,
        });
        await res.arrayBuffer();
        count(String(res.status));
      } catch (error) {
        count((error as { code?: string }).code ?? 'error');
      }
    }
  };
  await Promise.all(Array.from({ length: orders.sockets }, loop));
  attacker.close();
  return answers;
}

if (parentPort) parentPort.postMessage(await flood(workerData as FloodOrders));
