import { describe, expect, it } from 'vitest';
import { checkPreRequestName } from './request-context.ts';

describe('checkPreRequestName', () => {
  it('accepts only schema.function', () => {
    expect(() => checkPreRequestName('signwall.limit_inserts')).not.toThrow();
    expect(() => checkPreRequestName('limit_inserts')).toThrow();
    expect(() => checkPreRequestName('a.b(); drop table x; --')).toThrow();
  });
});
