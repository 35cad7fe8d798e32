import { describe, expect, it } from 'vitest';
import { FairScheduler, type TurnKind } from './fair-scheduler.ts';

class TimedOut extends Error {}

function scheduler(
  options: { slots?: number; readsPerWrite?: number; maxWaiting?: number; timeoutMs?: number } = {},
) {
  return new FairScheduler({
    slots: options.slots ?? 1,
    acquireTimeoutMs: options.timeoutMs ?? 5_000,
    timeoutError: () => new TimedOut('timed out'),
    ...(options.readsPerWrite === undefined ? {} : { readsPerWrite: options.readsPerWrite }),
    ...(options.maxWaiting === undefined ? {} : { maxWaiting: options.maxWaiting }),
  });
}

/** Queues each request in order and records the order in which their turns come. */
function queueAll(turns: FairScheduler, requests: Array<[client: string, kind: TurnKind]>) {
  const order: string[] = [];
  const done = requests.map(([client, kind], i) =>
    turns.acquire({ client, kind }).then((turn) => {
      order.push(`${client}${kind === 'read' ? 'r' : 'w'}${i}`);
      turn.release();
    }),
  );
  return { order, done: Promise.all(done) };
}

describe('FairScheduler', () => {
  it('grants free slots at once and queues beyond them', async () => {
    const turns = scheduler({ slots: 2 });
    const first = await turns.acquire({ client: 'a', kind: 'write' });
    await turns.acquire({ client: 'a', kind: 'write' });
    const third = turns.acquire({ client: 'b', kind: 'read' });
    expect(await granted(third)).toBe(false);
    expect(turns.waiting).toBe(1);
    first.release();
    (await third).release();
  });

  it('serves clients round-robin, each in its own arrival order, the least recently served first', async () => {
    const turns = scheduler();
    const held = await turns.acquire({ client: 'a', kind: 'write' });
    const { order, done } = queueAll(turns, [
      ['a', 'write'],
      ['a', 'write'],
      ['a', 'write'],
      ['b', 'write'],
      ['c', 'write'],
      ['b', 'write'],
    ]);
    held.release();
    await done;
    // a was just served: b and c, never served, go first; then turn about.
    expect(order).toEqual(['bw3', 'cw4', 'aw0', 'bw5', 'aw1', 'aw2']);
  });

  it('puts a client behind others while its own turn runs, whenever it queued', async () => {
    const turns = scheduler();
    const flooding = await turns.acquire({ client: 'flood', kind: 'write' });
    // The flooding client queues its next save first; the visitor's comes after.
    const { order, done } = queueAll(turns, [
      ['flood', 'write'],
      ['visitor', 'write'],
    ]);
    flooding.release();
    await done;
    expect(order).toEqual(['visitorw1', 'floodw0']);
  });

  it('puts reads ahead of writes, but lets a write through after readsPerWrite reads', async () => {
    const turns = scheduler({ readsPerWrite: 2 });
    const held = await turns.acquire({ client: 'a', kind: 'write' });
    const { order, done } = queueAll(turns, [
      ['a', 'write'],
      ['b', 'read'],
      ['c', 'read'],
      ['d', 'read'],
      ['e', 'read'],
      ['a', 'write'],
    ]);
    held.release();
    await done;
    expect(order).toEqual(['br1', 'cr2', 'aw0', 'dr3', 'er4', 'aw5']);
  });

  it('ends a wait that runs out with the timeout error, and forgets the waiter', async () => {
    const turns = scheduler({ timeoutMs: 20 });
    const held = await turns.acquire({ client: 'a', kind: 'write' });
    const late = turns.acquire({ client: 'b', kind: 'write' });
    await expect(late).rejects.toBeInstanceOf(TimedOut);
    expect(turns.waiting).toBe(0);
    expect(turns.clients).toBe(1); // a, whose turn runs; b is forgotten
    held.release();
    expect(turns.clients).toBe(0);
    // The slot went back free, not to the waiter that gave up.
    (await turns.acquire({ client: 'c', kind: 'read' })).release();
  });

  it('deletes each client once nothing of it runs or waits', async () => {
    const turns = scheduler();
    const held = await turns.acquire({ client: 'x', kind: 'write' });
    const requests = Array.from({ length: 50 }, (_, i): [string, TurnKind] => [
      `client-${i % 10}`,
      i % 3 ? 'write' : 'read',
    ]);
    const { done } = queueAll(turns, requests);
    expect(turns.clients).toBe(11); // ten waiting, and x whose turn runs
    held.release();
    await done;
    expect(turns.waiting).toBe(0);
    expect(turns.clients).toBe(0);
  });

  it('refuses at once beyond maxWaiting', async () => {
    const turns = scheduler({ maxWaiting: 2 });
    const held = await turns.acquire({ client: 'a', kind: 'write' });
    const queued = [1, 2].map(() => turns.acquire({ client: 'a', kind: 'write' }));
    await expect(turns.acquire({ client: 'b', kind: 'read' })).rejects.toBeInstanceOf(TimedOut);
    held.release();
    for (const turn of queued) (await turn).release();
  });

  it('reset rejects every waiter and frees every slot; older turns then release nothing', async () => {
    const turns = scheduler();
    const old = await turns.acquire({ client: 'a', kind: 'write' });
    const waiter = turns.acquire({ client: 'b', kind: 'read' });
    turns.reset(new Error('restarting'));
    await expect(waiter).rejects.toThrow('restarting');
    const fresh = await turns.acquire({ client: 'c', kind: 'write' });
    old.release(); // must not free a second slot
    const next = turns.acquire({ client: 'd', kind: 'write' });
    expect(await granted(next)).toBe(false);
    fresh.release();
    fresh.release(); // twice: still one slot
    const after = await next;
    const another = turns.acquire({ client: 'e', kind: 'write' });
    expect(await granted(another)).toBe(false);
    after.release();
    (await another).release();
  });
});

/** Whether the turn was granted by the time pending callbacks have run. */
async function granted(turn: Promise<unknown>): Promise<boolean> {
  let done = false;
  void turn.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}
