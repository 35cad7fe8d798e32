/**
 * The database never blocks the server: while 20 of the largest signatures the rules
 * allow (MAX_POINTS points, nearly MAX_STROKE_LENGTH px of strokes, 780 × 580 px each, on free
 * spots) are checked at once, the static app and
 * a read still answer, because the database's work runs off the HTTP event loop (PGlite in a worker
 * thread; PostgreSQL in its own process). The page's time and the event loop's longest stall while
 * the saves run are measured and printed, never asserted: a wall-clock bound would fail on a busy
 * machine, not on a blocked loop. What is asserted is the order: GET / answered while saves were
 * still running.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_POINTS, MAX_STROKE_LENGTH } from '../../src/domain/rules.ts';
import { backends, clientFrom, startServer, type Target, type TestServer } from './harness.ts';

/**
 * A serpentine of MAX_POINTS points filling a 780 × 580 box whose top-left corner is (x0, y0): as
 * many rows of 780 px as the length limit allows (24, with the 580 px of turns: 19,300 px).
 */
function maximalSignature(x0: number, y0: number): string {
  const rows = Math.floor((MAX_STROKE_LENGTH - 580) / 780);
  const perRow = Math.floor(MAX_POINTS / rows);
  const points: Array<[number, number]> = [];
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < perRow; i++) {
      const t = r % 2 === 0 ? i : perRow - 1 - i;
      points.push([
        Math.round((x0 + (t * 780) / (perRow - 1)) * 10) / 10,
        Math.round((y0 + (r * 580) / (rows - 1)) * 10) / 10,
      ]);
    }
  }
  return JSON.stringify([points]);
}

/** 20 spots, 4 × 5, far enough apart that padded outlines never meet. */
const SPOTS = Array.from({ length: 20 }, (_, i) => [
  10 + (i % 4) * 800,
  10 + Math.floor(i / 4) * 620,
]);

describe.each(backends)('the event loop under the heaviest valid saves on $name', (backend) => {
  let target: Target;
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    target = await backend.createTarget();
    dist = await mkdtemp(join(tmpdir(), 'signwall-event-loop-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>signwall</title>');
    server = await startServer(target, { distDir: dist });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  it('GET / and a read answer while 20 maximal signatures are checked at once', async () => {
    const bodies = SPOTS.map(([x, y]) => JSON.stringify({ signature: maximalSignature(x!, y!) }));
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let savesDone = 0;
    // Twenty visitors, each from an address of its own: one address may have only a couple of
    // saves in flight.
    const visitors = bodies.map((_, i) => clientFrom(server, `127.0.2.${i + 1}`));
    const saves = bodies.map((body, i) =>
      visitors[i]!.fetch('/rest/v1/signatures?select=id', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body,
      }).then(async (res) => {
        savesDone++;
        return { status: res.status, text: await res.text() };
      }),
    );
    const started = performance.now();
    const page = await fetch(`${server.url}/`);
    const pageMs = performance.now() - started;
    const savesDoneAtPage = savesDone;
    const results = await Promise.all(saves);
    for (const visitor of visitors) visitor.close();
    loop.disable();
    const stallMs = loop.max / 1e6;
    console.log(
      `${backend.name}: GET / in ${pageMs.toFixed(0)} ms with ${20 - savesDoneAtPage} of 20 saves ` +
        `still running; longest event-loop stall ${stallMs.toFixed(0)} ms`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>signwall</title>');
    for (const result of results) expect(result.status, result.text).toBe(201);
    expect(savesDoneAtPage).toBeLessThan(20);
    const { data } = await server.client.from('signatures').select('id');
    expect(data).toHaveLength(20);
  });
});
