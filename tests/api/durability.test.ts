/**
 * A save the server acknowledged (201) survives the server being killed with SIGKILL mid-stream:
 * after a restart on the same DATA_DIR (or DATABASE_URL) every acknowledged row is there, the server
 * starts, and reads and writes work.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type ServerProcess } from '../support/server-process.ts';
import { ANON_KEY, backends, databaseEnv, type Target } from './harness.ts';
import { cellSignature } from './rules-helpers.ts';

const STREAMS = 4;
/** Kill once this many saves were acknowledged, while the streams keep sending. */
const KILL_AFTER = 60;

interface Acked {
  id: number;
  signature: string;
}

function headers(extra: Record<string, string> = {}) {
  return { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, ...extra };
}

async function save(url: string, signature: string): Promise<Acked | null> {
  const res = await fetch(`${url}/rest/v1/signatures?select=*`, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json', Prefer: 'return=representation' }),
    body: JSON.stringify({ signature }),
  });
  if (res.status !== 201) throw new Error(`save answered ${res.status}: ${await res.text()}`);
  const [row] = (await res.json()) as Array<{ id: number; signature: string }>;
  return { id: Number(row!.id), signature: row!.signature };
}

async function readAll(url: string): Promise<Acked[]> {
  const res = await fetch(`${url}/rest/v1/signatures?select=id,signature&order=id.asc`, {
    headers: headers(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Acked[]).map((r) => ({ id: Number(r.id), signature: r.signature }));
}

function env(target: Target): Record<string, string> {
  // The API only: no built app is needed to save and read signatures.
  const base = {
    ANON_KEY,
    DIST_DIR: join(tmpdir(), 'signwall-no-build'),
    // STREAMS saves at once from one address, all of them meant to be answered.
    MAX_SAVES_IN_FLIGHT_PER_ADDRESS: '0',
  };
  return { ...base, ...databaseEnv(target.config) };
}

describe.each(backends)('durability across kill -9 on $name', (backend) => {
  let target: Target | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await target?.cleanup();
  });

  it('keeps every acknowledged save, then starts, reads and writes', async () => {
    target = await backend.createTarget();
    server = await spawnServer(env(target));
    const first = server;

    // Several streams of non-overlapping saves; SIGKILL lands while requests are in flight.
    const acked: Acked[] = [];
    let next = 0;
    let failures = 0;
    let killed = false;
    const stream = async () => {
      while (!killed) {
        const n = next++;
        try {
          const row = await save(first.url, cellSignature(n));
          if (row) acked.push(row);
        } catch {
          failures++; // refused connection or reset by the kill: not acknowledged, may or may not exist
          if (killed) return;
        }
        if (!killed && acked.length >= KILL_AFTER) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: STREAMS }, stream));
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    server = await spawnServer(env(target));
    const rows = await readAll(server.url);
    const stored = new Map(rows.map((r) => [r.id, r.signature]));
    const lost = acked.filter((a) => stored.get(a.id) !== a.signature);
    console.log(
      `${backend.name}: ${acked.length} acknowledged before SIGKILL, ${failures} cut off, ` +
        `${rows.length} rows after restart, ${lost.length} acknowledged rows lost`,
    );
    expect(lost).toEqual([]);

    // The restarted server still takes and serves new signatures.
    const after = await save(server.url, cellSignature(next + 1));
    expect((await readAll(server.url)).map((r) => r.id)).toContain(after!.id);
  }, 180_000);
});
