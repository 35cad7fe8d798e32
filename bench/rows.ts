/**
 * The table's rows from the medians: one block per viewport × N for the browser measures, then
 * the bundle and the API. Targets: 60 fps frames, a load no slower and an export faster than the
 * app this replaced, heaps a phone can hold, a small first screen, and the API's throughput.
 */
import type { FullWallLoad, InsertLatency } from './api-load.ts';
import type { Outcome } from './browser/session.ts';
import type { BundleSize } from './bundle-size.ts';
import { kb, mb, ms, NA, rowFor, type Row } from './report.ts';

/** A measure's medians over the runs that produced it. */
export type Agg<T> =
  | { ok: true; value: T; runs: number; failures: number; firstFailure?: string }
  | { ok: false; reason: string };

type Fields = Record<string, number>;

export interface Aggregate {
  load: Agg<Fields>;
  heapAfterLoad: Agg<number>;
  pan: Agg<Fields>;
  zoom: Agg<Fields>;
  draw: Agg<Fields>;
  export: Agg<Fields>;
}

const MB = 1024 * 1024;

export const TARGETS = {
  frameP95: 17.5,
  loadMs: 700,
  exportMs: 850,
  bigCanvases: 1,
  heapAfterLoad: 45 * MB,
  exportPeakHeap: 100 * MB,
  // The first screen (the welcome card) at most 100 KB (KiB) of gzipped JavaScript.
  initialJsGzip: 100 * 1024,
  getPerS: 100,
  insertP95: 50,
};

/** "(2/3 runs: first failure …)" when some runs failed, else "". */
function partial(a: { runs: number; failures: number; firstFailure?: string }): string {
  return a.failures > 0 ? ` (${a.runs}/${a.runs + a.failures} runs; ${a.firstFailure})` : '';
}

export function browserRows(
  viewport: string,
  n: number,
  agg: Aggregate | null,
  reason: string,
): Row[] {
  const row = rowFor(viewport, n);
  const na = (measure: string, target: string, why: string) => row(measure, NA(why), target, null);
  if (!agg) {
    return [
      na('load', '≤ 700 ms', reason),
      na('JS heap after load', '≤ 45 MB', reason),
      na('pan', 'p95 ≤ 17.5 ms, no long task', reason),
      na('zoom', 'p95 ≤ 17.5 ms, no long task', reason),
      na('draw', 'p95 ≤ 17.5 ms, no long task', reason),
      na('export', '≤ 850 ms', reason),
    ];
  }
  const rows: Row[] = [];
  const { load, heapAfterLoad, pan, zoom, draw } = agg;

  if (load.ok) {
    rows.push(
      row(
        'load (click → wall drawn)',
        `${ms(load.value.loadMs!)}, ${Math.round(load.value.inView!)} in view${partial(load)}`,
        '≤ 700 ms',
        load.value.loadMs! <= TARGETS.loadMs,
      ),
    );
  } else rows.push(na('load (click → wall drawn)', '≤ 700 ms', load.reason));

  if (heapAfterLoad.ok) {
    rows.push(
      row(
        'JS heap after load (GC)',
        mb(heapAfterLoad.value) + partial(heapAfterLoad),
        '≤ 45 MB',
        heapAfterLoad.value <= TARGETS.heapAfterLoad,
      ),
    );
  } else rows.push(na('JS heap after load (GC)', '≤ 45 MB', heapAfterLoad.reason));

  for (const [name, m, extraTarget] of [
    ['pan', pan, ''],
    ['zoom', zoom, ''],
    ['draw', draw, ''],
  ] as const) {
    if (!m.ok) {
      rows.push(na(`${name} frame p95`, '≤ 17.5 ms', m.reason));
      continue;
    }
    const v = m.value;
    rows.push(
      row(`${name} frame p95`, ms(v.p95!) + partial(m), '≤ 17.5 ms', v.p95! <= TARGETS.frameP95),
    );
    rows.push(
      row(
        `${name} long tasks`,
        `${ms(v.longTaskMs!)} in ${fmtCount(v.longTaskCount!)} task(s)`,
        `none over 50 ms${extraTarget}`,
        v.longTaskCount! === 0,
      ),
    );
    const frames = `${fmtCount(v.frames!)} frames, p50 ${ms(v.p50!)}, max ${ms(v.max!)}`;
    const detail =
      name === 'pan'
        ? `${frames}, moved ${Math.round(v.travelled!)} px`
        : name === 'zoom'
          ? `${frames}, scale ${v.minScale!.toFixed(2)}–${v.maxScale!.toFixed(2)}`
          : frames;
    rows.push(row(`${name} frames (info)`, detail, '', null));
    if (name === 'draw') {
      const kept = v.accepted! >= 0.5 ? '' : ' — STROKE NOT KEPT (blocked?)';
      rows.push(
        row(
          'draw React commits during moves',
          `${fmtCount(v.commitsDuringMoves!)} in ${fmtCount(v.moves!)} moves${kept}`,
          '0 per move',
          v.commitsDuringMoves! < v.moves!,
        ),
      );
    }
  }

  const ex = agg.export;
  if (ex.ok) {
    const v = ex.value;
    rows.push(
      row(
        'export (visit → download)',
        ms(v.exportMs!) + partial(ex),
        '≤ 850 ms',
        v.exportMs! <= TARGETS.exportMs,
      ),
    );
    rows.push(
      row(
        'export 3200² canvases on the page',
        // The export's worker paints on an OffscreenCanvas of its own, which the page's probe
        // cannot see: 0 made means the worker painted.
        `${fmtCount(v.bigCanvasesMaxLive!)} alive at most, ${fmtCount(v.bigCanvasesSized!)} made` +
          (v.bigCanvasesSized === 0 ? ' (painted in the worker)' : ''),
        '≤ 1',
        v.bigCanvasesMaxLive! <= TARGETS.bigCanvases,
      ),
    );
    rows.push(
      row(
        'export peak JS heap',
        mb(v.peakHeap!),
        '≤ 100 MB',
        v.peakHeap! <= TARGETS.exportPeakHeap,
      ),
    );
    const steps = Object.keys(v)
      .filter((k) => k.startsWith('steps.'))
      .map((k) => `${k.slice(6)} ${ms(v[k]!)}`);
    if (steps.length > 0) rows.push(row('export app steps (info)', steps.join(', '), '', null));
  } else rows.push(na('export (visit → download)', '≤ 850 ms', ex.reason));
  return rows;
}

/** Medians of counts can be halves; print them as they are. */
function fmtCount(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

export function globalRows(
  bundle: Outcome<BundleSize>,
  api: Outcome<{ n: number; get: FullWallLoad; insert: Outcome<InsertLatency> }>,
  sizes: ReadonlyArray<{ n: number; seedMs: number | null }>,
): Row[] {
  const row = (
    measure: string,
    n: number | null,
    value: string,
    target: string,
    meets: boolean | null,
  ): Row => ({ measure, viewport: '', n, value, target, meets });
  const rows: Row[] = [];

  if (bundle.ok) {
    const b = bundle.value;
    rows.push(
      row(
        'initial JS (gzip)',
        null,
        `${kb(b.initialGzip)} in ${b.initial.length} file(s), ${kb(b.initialBytes)} raw`,
        '≤ 100 KB',
        b.initialGzip <= TARGETS.initialJsGzip,
      ),
    );
    rows.push(
      row(
        '/export chunk (gzip)',
        null,
        b.exportChunk
          ? `${kb(b.exportChunk.gzip)} in ${b.exportChunk.files.length} file(s)`
          : NA('no separate export chunk in the build'),
        '',
        null,
      ),
    );
  } else {
    rows.push(row('initial JS (gzip)', null, NA(bundle.reason), '≤ 100 KB', null));
  }

  if (api.ok) {
    const { n, get, insert } = api.value;
    rows.push(
      row(
        'full-wall GET req/s (50 conns)',
        n,
        `${get.requestsPerS.toFixed(1)} req/s (${get.rows} rows, ${kb(get.wireBytes)} gzip of ${mb(get.jsonBytes)})`,
        '≥ 100 req/s',
        get.requestsPerS >= TARGETS.getPerS,
      ),
    );
    rows.push(
      row(
        'full-wall GET, one at a time',
        n,
        `${ms(get.singleMs)} each (≈ ${(1000 / get.singleMs).toFixed(1)} req/s if served one by one)`,
        '',
        null,
      ),
    );
    rows.push(
      row(
        'full-wall GET latency (50 conns)',
        n,
        get.requestsTotal > 0
          ? `p50 ${ms(get.latencyP50)}, p99 ${ms(get.latencyP99)}, max ${ms(get.latencyMax)}`
          : NA(`no response within the ${get.durationS} s run`),
        '',
        null,
      ),
    );
    const bad = get.errors + get.non2xx;
    rows.push(
      row(
        'full-wall GET errors + non-2xx',
        n,
        `${get.errors} errors (${get.timeouts} timeouts), ${get.non2xx} non-2xx of ${get.requestsTotal}`,
        '0',
        bad === 0,
      ),
    );
    if (insert.ok) {
      const i = insert.value;
      rows.push(
        row(
          'insert latency',
          n,
          `p50 ${ms(i.p50)}, p95 ${ms(i.p95)}, max ${ms(i.max)} (${i.count} sequential)`,
          'p95 ≤ 50 ms',
          i.p95 <= TARGETS.insertP95,
        ),
      );
    } else rows.push(row('insert latency', n, NA(insert.reason), 'p95 ≤ 50 ms', null));
  } else {
    rows.push(row('full-wall GET req/s', 2000, NA(api.reason), '≥ 100 req/s', null));
    rows.push(row('insert latency', 2000, NA(api.reason), 'p95 ≤ 50 ms', null));
  }

  for (const s of sizes) {
    if (s.seedMs !== null) {
      rows.push(
        row('seeding through the API (info)', s.n, `${(s.seedMs / 1000).toFixed(1)} s`, '', null),
      );
    }
  }
  return rows;
}
