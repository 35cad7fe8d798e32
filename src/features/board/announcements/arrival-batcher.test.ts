import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARRIVAL_BATCH_MS,
  ARRIVAL_GAP_MS,
  createArrivalBatcher,
  type ArrivalBatcher,
} from './arrival-batcher.ts';

let told: number[];
let batcher: ArrivalBatcher;

beforeEach(() => {
  vi.useFakeTimers();
  told = [];
  batcher = createArrivalBatcher((n) => told.push(n), {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
  });
});
afterEach(() => {
  batcher.stop();
  vi.useRealTimers();
});

describe('new signatures told in batches', () => {
  it('knows the wall as it first is, and tells nothing of it', () => {
    batcher.wallIs([1, 2, 3]);
    batcher.wallIs([1, 2, 3]);
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([]);
  });

  it('reads the first wall only when something is told after it, and then only what joined', () => {
    let read = 0;
    const wall = function* () {
      for (const id of [1, 2, 3]) {
        read++;
        yield id;
      }
    };
    batcher.wallIs(wall());
    expect(read).toBe(0);
    batcher.wallIs([4]);
    expect(read).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(told).toEqual([1]);
  });

  it("says '3 new signatures' for three arriving together, once, after the batch's wait", () => {
    batcher.wallIs([1]);
    batcher.wallIs([1, 2]);
    vi.advanceTimersByTime(500);
    batcher.wallIs([1, 2, 3, 4]);
    vi.advanceTimersByTime(ARRIVAL_BATCH_MS - 501);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([3]);
  });

  it("says '1 new signature' for one", () => {
    batcher.wallIs([]);
    batcher.wallIs([9]);
    vi.advanceTimersByTime(ARRIVAL_BATCH_MS);
    expect(told).toEqual([1]);
  });

  it('keeps two tellings ARRIVAL_GAP_MS apart, gathering what arrives meanwhile', () => {
    batcher.wallIs([]);
    batcher.wallIs([1]);
    vi.advanceTimersByTime(ARRIVAL_BATCH_MS);
    batcher.wallIs([1, 2]);
    vi.advanceTimersByTime(1000);
    batcher.wallIs([1, 2, 3]);
    vi.advanceTimersByTime(ARRIVAL_GAP_MS - 1001);
    expect(told).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual([1, 2]);
  });

  it("never tells this browser's own save, nor a signature that left and came back", () => {
    batcher.wallIs([1]);
    batcher.wallIs([1, 5]);
    batcher.ownSave(5);
    vi.advanceTimersByTime(ARRIVAL_BATCH_MS);
    expect(told).toEqual([]);
    batcher.wallIs([5]);
    batcher.wallIs([1, 5]);
    vi.advanceTimersByTime(ARRIVAL_GAP_MS);
    expect(told).toEqual([]);
  });
});
