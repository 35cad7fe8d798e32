import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Signature } from '../domain/signature.ts';
import { signatureKeys } from './query-keys.ts';
import { EMPTY_WALL, LOAD_BATCH_MS, reduceWall, WallStore, type WallEvent } from './wall-store.ts';

/** A signature with id `id`, created `id` seconds into the day (so ids are in time order). */
function sig(id: number): Signature {
  return {
    id,
    strokes: [
      [
        [id, id],
        [id + 1, id + 1],
      ],
    ],
    caption: null,
    createdAt: `2026-11-27T00:00:${String(id).padStart(2, '0')}.000Z`,
    outline: { x: id - 10, y: id - 10, width: 21, height: 21 },
  };
}
const ids = (wall: readonly Signature[]) => wall.map((s) => s.id);
const run = (...events: WallEvent[]) => events.reduce(reduceWall, EMPTY_WALL);

describe('the wall, event by event', () => {
  it('merges pages, saves and pushes by id, in time order', () => {
    const wall = run(
      { type: 'loadStarted' },
      { type: 'loaded', signatures: [sig(3), sig(1)] },
      { type: 'arrived', signatures: [sig(2), sig(3)] },
      { type: 'loaded', signatures: [sig(4)] },
      { type: 'loadEnded' },
    );
    expect(ids(wall.signatures)).toEqual([1, 2, 3, 4]);
    expect(wall.loading).toBe(false);
  });

  it('keeps a signature removed during the load off the wall, whatever later pages hold', () => {
    const wall = run(
      { type: 'loadStarted' },
      { type: 'loaded', signatures: [sig(1), sig(2)] },
      { type: 'removed', ids: new Set([2]) },
      // A page read before the removal arrives after it.
      { type: 'loaded', signatures: [sig(2), sig(3)] },
    );
    expect(ids(wall.signatures)).toEqual([1, 3]);
    expect(ids(reduceWall(wall, { type: 'loadEnded' }).signatures)).toEqual([1, 3]);
  });

  it('lets a signature pushed again (an unhide) back, during the load and after it', () => {
    const wall = run(
      { type: 'loadStarted' },
      { type: 'removed', ids: new Set([2]) },
      { type: 'arrived', signatures: [sig(2)] },
      { type: 'loaded', signatures: [sig(1)] },
      { type: 'loadEnded' },
    );
    expect(ids(wall.signatures)).toEqual([1, 2]);
  });

  it('forgets removals once the load is over: a later load may bring the row back', () => {
    const wall = run(
      { type: 'loadStarted' },
      { type: 'removed', ids: new Set([1]) },
      { type: 'loadEnded' },
      { type: 'loadStarted' },
      { type: 'loaded', signatures: [sig(1)] },
    );
    expect(ids(wall.signatures)).toEqual([1]);
  });

  it('drops what the id check asked about and did not find, never what joined after it began', () => {
    const before = run({ type: 'loaded', signatures: [sig(1), sig(2)] });
    const asked = new Set(ids(before.signatures));
    const saved = reduceWall(before, { type: 'arrived', signatures: [sig(3)] });
    const checked = reduceWall(saved, { type: 'checked', asked, visible: new Set([1]) });
    expect(ids(checked.signatures)).toEqual([1, 3]);
  });

  it('is the same state when nothing changes', () => {
    const wall = run({ type: 'loaded', signatures: [sig(1)] });
    expect(reduceWall(wall, { type: 'arrived', signatures: [sig(1)] })).toBe(wall);
    expect(reduceWall(wall, { type: 'removed', ids: new Set([9]) })).toBe(wall);
    expect(reduceWall(wall, { type: 'checked', asked: new Set([1]), visible: new Set([1]) })).toBe(
      wall,
    );
  });
});

describe('the store', () => {
  function storeAt() {
    const client = new QueryClient();
    let time = 0;
    const store = new WallStore(client, () => time);
    const writes = vi.spyOn(client, 'setQueryData');
    const cached = () => ids(client.getQueryData<readonly Signature[]>(signatureKeys.wall()) ?? []);
    return { store, writes, cached, tick: (ms: number) => (time += ms) };
  }

  it('is the only writer of the cached wall, and writes it only when it changed', () => {
    const { store, writes, cached } = storeAt();
    store.dispatch({ type: 'arrived', signatures: [sig(1)] });
    store.dispatch({ type: 'arrived', signatures: [sig(1)] });
    expect(cached()).toEqual([1]);
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('shows a load’s first page at once, then merges pages in batches that grow with the wall', () => {
    const { store, writes, cached, tick } = storeAt();
    store.dispatch({ type: 'loadStarted' });
    store.loaded([sig(1)]);
    expect(cached()).toEqual([1]);
    // Fewer waiting than the wall holds, and too soon: they wait.
    tick(10);
    store.loaded([]);
    store.loaded([sig(2)]);
    expect(cached()).toEqual([1, 2]);
    tick(10);
    store.loaded([sig(3)]);
    expect(cached()).toEqual([1, 2]);
    tick(LOAD_BATCH_MS);
    store.loaded([sig(4)]);
    expect(cached()).toEqual([1, 2, 3, 4]);
    expect(writes).toHaveBeenCalledTimes(3);
  });

  it('merges the waiting pages before any other event, and at the load’s end', () => {
    const { store, cached, tick } = storeAt();
    store.dispatch({ type: 'loadStarted' });
    store.loaded([sig(1), sig(2)]);
    tick(1);
    store.loaded([sig(3)]);
    expect(cached()).toEqual([1, 2]);
    // A removal pushed now is newer than the page waiting: it wins.
    store.dispatch({ type: 'removed', ids: new Set([3]) });
    expect(cached()).toEqual([1, 2]);
    store.loaded([sig(4)]);
    store.dispatch({ type: 'loadEnded' });
    expect(cached()).toEqual([1, 2, 4]);
    expect(store.state.loading).toBe(false);
  });
});
