import { describe, expect, it } from 'vitest';
import type { Filter, OrderTerm, SelectItem } from './ast.ts';
import { ApiError } from './envelope.ts';
import {
  parseColumnsParam,
  parseCount,
  parseFilter,
  parseInList,
  parseOrder,
  parseSelect,
} from './query.ts';

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
    ['caption', 'ilike.*a*', /operator "ilike" is not supported/],
    ['id', 'not.in.(1,2)', /not\. is not supported/],
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

describe('the in operator', () => {
  it.each<[string, string[]]>([
    // What supabase-js sends for .in('id', [1, 2, 3]) and for strings with , ( or ).
    ['in.(1,2,3)', ['1', '2', '3']],
    ['in.(7)', ['7']],
    ['in.("a,b","c)d",e)', ['a,b', 'c)d', 'e']],
    // Backslash escapes the next character inside quotes.
    ['in.("say \\"hi\\"","back\\\\slash")', ['say "hi"', 'back\\slash']],
    // A quoted element counts only when , or ) follows its closing quote; else it is plain text.
    ['in.("a"b,c)', ['"a"b', 'c']],
    ['in.("unclosed)', ['"unclosed']],
    // Spaces and tabs around the parentheses are skipped; inside an element they stay.
    ['in. ( 1 , 2 ) ', ['1 ', ' 2 ']],
    ['in.(\t1)\t', ['1']],
    // The empty list is one empty element, as in PostgREST (it matches no row).
    ['in.()', ['']],
    ['in.("")', ['']],
    ['in.(,)', ['', '']],
    ['in.(2025-01-01T00:00:00+00:00,x.y)', ['2025-01-01T00:00:00+00:00', 'x.y']],
  ])('%s', (value, expected) => {
    expect(parseInList(value)).toEqual(expected);
    expect(parseFilter('id', value)).toEqual({ column: 'id', op: 'in', values: expected });
  });

  it.each<[string, string, string]>([
    ['in.1,2', '(line 1, column 4)', 'unexpected "1" expecting "("'],
    ['in.', '(line 1, column 4)', 'unexpected end of input expecting "("'],
    ['in.  [1]', '(line 1, column 6)', 'unexpected "[" expecting "("'],
    ['in.(1,2', '(line 1, column 8)', 'unexpected end of input expecting "," or ")"'],
    ['in.("a"', '(line 1, column 8)', 'unexpected end of input expecting "," or ")"'],
    // PostgREST ignores text after the list; this server refuses it.
    ['in.(1,2)x', '(line 1, column 9)', 'unexpected "x" expecting end of input'],
    ['in.(1)(2)', '(line 1, column 7)', 'unexpected "(" expecting end of input'],
  ])("refuses %s with PostgREST's position and words", (value, position, details) => {
    let caught: unknown;
    try {
      parseFilter('id', value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(400);
    expect((caught as ApiError).body).toEqual({
      code: 'PGRST100',
      message: `"failed to parse filter (${value})" ${position}`,
      details,
      hint: null,
    });
  });

  it('counts positions in characters, not UTF-16 units', () => {
    expect(() => parseInList('in.("😀",1')).toThrow(/column 10\)/);
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
