/**
 * What one wall load transfers, build against build: the real server on one wall of N generated
 * signatures (simplified, as the app saves them), seeded once, each build of BENCH_DISTS served in
 * turn on that same data, and the throttled load (bench/browser/throttled-load.ts) per viewport,
 * BENCH_RUNS times. Prints the medians: the wall's reads' bytes on the wire (gzip, headers
 * included) and decoded (the JSON), their count, and the load's times (noisy on a shared machine).
 *
 *   npx vite build --outDir /tmp/dist-before   # at the older commit
 *   npx vite build                             # at this one
 *   BENCH_DISTS=/tmp/dist-before,dist npx tsx bench/wall-load-bytes.ts
 *
 * BENCH_N (default 2000), BENCH_RUNS (3), BENCH_VIEWPORTS (desktop,phone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServer } from '../tests/support/server-process.ts';
import { measureThrottledLoad, type ThrottledLoadResult } from './browser/throttled-load.ts';
import { launchBrowser, viewportsFrom } from './browser/session.ts';
import { seed } from './server.ts';
import { median } from './stats.ts';
import { simplified } from './wall-bytes.ts';
import { generateWall } from './wall-generator.ts';

const env = process.env;
const n = Number(env.BENCH_N ?? 2000);
const runs = Math.max(1, Number(env.BENCH_RUNS ?? 3) || 3);
const dists = (env.BENCH_DISTS ?? 'dist').split(',').map((d) => resolve(d.trim()));
const viewports = viewportsFrom(env.BENCH_VIEWPORTS, 'desktop,phone');

const dataDir = mkdtempSync(join(tmpdir(), 'signwall-wall-bytes-'));
const browser = await launchBrowser();
try {
  const wall = generateWall({ n, seed: 20260601 });
  for (const [i, distDir] of dists.entries()) {
    // The server's row cap stays the app's page size: the load pages as it does in production.
    const server = await spawnServer({ DATA_DIR: dataDir, DIST_DIR: distDir });
    try {
      if (i === 0) {
        const started = performance.now();
        await seed(server.url, simplified(wall.signatures));
        console.log(
          `seeded ${n} signatures in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      for (const viewport of viewports) {
        const results: ThrottledLoadResult[] = [];
        for (let run = 0; run < runs; run++) {
          results.push(await measureThrottledLoad(browser, viewport, server.url));
        }
        const m = (pick: (r: ThrottledLoadResult) => number) => median(results.map(pick));
        console.log(
          `${distDir} ${viewport} (median of ${runs}): wire ${(m((r) => r.wireBytes) / 1024).toFixed(1)} KB, ` +
            `JSON ${(m((r) => r.jsonBytes) / 1024).toFixed(1)} KB, ${m((r) => r.reads)} reads; ` +
            `view drawn ${m((r) => r.viewDrawnMs).toFixed(0)} ms, wall loaded ${m((r) => r.wallLoadedMs).toFixed(0)} ms ` +
            `(wire KB per run: ${results.map((r) => (r.wireBytes / 1024).toFixed(1)).join(', ')})`,
        );
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}
