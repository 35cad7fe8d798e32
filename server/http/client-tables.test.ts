import { describe, expect, it } from 'vitest';
import { ConnectionCounts, HARD_CAP_FACTOR, UnsentBytes } from './client-tables.ts';

describe('ConnectionCounts', () => {
  it('serves up to the cap, answers 503 beyond it, destroys past the hard cap', () => {
    const counts = new ConnectionCounts(2);
    const verdicts = Array.from(
      { length: 2 * HARD_CAP_FACTOR + 1 },
      () => counts.admit('203.0.113.1').verdict,
    );
    expect(verdicts).toEqual([
      'serve',
      'serve',
      ...Array<string>(2 * HARD_CAP_FACTOR - 2).fill('over-cap'),
      'destroy',
    ]);
    // A destroyed socket is not counted: the hard cap is the most a client holds.
    expect(counts.openFor('203.0.113.1')).toBe(2 * HARD_CAP_FACTOR);
  });

  it('counts every IPv6 address of one /64 as one client', () => {
    const counts = new ConnectionCounts(3);
    const verdicts = [
      '2001:db8:1:2::a',
      '2001:db8:1:2::b',
      '2001:db8:1:2:ffff::1',
      '2001:db8:1:2::c',
    ].map((address) => counts.admit(address).verdict);
    expect(verdicts).toEqual(['serve', 'serve', 'serve', 'over-cap']);
    expect(counts.admit('2001:db8:1:3::a').verdict).toBe('serve'); // the next /64 is another client
    expect(counts.clients).toBe(2);
  });

  it('counts an IPv4-mapped peer as its IPv4 address', () => {
    const counts = new ConnectionCounts(1);
    expect(counts.admit('198.51.100.9').verdict).toBe('serve');
    expect(counts.admit('::ffff:198.51.100.9').verdict).toBe('over-cap');
  });

  it('is crowded while over the cap, and forgets a client whose sockets all closed', () => {
    const counts = new ConnectionCounts(2);
    const a = counts.admit('192.0.2.1').client;
    counts.admit('192.0.2.1');
    expect(counts.crowded(a)).toBe(false); // at the cap, not over it
    counts.admit('192.0.2.1'); // over the cap
    expect(counts.crowded(a)).toBe(true);
    counts.release(a);
    expect(counts.crowded(a)).toBe(false);
    counts.release(a);
    expect(counts.admit('192.0.2.1').verdict).toBe('serve');
    counts.release(a);
    counts.release(a);
    expect(counts.clients).toBe(0);
  });
});

describe('UnsentBytes', () => {
  it('allows answers while what the client has not taken stays within max', () => {
    const unsent = new UnsentBytes(100);
    expect(unsent.reserve('a', 60)).toBe(true);
    expect(unsent.reserve('a', 40)).toBe(true);
    expect(unsent.reserve('a', 1)).toBe(false);
    expect(unsent.reserve('b', 100)).toBe(true); // another client has its own budget
    unsent.release('a', 60);
    expect(unsent.reserve('a', 50)).toBe(true);
    expect(unsent.unsentFor('a')).toBe(90);
  });

  it('always allows one answer, however large, to a client that has taken the others', () => {
    const unsent = new UnsentBytes(100);
    expect(unsent.reserve('a', 1000)).toBe(true);
    expect(unsent.reserve('a', 1)).toBe(false);
    unsent.release('a', 1000);
    expect(unsent.reserve('a', 1000)).toBe(true);
  });

  it('forgets a client with nothing on its way', () => {
    const unsent = new UnsentBytes(100);
    unsent.reserve('a', 10);
    unsent.reserve('b', 10);
    unsent.release('a', 10);
    unsent.release('b', 10);
    expect(unsent.clients).toBe(0);
  });
});
