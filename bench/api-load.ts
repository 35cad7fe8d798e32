/**
 * The data API under load, from this process against the server child on loopback:
 * - insert latency with the wall full: sequential POSTs of the generator's reserved signatures
 *   into its empty insert strip, each timed from request to parsed response (run first, on a
 *   quiet server);
 * - full-wall GET (every column a visitor may read, ordered by created_at, gzip accepted; not
 *   `select=*`, since anon may not read `removal_hash`): three alone, then 50
 *   connections for a fixed duration through autocannon (its default 10 s request timeout):
 *   requests/s, latency percentiles, errors (timeouts included) and non-2xx.
 */
import autocannon from 'autocannon';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { API_HEADERS, insertSignature } from './server.ts';
import { max, median, percentile } from './stats.ts';
import type { GeneratedSignature } from './wall-generator.ts';

export const FULL_WALL_PATH = `/rest/v1/signatures?select=*&order=created_at.asc`;

export interface FullWallLoad {
  connections: number;
  durationS: number;
  rows: number;
  /** Response body size on the wire (gzip) and decoded. */
  wireBytes: number;
  jsonBytes: number;
  /** Median time of one full-wall GET with no other request running (3 in a row). */
  singleMs: number;
  requestsPerS: number;
  requestsTotal: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface InsertLatency {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** One GET of the full wall, to report what a request carries. */
function probeFullWall(
  baseUrl: string,
): Promise<{ rows: number; wireBytes: number; jsonBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${FULL_WALL_PATH}`,
      { headers: { ...API_HEADERS, 'Accept-Encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const wire = Buffer.concat(chunks);
            const encoded = res.headers['content-encoding'] === 'gzip';
            const json = encoded ? gunzipSync(wire) : wire;
            const rows = (JSON.parse(json.toString('utf8')) as unknown[]).length;
            resolve({ rows, wireBytes: wire.length, jsonBytes: json.length });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function fullWallLoad(
  baseUrl: string,
  { connections = 50, durationS = 10 } = {},
): Promise<FullWallLoad> {
  // One at a time first: what a single request costs when nothing else runs.
  const single: number[] = [];
  let probe = { rows: 0, wireBytes: 0, jsonBytes: 0 };
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    probe = await probeFullWall(baseUrl);
    single.push(performance.now() - started);
  }
  const result = await autocannon({
    url: `${baseUrl}${FULL_WALL_PATH}`,
    connections,
    duration: durationS,
    headers: { ...API_HEADERS, 'Accept-Encoding': 'gzip' },
  });
  return {
    connections,
    durationS,
    ...probe,
    singleMs: median(single),
    requestsPerS: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function insertLatency(
  baseUrl: string,
  signatures: readonly GeneratedSignature[],
): Promise<InsertLatency> {
  const times: number[] = [];
  for (const sig of signatures) times.push(await insertSignature(baseUrl, sig));
  return {
    count: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: max(times),
  };
}
