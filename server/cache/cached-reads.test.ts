import { describe, expect, it } from 'vitest';
import { TurnTimeoutError } from '../db/errors.ts';
import type { Database } from '../db/types.ts';
import { CachedReads, SNAPSHOT_AFTER_MS } from './cached-reads.ts';
import { ReadCache, type CachedResponse } from './read-cache.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const answer = (body: string): CachedResponse => ({ status: 200, headers: {}, body });

/** A database whose committed version the test sets; reads go through the transactions given. */
function setup(version: { current: string | undefined }, snapshotAfterMs?: number) {
  const cache = new ReadCache();
  const db = {
    tableVersions: { current: () => Promise.resolve(version.current) },
  } as unknown as Database;
  return { cache, reads: new CachedReads(db, cache, snapshotAfterMs) };
}

/** A transaction the test finishes by hand; it stores what it read, as the real one does. */
function pendingTransaction(cache: ReadCache, version: string) {
  let calls = 0;
  let finish!: (body: string) => void;
  let fail!: (error: Error) => void;
  const transaction = () => {
    calls++;
    return new Promise<CachedResponse>((resolve, reject) => {
      finish = (body) => {
        const response = answer(body);
        cache.set('k', version, response);
        resolve(response);
      };
      fail = reject;
    });
  };
  return {
    transaction,
    calls: () => calls,
    finish: (body: string) => finish(body),
    fail: (error: Error) => fail(error),
  };
}

describe('CachedReads', () => {
  it('answers a fresh entry without a transaction', async () => {
    const { cache, reads } = setup({ current: '1' });
    cache.set('k', '1', answer('[1]'));
    const never = () => Promise.reject(new Error('no transaction expected'));
    expect(await reads.read('k', 'signatures', never)).toEqual({ response: answer('[1]') });
  });

  it('answers the snapshot while busy, with one fresh read going on for all, then fresh', async () => {
    const version = { current: '2' as string | undefined };
    const { cache, reads } = setup(version);
    cache.set('k', '1', answer('[1]'));
    const fresh = pendingTransaction(cache, '2');
    const first = await reads.read('k', 'signatures', fresh.transaction);
    expect(first.response.body).toBe('[1]');
    expect(first.ageMs).toBeGreaterThanOrEqual(0);
    const second = await reads.read('k', 'signatures', fresh.transaction);
    expect(second.response.body).toBe('[1]');
    expect(fresh.calls()).toBe(1); // the second reader shares the fresh read already queued
    fresh.finish('[1,2]');
    await tick();
    // The fresh read stored its answer: the next reader needs no transaction.
    const never = () => Promise.reject(new Error('no transaction expected'));
    expect(await reads.read('k', 'signatures', never)).toEqual({ response: answer('[1,2]') });
  });

  it('answers the snapshot when the fresh read fails for want of a turn; other errors pass', async () => {
    const { cache, reads } = setup({ current: undefined });
    cache.set('k', '1', answer('[1]'));
    const busy = pendingTransaction(cache, '2');
    const reading = reads.read('k', 'signatures', busy.transaction);
    await tick();
    busy.fail(new TurnTimeoutError());
    expect((await reading).response.body).toBe('[1]');
    const broken = pendingTransaction(cache, '2');
    const failing = reads.read('k', 'signatures', broken.transaction);
    await tick();
    broken.fail(new Error('a bug'));
    await expect(failing).rejects.toThrow('a bug');
  });

  it('waits for the transaction when nothing is cached', async () => {
    const { cache, reads } = setup({ current: undefined });
    const fresh = pendingTransaction(cache, '1');
    const reading = reads.read('k', 'signatures', fresh.transaction);
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_AFTER_MS + 50));
    fresh.finish('[1]');
    expect(await reading).toEqual({ response: answer('[1]') });
  });

  it('waits READ_SNAPSHOT_AFTER_MS, when set longer, before a snapshot answers', async () => {
    const { cache, reads } = setup({ current: '2' }, SNAPSHOT_AFTER_MS * 4);
    cache.set('k', '1', answer('[1]'));
    const fresh = pendingTransaction(cache, '2');
    const reading = reads.read('k', 'signatures', fresh.transaction);
    // Past the default wait the snapshot would have answered; with the longer one the fresh does.
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_AFTER_MS + 100));
    fresh.finish('[1,2]');
    expect(await reading).toEqual({ response: answer('[1,2]') });
  });
});
