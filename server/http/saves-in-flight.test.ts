import { describe, expect, it } from 'vitest';
import { isSave, SavesInFlight } from './saves-in-flight.ts';

describe('SavesInFlight', () => {
  it('lets max saves of one client in at a time, others apart, and forgets a client at zero', () => {
    const saves = new SavesInFlight(2);
    expect(saves.enter('a')).toBe(true);
    expect(saves.enter('a')).toBe(true);
    expect(saves.enter('a')).toBe(false);
    expect(saves.enter('b')).toBe(true);
    expect(saves.clients).toBe(2);
    saves.leave('a');
    expect(saves.enter('a')).toBe(true);
    saves.leave('a');
    saves.leave('a');
    saves.leave('b');
    expect(saves.clients).toBe(0);
  });

  it('limits nothing with max 0', () => {
    const saves = new SavesInFlight(0);
    for (let i = 0; i < 10; i++) expect(saves.enter('a')).toBe(true);
    expect(saves.clients).toBe(0);
  });

  it('refuses with 429 PT429 and Retry-After', () => {
    const refusal = new SavesInFlight(2).refusal();
    expect(refusal.status).toBe(429);
    expect(refusal.body.code).toBe('PT429');
    expect(refusal.headers['Retry-After']).toBe('1');
  });

  it('counts the methods that write as saves', () => {
    expect(['POST', 'PATCH', 'PUT', 'DELETE'].map(isSave)).toEqual([true, true, true, true]);
    expect(['GET', 'HEAD', 'OPTIONS'].map(isSave)).toEqual([false, false, false]);
  });
});
