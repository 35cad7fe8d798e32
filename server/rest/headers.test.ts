import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import {
  checkContentType,
  checkProfile,
  negotiateAccept,
  parsePrefer,
  preferenceApplied,
  type Preferences,
} from './headers.ts';
import { resolvePayload } from './payload.ts';

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.body.code}` : 'not an ApiError';
  }
  return 'ok';
}

describe('Prefer', () => {
  it.each<[string | undefined, Preferences, string | undefined]>([
    [undefined, {}, undefined],
    ['return=representation', { return: 'representation' }, 'return=representation'],
    [
      'count=exact, return=representation',
      { count: 'exact', return: 'representation' },
      'return=representation, count=exact',
    ],
    ['return=minimal', { return: 'minimal' }, 'return=minimal'],
    ['future=thing', {}, undefined], // lenient: unknown preferences are ignored, as PostgREST does
  ])('%j', (header, prefs, applied) => {
    expect(parsePrefer(header)).toEqual(prefs);
    expect(preferenceApplied(parsePrefer(header))).toBe(applied);
  });

  it.each([
    ['handling=strict, future=thing', '400 PGRST122'],
    ['count=planned', '400 PGRST100'],
    ['resolution=merge-duplicates', '400 PGRST100'],
    ['missing=default', '400 PGRST100'],
    ['return=headers-only', '400 PGRST100'],
  ])('refuses %j', (header, expected) => {
    expect(codeOf(() => parsePrefer(header))).toBe(expected);
  });
});

describe('negotiation', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'array'],
    ['*/*', 'array'],
    ['application/json', 'array'],
    ['application/vnd.pgrst.object+json', 'singular'],
    ['text/csv;q=0.5, application/vnd.pgrst.object+json', 'singular'],
    ['application/json;q=0.1, application/vnd.pgrst.object+json;q=0.9', 'singular'],
  ])('Accept %j → %s', (header, expected) => {
    expect(negotiateAccept(header)).toBe(expected);
  });

  it.each([
    [() => negotiateAccept('text/csv'), '406 PGRST107'],
    [() => checkProfile('private'), '406 PGRST106'],
    [() => checkProfile('public'), 'ok'],
    [() => checkProfile(undefined), 'ok'],
    [() => checkContentType('text/plain'), '415 PGRST107'],
    [() => checkContentType('application/json; charset=utf-8'), 'ok'],
    [() => checkContentType(undefined), 'ok'],
  ])('%s → %s', (fn, expected) => {
    expect(codeOf(fn)).toBe(expected);
  });
});

describe('resolvePayload (PostgREST payloadAttributes)', () => {
  const columns = [
    { name: 'id', type: 'bigint' },
    { name: 'signature', type: 'text' },
    { name: 'caption', type: 'text' },
  ];
  const resolve = (raw: string, param: string | null = null) =>
    resolvePayload(raw, param, 'signatures', columns);

  it.each<[string, string | null, string[], string]>([
    [
      '{"signature":"s","caption":null}',
      null,
      ['signature', 'caption'],
      '{"signature":"s","caption":null}',
    ],
    [
      '[{"signature":"s"},{"signature":"t"}]',
      null,
      ['signature'],
      '[{"signature":"s"},{"signature":"t"}]',
    ],
    ['[]', null, [], '[]'],
    ['[[[[[[[[1]]]]]]]]', '"signature"', ['signature'], '[[[[[[[[1]]]]]]]]'], // 8 levels: allowed
    ['not json', '"signature"', ['signature'], 'not json'], // with columns=, Postgres judges the text
  ])('%s (columns=%s)', (raw, param, names, text) => {
    const payload = resolve(raw, param);
    expect(payload.columns.map((column) => column.name)).toEqual(names);
    expect(payload.text).toBe(text);
  });

  it.each([
    ['not json', 'Empty or invalid json'],
    ['', 'Empty or invalid json'],
    ['[{"signature":"s"},{"caption":"c"}]', 'All object keys must match'],
    ['[1,2]', 'All object keys must match'],
    // Scalars: PostgREST answers 201 with nothing stored (its issue #1323); here they are refused.
    ['5', 'Empty or invalid json'],
    ['"x"', 'Empty or invalid json'],
    ['null', 'Empty or invalid json'],
    [' true ', 'Empty or invalid json'],
    ['[[1]]', 'All object keys must match'],
    // Deeper than a row body can be, refused by the scan before anything parses it.
    ['['.repeat(9) + ']'.repeat(9), 'Empty or invalid json'],
    ['{"signature":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}', 'Empty or invalid json'],
  ])('refuses %j: %s', (raw, message) => {
    expect(codeOf(() => resolve(raw))).toBe('400 PGRST102');
    expect(() => resolve(raw)).toThrow(message);
  });

  it('scans the raw text with columns= too, where Postgres would parse it recursively', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect(codeOf(() => resolve(deep, '"signature"'))).toBe('400 PGRST102');
  });

  it.each([
    ['{"nope":1}', null],
    ['[]', '"signature","nope"'],
  ])('unknown column in %s / columns=%s → PGRST204', (raw, param) => {
    expect(codeOf(() => resolve(raw, param))).toBe('400 PGRST204');
  });
});
