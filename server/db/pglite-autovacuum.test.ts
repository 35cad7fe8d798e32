import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOVACUUM,
  Autovacuum,
  FLUSH_ACTIVITY_SQL,
  TABLE_ACTIVITY_SQL,
  upkeepDue,
  type TableActivity,
} from './pglite-autovacuum.ts';

const table = (over: Partial<TableActivity>): TableActivity => ({
  table: 'public.t',
  reltuples: 1000,
  changedSinceAnalyze: 0,
  deadRows: 0,
  ...over,
});

describe('upkeepDue (autovacuum defaults)', () => {
  it('analyzes a table changed past 50 + 10 % of its rows', () => {
    // An empty table stays "never analyzed" (-1): it is not analyzed again and again.
    expect(upkeepDue([table({ reltuples: -1 })], false)).toEqual([]);
    expect(upkeepDue([table({ reltuples: -1, changedSinceAnalyze: 51 })], false)).toEqual([
      { table: 'public.t', upkeep: 'ANALYZE' },
    ]);
    const limit = AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * 1000;
    expect(upkeepDue([table({ changedSinceAnalyze: limit })], false)).toEqual([]);
    expect(upkeepDue([table({ changedSinceAnalyze: limit + 1 })], false)).toEqual([
      { table: 'public.t', upkeep: 'ANALYZE' },
    ]);
  });

  it('vacuums (and analyzes) a table whose dead rows pass 50 + 20 % of its rows', () => {
    const limit = AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * 1000;
    expect(upkeepDue([table({ deadRows: limit })], false)).toEqual([]);
    expect(upkeepDue([table({ deadRows: limit + 1, changedSinceAnalyze: 5000 })], false)).toEqual([
      { table: 'public.t', upkeep: 'VACUUM (ANALYZE)' },
    ]);
  });

  it('analyzes every table on the first pass after an open, whose counters start at zero', () => {
    expect(
      upkeepDue([table({ table: 'a' }), table({ table: 'b', reltuples: 0 })], true).map(
        (d) => d.table,
      ),
    ).toEqual(['a', 'b']);
  });
});

describe('Autovacuum passes', () => {
  function recorder(activity: TableActivity[], failOn?: string) {
    const ran: string[] = [];
    const errors: unknown[] = [];
    const upkeep = new Autovacuum(
      async (text) => {
        ran.push(text);
        if (text === failOn) {
          failOn = undefined; // once
          throw new Error('no turn');
        }
        return text === TABLE_ACTIVITY_SQL ? activity : [];
      },
      (error) => errors.push(error),
    );
    return { ran, errors, upkeep };
  }

  it('flushes the counters, reads them, then upkeeps each table due, one statement each', async () => {
    const { ran, upkeep } = recorder([
      table({ table: 'public.quiet' }),
      table({ table: 'public.grown', changedSinceAnalyze: 500 }),
    ]);
    await upkeep.pass();
    expect(ran).toEqual([
      FLUSH_ACTIVITY_SQL,
      TABLE_ACTIVITY_SQL,
      'ANALYZE public.quiet',
      'ANALYZE public.grown',
    ]);
    ran.length = 0;
    await upkeep.pass();
    expect(ran).toEqual([FLUSH_ACTIVITY_SQL, TABLE_ACTIVITY_SQL, 'ANALYZE public.grown']);
  });

  it('reports a failed pass and analyzes everything again at the next', async () => {
    const { ran, errors, upkeep } = recorder(
      [table({ table: 'public.quiet' })],
      TABLE_ACTIVITY_SQL,
    );
    await upkeep.pass();
    expect(errors).toHaveLength(1);
    expect(ran).toEqual([FLUSH_ACTIVITY_SQL, TABLE_ACTIVITY_SQL]);
    ran.length = 0;
    await upkeep.pass();
    expect(ran).toEqual([FLUSH_ACTIVITY_SQL, TABLE_ACTIVITY_SQL, 'ANALYZE public.quiet']);
  });

  it('runs one pass at a time: a second call joins the one running', async () => {
    const { ran, upkeep } = recorder([]);
    await Promise.all([upkeep.pass(), upkeep.pass()]);
    expect(ran).toEqual([FLUSH_ACTIVITY_SQL, TABLE_ACTIVITY_SQL]);
  });

  describe('on its timer', () => {
    afterEach(() => vi.useRealTimers());

    it('runs a pass soon after an open, then one every naptime, until stopped', async () => {
      vi.useFakeTimers();
      let passes = 0;
      const upkeep = new Autovacuum(
        async (text) => {
          if (text === FLUSH_ACTIVITY_SQL) passes++;
          return [];
        },
        () => undefined,
        1000,
      );
      upkeep.opened(10);
      await vi.advanceTimersByTimeAsync(10);
      expect(passes).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(passes).toBe(2);
      upkeep.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(passes).toBe(2);
    });

    it('keeps the first pass of an open (a restart) that came while a pass ran', async () => {
      vi.useFakeTimers();
      let passes = 0;
      let release: () => void = () => undefined;
      const upkeep = new Autovacuum(
        async (text) => {
          if (text !== FLUSH_ACTIVITY_SQL) return [];
          passes++;
          // The first pass waits until released: the open below comes meanwhile.
          if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
          return [];
        },
        () => undefined,
        60_000,
      );
      upkeep.opened(10);
      await vi.advanceTimersByTimeAsync(10);
      upkeep.opened(50);
      release();
      await vi.advanceTimersByTimeAsync(50);
      expect(passes).toBe(2);
      upkeep.stop();
    });
  });
});
