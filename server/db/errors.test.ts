import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  isSqlError,
  isUnavailableError,
  TurnTimeoutError,
} from './errors.ts';

describe('what went wrong in the database', () => {
  it.each<[unknown, boolean]>([
    [{ code: '22P02', message: 'x' }, true],
    [{ code: 'ECONNREFUSED', message: 'x' }, false],
    [new Error('x'), false],
    [null, false],
  ])('isSqlError(%j) → %s', (value, expected) => {
    expect(isSqlError(value)).toBe(expected);
  });

  it('tells a database that is not there from one that is busy or answering', () => {
    expect(isUnavailableError(new DatabaseUnavailableError())).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A wait for a turn that ran out: the database is there, only busy.
    expect(isUnavailableError(new TurnTimeoutError())).toBe(false);
    expect(isUnavailableError(Object.assign(new Error('x'), { code: '57014' }))).toBe(false);
  });
});
