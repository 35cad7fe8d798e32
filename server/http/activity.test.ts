import { describe, expect, it } from 'vitest';
import { Activity, type ActivityClock } from './activity.ts';

/** A clock that moves only when a sleeper sleeps: each sleep moves it by what was asked. */
function steppedClock(): ActivityClock & { slept: number[]; during?: (at: number) => void } {
  let now = 1000;
  const clock = {
    slept: [] as number[],
    during: undefined as ((at: number) => void) | undefined,
    now: () => now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw new Error('aborted');
      clock.slept.push(ms);
      now += ms;
      clock.during?.(now);
    },
  };
  return clock;
}

describe('Activity', () => {
  it('is quiet at once when nothing was ever served', async () => {
    const clock = steppedClock();
    await new Activity(clock).whenQuiet(500, 30_000);
    expect(clock.slept).toEqual([]);
  });

  it('waits while a request is in flight, then for the quiet time after it ended', async () => {
    const clock = steppedClock();
    const activity = new Activity(clock);
    const end = activity.begin();
    // The request ends after the waiter has slept twice.
    clock.during = (at) => {
      if (clock.slept.length === 2) end();
      void at;
    };
    await activity.whenQuiet(500, 30_000);
    expect(clock.slept).toEqual([500, 500, 500]);
    expect(activity.inFlight).toBe(0);
  });

  it('waits only what is left of the quiet time after the last request ended', async () => {
    const clock = steppedClock();
    const activity = new Activity(clock);
    activity.begin()();
    await clock.sleep(200);
    clock.slept.length = 0;
    await activity.whenQuiet(500, 30_000);
    expect(clock.slept).toEqual([300]);
  });

  it('gives up waiting after maxWaitMs on a server that is never quiet', async () => {
    const clock = steppedClock();
    const activity = new Activity(clock);
    activity.begin();
    await activity.whenQuiet(500, 1_200);
    expect(clock.slept).toEqual([500, 500, 200]);
  });

  it('counts a request out once however often its end is called', () => {
    const activity = new Activity(steppedClock());
    const end = activity.begin();
    activity.begin();
    end();
    end();
    expect(activity.inFlight).toBe(1);
  });

  it('stops waiting when its signal aborts', async () => {
    const clock = steppedClock();
    const activity = new Activity(clock);
    activity.begin();
    const abort = new AbortController();
    clock.during = () => abort.abort();
    await activity.whenQuiet(500, 30_000, abort.signal);
    expect(clock.slept).toEqual([500]);
  });
});
