/**
 * The real server (`server/main.ts`) as a child process for the benchmark: a free port on
 * loopback, a fresh temporary DATA_DIR, the production build given by `distDir`, and request
 * logging off. Also seeding through the data API, as any client would.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS } from '../server/http/saves-in-flight.ts';
import { spawnServer } from '../tests/support/server-process.ts';
import { insertBody, type GeneratedSignature } from './wall-generator.ts';

export const ANON_KEY = 'sb_publishable_signwall_local';
export const SERVER_ENTRY = 'server/main.ts';

export interface BenchServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function serverAvailable(): boolean {
  return existsSync(SERVER_ENTRY);
}

export async function startServer(
  distDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signwall-bench-data-'));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await spawnServer({ DATA_DIR: dataDir, DIST_DIR: distDir, ...env });
    return {
      url: server.url,
      process: server.child,
      async stop() {
        await server.stop();
        cleanup();
      },
    };
  } catch (error) {
    cleanup();
    throw error;
  }
}

export const API_HEADERS = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` };

/** Saves one signature through POST /rest/v1/signatures; resolves with the request's duration. */
export async function insertSignature(baseUrl: string, sig: GeneratedSignature): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/rest/v1/signatures?select=*`, {
    method: 'POST',
    headers: {
      ...API_HEADERS,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: insertBody(sig),
  });
  const body = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 201) throw new Error(`insert refused: ${res.status} ${body.slice(0, 300)}`);
  return elapsed;
}

/**
 * Seeds every signature, `concurrency` requests at a time, in order of the list; by default as many
 * as one address may have in flight (more would be refused with 429).
 */
export async function seed(
  baseUrl: string,
  signatures: readonly GeneratedSignature[],
  concurrency = DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < signatures.length) {
      const sig = signatures[next++]!;
      await insertSignature(baseUrl, sig);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, signatures.length) }, worker));
}

/**
 * The app's live poll re-reads every row created within 30 s before the newest one (its overlap
 * window, src/data/live-signatures.ts). A real wall fills over days, so that window holds a
 * signature or two; a wall seeded in a burst would put all of it there, and every open board
 * would re-download the whole wall every 3 s. So: seed all but the last signature, wait until
 * the overlap has passed, then save the last one. `pauseMs` 0 seeds in one burst. Resolves with
 * the time spent seeding, the pause left out.
 */
export async function seedSettled(
  baseUrl: string,
  signatures: readonly GeneratedSignature[],
  pauseMs: number,
  concurrency = DEFAULT_SAVES_IN_FLIGHT_PER_ADDRESS,
): Promise<number> {
  const started = performance.now();
  if (pauseMs <= 0 || signatures.length < 2) {
    await seed(baseUrl, signatures, concurrency);
    return performance.now() - started;
  }
  await seed(baseUrl, signatures.slice(0, -1), concurrency);
  const bulk = performance.now() - started;
  await new Promise((r) => setTimeout(r, pauseMs));
  return bulk + (await insertSignature(baseUrl, signatures[signatures.length - 1]!));
}

/**
 * Resolves once the server's link preview of the whole wall (what a visit of `/` asks it to
 * prepare) shows the wall as it is now. The bench's browser and server share one machine: a
 * preview the server paints while a visit is measured (after a wall change, once it has been
 * quiet for a second; server/share/previews.ts) takes CPU from the browser under test, which a
 * visitor's own device never shares with the server. Polls every 1.5 s (a poll is a request, and
 * the render waits for a second without one); gives up after `timeoutMs`.
 */
export async function previewSettled(baseUrl: string, timeoutMs = 60_000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/preview.png`);
    await res.arrayBuffer();
    if (res.headers.get('x-preview') === 'fresh') return true;
    if (performance.now() > until) return false;
    await new Promise((r) => setTimeout(r, 1_500));
  }
}
