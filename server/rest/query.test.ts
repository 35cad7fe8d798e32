import { describe, expect, it } from 'vitest';
import type { Filter, OrderTerm, SelectItem } from './ast.ts';
import { ApiError } from './errors.ts';
import { parseColumnsParam, parseCount, parseFilter, parseOrder, parseSelect } from './query.ts';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? error.body.code : 'not an ApiError';
  }
  return 'no error';
}

describe('parseSelect', () => {
  it.each<[string | null, SelectItem[]]>([
    [null, [{ star: true }]],
    ['*', [{ star: true }]],
    ['id,signature', [{ column: 'id' }, { column: 'signature' }]],
    ['*,id', [{ star: true }, { column: 'id' }]],
    ['"odd name"', [{ column: 'odd name' }]],
    ['', []],
  ])('%j → %j', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected);
  });

  it.each([
    ['*,other(*)', /embedded/],
    ['alias:id', /aliases/],
    ['id::text', /casts/],
    ['signature->0', /JSON paths/],
    ['a b', /failed to parse select/],
  ])('refuses %j with PGRST100', (input, message) => {
    expect(codeOf(() => parseSelect(input))).toBe('PGRST100');
    expect(() => parseSelect(input)).toThrow(message);
  });
});

describe('parseOrder', () => {
  it.each<[string, OrderTerm[]]>([
    ['created_at', [{ column: 'created_at' }]],
    ['created_at.asc', [{ column: 'created_at', direction: 'asc' }]],
    [
      'created_at.asc,id.desc.nullslast',
      [
        { column: 'created_at', direction: 'asc' },
        { column: 'id', direction: 'desc', nulls: 'nullslast' },
      ],
    ],
    ['caption.nullsfirst', [{ column: 'caption', nulls: 'nullsfirst' }]],
  ])('%j', (input, expected) => {
    expect(parseOrder(input)).toEqual(expected);
  });

  it.each(['id.up', 'id.asc.desc', 'id.nullsfirst.asc', 'rel(id)'])('refuses %j', (input) => {
    expect(codeOf(() => parseOrder(input))).toBe('PGRST100');
  });
});

describe('parseFilter', () => {
  it.each<[string, string, Filter]>([
    ['id', 'gt.41', { column: 'id', op: 'gt', value: '41' }],
    ['id', 'eq.1', { column: 'id', op: 'eq', value: '1' }],
    ['caption', 'neq.a.b', { column: 'caption', op: 'neq', value: 'a.b' }],
    ['caption', 'eq.', { column: 'caption', op: 'eq', value: '' }],
    ['caption', 'is.null', { column: 'caption', op: 'is', value: 'null' }],
    ['caption', 'is.NOT_NULL', { column: 'caption', op: 'is', value: 'not_null' }],
    [
      'created_at',
      'gte.2025-01-01T00:00:00.123456+00:00',
      { column: 'created_at', op: 'gte', value: '2025-01-01T00:00:00.123456+00:00' },
    ],
    ['id', 'lte.abc', { column: 'id', op: 'lte', value: 'abc' }], // Postgres refuses the value
  ])('%s=%s', (key, value, expected) => {
    expect(parseFilter(key, value)).toEqual(expected);
  });

  it.each([
    ['id', '41', /failed to parse filter \(41\)/],
    ['caption', 'like.*a*', /operator "like" is not supported/],
    ['id', 'in.(1,2)', /operator "in" is not supported/],
    ['id', 'not.eq.1', /not\. is not supported/],
    ['id', 'eq(any).{1,2}', /\(any\) modifier/],
    ['caption', 'is.maybe', /failed to parse filter/],
    ['or', '(id.eq.1,id.eq.2)', /or= is not supported/],
    ['rel.id', 'eq.1', /embedded filters/],
    ['id', 'bogus.1', /failed to parse filter \(bogus.1\)/],
  ])('refuses %s=%s with PGRST100', (key, value, message) => {
    expect(codeOf(() => parseFilter(key, value))).toBe('PGRST100');
    expect(() => parseFilter(key, value)).toThrow(message);
  });
});

describe('parseCount and parseColumnsParam', () => {
  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ['0', 0],
    ['1000', 1000],
  ])('limit %j → %j', (input, expected) => {
    expect(parseCount('limit', input)).toBe(expected);
  });

  it.each(['-1', 'abc', '1.5', ''])('refuses limit %j', (input) => {
    expect(codeOf(() => parseCount('limit', input))).toBe('PGRST100');
  });

  it.each<[string, string[]]>([
    ['"signature","caption"', ['signature', 'caption']],
    ['signature,caption', ['signature', 'caption']],
    ['"signature","signature"', ['signature']],
  ])('columns=%s', (input, expected) => {
    expect(parseColumnsParam(input)).toEqual(expected);
  });
});
