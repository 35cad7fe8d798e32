import { describe, expect, it } from 'vitest';
import type { SchemaCache } from './ast.ts';
import { ApiError } from './envelope.ts';
import { parseRequest, type RestRequest } from './parse.ts';

const schema: SchemaCache = new Map([
  [
    'signatures',
    [
      { name: 'id', type: 'bigint' },
      { name: 'signature', type: 'text' },
      { name: 'caption', type: 'text' },
      { name: 'created_at', type: 'timestamp with time zone' },
      { name: 'hidden', type: 'boolean' },
    ],
  ],
]);

function request(overrides: Partial<RestRequest>): RestRequest {
  return { method: 'GET', path: 'signatures', query: [], headers: {}, ...overrides };
}

function failure(req: RestRequest): string {
  try {
    parseRequest(req, schema, 1000);
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.body.code}`;
    throw error;
  }
  return 'ok';
}

describe('parseRequest', () => {
  it('reads with select, filters, order, and the row cap', () => {
    const { plan } = parseRequest(
      request({
        query: [
          ['select', '*'],
          ['id', 'gt.41'],
          ['order', 'created_at.asc,id.asc'],
          ['limit', '5000'],
        ],
        headers: { prefer: 'count=exact', acceptProfile: 'public' },
      }),
      schema,
      1000,
    );
    expect(plan).toEqual({
      kind: 'read',
      table: 'signatures',
      select: [{ star: true }],
      singular: false,
      count: true,
      filters: [{ column: 'id', op: 'gt', value: '41' }],
      order: [
        { column: 'created_at', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ],
      limit: 1000,
      offset: 0,
      // 5000 was asked: a full page of the cap's 1000 may have rows after it (answered 206).
      rowCapped: true,
    });
  });

  it('inserts what supabase-js sends for insert([…]).select()', () => {
    const { plan, prefs } = parseRequest(
      request({
        method: 'POST',
        query: [
          ['columns', '"signature","caption"'],
          ['select', '*'],
        ],
        headers: {
          contentType: 'application/json',
          contentProfile: 'public',
          prefer: 'return=representation',
        },
        body: '[{"signature":"[[[1,2],[3,4]]]","caption":"hi"}]',
      }),
      schema,
      1000,
    );
    expect(prefs).toEqual({ return: 'representation' });
    expect(plan).toMatchObject({
      kind: 'insert',
      representation: true,
      columns: [
        { name: 'signature', type: 'text' },
        { name: 'caption', type: 'text' },
      ],
      payload: '[{"signature":"[[[1,2],[3,4]]]","caption":"hi"}]',
    });
  });

  it.each<[string, Partial<RestRequest>, string]>([
    ['unknown table', { path: 'nope' }, '404 PGRST205'],
    ['nested path', { path: 'signatures/1' }, '404 PGRST125'],
    ['rpc', { path: 'rpc/f' }, '400 PGRST100'],
    ['wrong read profile', { headers: { acceptProfile: 'private' } }, '406 PGRST106'],
    [
      'wrong write profile',
      { method: 'POST', body: '{}', headers: { contentProfile: 'x' } },
      '406 PGRST106',
    ],
    ['Range header', { headers: { range: '0-9' } }, '400 PGRST100'],
    ['columns on GET', { query: [['columns', 'id']] }, '400 PGRST100'],
    ['on_conflict', { method: 'POST', body: '{}', query: [['on_conflict', 'id']] }, '400 PGRST100'],
    ['filter on POST', { method: 'POST', body: '{}', query: [['id', 'eq.1']] }, '400 PGRST100'],
    ['order on DELETE', { method: 'DELETE', query: [['order', 'id']] }, '400 PGRST100'],
    ['PUT', { method: 'PUT', body: '{}' }, '400 PGRST100'],
    [
      'form body',
      { method: 'POST', body: 'a=1', headers: { contentType: 'text/plain' } },
      '415 PGRST107',
    ],
    ['bad JSON', { method: 'POST', body: '{' }, '400 PGRST102'],
    ['unknown body key', { method: 'POST', body: '{"x":1}' }, '400 PGRST204'],
    ['client id is for the database to refuse', { method: 'POST', body: '{"id":1}' }, 'ok'],
    [
      'PATCH reaches the database',
      { method: 'PATCH', body: '{"caption":"x"}', query: [['id', 'eq.1']] },
      'ok',
    ],
    ['DELETE reaches the database', { method: 'DELETE', query: [['id', 'eq.1']] }, 'ok'],
    ['DELETE of listed ids', { method: 'DELETE', query: [['id', 'in.(1,2)']] }, 'ok'],
    // Whole-table writes, as pg-safeupdate refuses them on hosted Supabase.
    ['PATCH without a filter', { method: 'PATCH', body: '{"hidden":true}' }, '400 21000'],
    ['DELETE without a filter', { method: 'DELETE' }, '400 21000'],
    ['empty PATCH without a filter changes nothing', { method: 'PATCH', body: '{}' }, 'ok'],
    // Only the table's own columns, each selected once.
    ['unknown select column', { query: [['select', 'nope']] }, '400 42703'],
    ['system column in select', { query: [['select', 'ctid,xmin']] }, '400 42703'],
    ['system column in a filter', { query: [['xmin', 'gt.0']] }, '400 42703'],
    ['system column in order', { query: [['order', 'tableoid']] }, '400 42703'],
    [
      'system column returned by a write',
      { method: 'POST', body: '{}', query: [['select', 'cmin']] },
      '400 42703',
    ],
    ['a column selected twice', { query: [['select', 'signature,signature']] }, '400 42701'],
    ['a column again next to *', { query: [['select', '*,signature']] }, '400 42701'],
    ['* twice', { query: [['select', '*,*']] }, '400 42701'],
    ['every column once', { query: [['select', 'id,signature,caption,created_at']] }, 'ok'],
    ['scalar body', { method: 'POST', body: '42' }, '400 PGRST102'],
    ['deep body', { method: 'POST', body: '['.repeat(50) + ']'.repeat(50) }, '400 PGRST102'],
  ])('%s → %s', (_name, overrides, expected) => {
    expect(failure(request(overrides))).toBe(expected);
  });
});
