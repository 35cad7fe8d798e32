/**
 * Small statistics helpers for the benchmark: percentiles, medians of runs, and frame summaries.
 * Benchmarks report; they never assert a time.
 */

/** The p-th percentile (0–100) by nearest rank on a sorted copy; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The median (mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function max(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** What the page recorded while an interaction ran: rAF timestamps and long tasks. */
export interface FrameTrace {
  /** requestAnimationFrame timestamps (ms), in order. */
  frameTimes: number[];
  /** Durations (ms) of the long tasks that started inside the window. */
  longTasks: number[];
}

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  longTaskCount: number;
  longTaskMs: number;
}

export function frameStats(trace: FrameTrace): FrameStats {
  const intervals: number[] = [];
  for (let i = 1; i < trace.frameTimes.length; i++) {
    intervals.push(trace.frameTimes[i]! - trace.frameTimes[i - 1]!);
  }
  return {
    frames: trace.frameTimes.length,
    p50: percentile(intervals, 50),
    p95: percentile(intervals, 95),
    max: max(intervals),
    longTaskCount: trace.longTasks.length,
    longTaskMs: sum(trace.longTasks),
  };
}

/**
 * Field by field medians of several runs of the same measure. Fields missing from a run (or NaN)
 * are left out of that field's median.
 */
export function medianOfRuns<T extends Record<string, number>>(runs: readonly T[]): T {
  const out: Record<string, number> = {};
  const keys = new Set(runs.flatMap((r) => Object.keys(r)));
  for (const key of keys) {
    const values = runs.map((r) => r[key]).filter((v): v is number => Number.isFinite(v));
    out[key] = median(values);
  }
  return out as T;
}
