/**
 * `npm run bench -- preview`: how long the server takes to render a link preview
 * (server/share/previews.ts) of generated walls of BENCH_PREVIEW_SIZES signatures (2,000 and
 * 10,000), saved as the app saves them (simplified). Per wall: the server's first render (every
 * row read, parsed and laid out), the first render after a change (the visible ids read, and the
 * rows that joined or came back since: none here), and renders of the same version (paint and
 * encode only), of the whole wall fitted and of a view at zoom 1, medians of BENCH_RUNS, and the
 * server's longest event-loop stall meanwhile. It prints; it never asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildServer } from '../server/app.ts';
import { openDatabase } from '../server/db/index.ts';
import type { PreviewTiming, PreviewView } from '../server/share/previews.ts';
import { copyMigratedPgliteData } from '../tests/support/pglite-template.ts';
import { insertGeneratedWall } from './seeded-wall.ts';
import { median } from './stats.ts';

const env = process.env;
const sizes = (env.BENCH_PREVIEW_SIZES ?? '2000,10000').split(',').map(Number);
const runs = Math.max(1, Number(env.BENCH_RUNS ?? 3) || 3);

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function measureWall(n: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'signwall-bench-preview-'));
  const dataDir = join(dir, 'data');
  await copyMigratedPgliteData(dataDir);
  const db = await openDatabase({ dataDir });
  const app = await buildServer({
    db,
    anonKey: 'sb_publishable_bench',
    distDir: join(dir, 'no-build'),
    logRequests: false,
    previewRefreshMs: 0,
  });
  try {
    await insertGeneratedWall(db, n);
    const previews = app.previews;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const lines: string[] = [];
    const row = (label: string, timings: PreviewTiming[]) => {
      const pick = (k: keyof PreviewTiming) => median(timings.map((t) => t[k]));
      lines.push(
        `  ${String(n).padStart(6)}  ${label.padEnd(26)} total ${ms(pick('totalMs')).padStart(8)}` +
          `  (read ${ms(pick('readMs'))} for ${pick('rowsRead')} rows, parse ${ms(pick('parseMs'))}, paint ${ms(pick('paintMs'))}, encode ${ms(pick('encodeMs'))})`,
      );
    };
    const view: PreviewView = { x: 1600, y: 1600, zoom: 1 };
    loop.enable();
    // The server's first render: every row read, parsed, its caption laid out, painted.
    row('first after the start', [await previews.renderNow('fit')]);
    const cold: PreviewTiming[] = [];
    const fit: PreviewTiming[] = [];
    const zoomed: PreviewTiming[] = [];
    for (let run = 0; run < runs; run++) {
      // A change moves the wall's version: the next render reads the wall again.
      await db.transaction((tx) =>
        tx.query(
          `update public.signatures set hidden = false where id = (select min(id) from public.signatures)`,
        ),
      );
      cold.push(await previews.renderNow('fit'));
      fit.push(await previews.renderNow('fit'));
      zoomed.push(await previews.renderNow(view));
    }
    loop.disable();
    row('after a change, whole wall', cold);
    row('same version, whole wall', fit);
    row('same version, zoom 1', zoomed);
    lines.push(`          longest event-loop stall meanwhile: ${ms(loop.max / 1e6)}`);
    return lines;
  } finally {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runPreviewBench(): Promise<void> {
  console.log(`Link previews (1200×630 PNG), median of ${runs} runs:`);
  for (const n of sizes) {
    for (const line of await measureWall(n)) console.log(line);
  }
}
