import { describe, expect, it } from 'vitest';
import { ProbedTableVersions, RememberedTableVersions } from './table-version.ts';
import type { Tx } from './types.ts';

/** A transaction whose table_versions row says `version`. */
function txSeeing(version: string): Tx {
  return {
    query: <T>() => Promise.resolve([{ version }] as T[]),
    exec: () => Promise.resolve(),
  };
}

describe('RememberedTableVersions', () => {
  it('knows a version read in a transaction until a write moves the counter', async () => {
    let writes = 0;
    const versions = new RememberedTableVersions(() => writes);
    expect(await versions.current('signatures')).toBeUndefined();
    expect(await versions.read(txSeeing('7'), 'signatures')).toBe('7');
    expect(await versions.current('signatures')).toBe('7');
    expect(await versions.current('other')).toBeUndefined();
    writes++;
    expect(await versions.current('signatures')).toBeUndefined();
    await versions.read(txSeeing('8'), 'signatures');
    expect(await versions.current('signatures')).toBe('8');
  });
});

/** A query the test settles by hand, counting how often it started. */
function manualQuery() {
  const started: Array<(versions: Map<string, string>) => void> = [];
  return {
    started,
    query: () =>
      new Promise<ReadonlyMap<string, string>>((resolve) => {
        started.push(resolve);
      }),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ProbedTableVersions', () => {
  it('answers each caller from a query that started after it asked, one query for many', async () => {
    const { started, query } = manualQuery();
    const versions = new ProbedTableVersions({ query, close: async () => {}, timeoutMs: 5_000 });
    const first = versions.current('signatures');
    expect(started).toHaveLength(1);
    // These arrive while the first query runs: it may predate a write they must see.
    const later = [versions.current('signatures'), versions.current('signatures')];
    await tick();
    expect(started).toHaveLength(1);
    started[0]!(new Map([['signatures', '1']]));
    expect(await first).toBe('1');
    await tick();
    expect(started).toHaveLength(2); // one query for both
    started[1]!(new Map([['signatures', '2']]));
    expect(await Promise.all(later)).toEqual(['2', '2']);
  });

  it('answers undefined when the query fails or does not answer in time', async () => {
    const failing = new ProbedTableVersions({
      query: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
      timeoutMs: 5_000,
    });
    expect(await failing.current('signatures')).toBeUndefined();
    const { query } = manualQuery();
    const hanging = new ProbedTableVersions({ query, close: async () => {}, timeoutMs: 20 });
    expect(await hanging.current('signatures')).toBeUndefined();
  });
});
