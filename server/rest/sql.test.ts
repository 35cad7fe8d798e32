import { describe, expect, it } from 'vitest';
import type { ColumnDef, Plan } from './ast.ts';
import {
  arrayLiteral,
  buildStatement,
  orderClause,
  quoteIdent as ident,
  whereClause,
} from './sql.ts';

const T = '"public"."signatures"';
const COLUMNS: ColumnDef[] = [
  { name: 'signature', type: 'text' },
  { name: 'caption', type: 'text' },
];
const output = { select: [{ star: true as const }], singular: false, count: false };

describe('identifiers and clauses', () => {
  it.each([
    ['id', '"id"'],
    ['odd"name', '"odd""name"'],
  ])('ident(%j) → %s', (name, expected) => {
    expect(ident(name)).toBe(expected);
  });

  it('numbers filter values as text parameters after existing ones', () => {
    const params = ['body'];
    const where = whereClause(
      'signatures',
      [
        { column: 'id', op: 'gt', value: '41' },
        { column: 'caption', op: 'is', value: 'not_null' },
        { column: 'caption', op: 'neq', value: 'x' },
      ],
      params,
    );
    expect(where).toBe(
      ` WHERE ${T}."id" > $2 AND ${T}."caption" IS NOT NULL AND ${T}."caption" <> $3`,
    );
    expect(params).toEqual(['body', '41', 'x']);
  });

  it('sends an in list as one array literal parameter, and the empty list as no row', () => {
    const params: string[] = [];
    const where = whereClause(
      'signatures',
      [
        { column: 'id', op: 'in', values: ['1', '2'] },
        { column: 'caption', op: 'in', values: [''] },
      ],
      params,
    );
    expect(where).toBe(` WHERE ${T}."id" = ANY($1) AND ${T}."caption" = ANY('{}')`);
    expect(params).toEqual(['{"1","2"}']);
  });

  it.each([
    [['1', '2'], '{"1","2"}'],
    [['a,b', 'say "hi"', 'back\\slash', ''], '{"a,b","say \\"hi\\"","back\\\\slash",""}'],
    [['NULL', '{x}'], '{"NULL","{x}"}'],
  ])('arrayLiteral(%j) → %s', (values, expected) => {
    expect(arrayLiteral(values)).toBe(expected);
  });

  it.each([
    [[{ column: 'created_at' }], ` ORDER BY ${T}."created_at"`],
    [
      [
        { column: 'created_at', direction: 'asc' as const },
        { column: 'id', direction: 'desc' as const, nulls: 'nullslast' as const },
      ],
      ` ORDER BY ${T}."created_at" ASC, ${T}."id" DESC NULLS LAST`,
    ],
    [[], ''],
  ])('order %j', (terms, expected) => {
    expect(orderClause('signatures', terms)).toBe(expected);
  });
});

describe('buildStatement', () => {
  it.each<[string, Plan, string[], string[]]>([
    [
      'read all, capped',
      {
        kind: 'read',
        table: 'signatures',
        ...output,
        filters: [],
        order: [],
        limit: 1000,
        offset: 0,
      },
      [
        `SELECT ${T}.* FROM ${T} LIMIT 1000 OFFSET 0`,
        "coalesce(json_agg(_t), '[]')::text",
        'null::int',
      ],
      [],
    ],
    [
      'read with count, filter and singular',
      {
        kind: 'read',
        table: 'signatures',
        select: [{ column: 'id' }],
        singular: true,
        count: true,
        filters: [{ column: 'id', op: 'eq', value: '7' }],
        order: [],
        limit: 5,
        offset: 10,
      },
      [
        `SELECT ${T}."id" FROM ${T} WHERE ${T}."id" = $1 LIMIT 5 OFFSET 10`,
        `(SELECT pg_catalog.count(*) FROM ${T} WHERE ${T}."id" = $1)::int`,
        "coalesce((json_agg(_t)->0)::text, 'null')",
      ],
      ['7'],
    ],
    [
      'insert with representation',
      {
        kind: 'insert',
        table: 'signatures',
        ...output,
        representation: true,
        columns: COLUMNS,
        payload: '[{"signature":"s"}]',
      },
      [
        `INSERT INTO ${T}("signature", "caption") SELECT pgrst_body."signature", pgrst_body."caption"`,
        'FROM (SELECT $1::json AS json_data) pgrst_payload',
        `json_to_recordset(pgrst_uniform_json.val) AS _("signature" text, "caption" text)`,
        `RETURNING ${T}.*`,
      ],
      ['[{"signature":"s"}]'],
    ],
    [
      'insert, minimal',
      {
        kind: 'insert',
        table: 'signatures',
        ...output,
        representation: false,
        columns: COLUMNS,
        payload: '{}',
      },
      ['RETURNING 1', "''"],
      ['{}'],
    ],
    [
      'insert of no columns',
      {
        kind: 'insert',
        table: 'signatures',
        ...output,
        representation: false,
        columns: [],
        payload: '[]',
      },
      [`INSERT INTO ${T} SELECT  FROM`, 'json_array_elements(pgrst_uniform_json.val) _'],
      ['[]'],
    ],
    [
      'update',
      {
        kind: 'update',
        table: 'signatures',
        ...output,
        representation: false,
        columns: [COLUMNS[1]!],
        payload: '{"caption":"x"}',
        filters: [{ column: 'id', op: 'eq', value: '1' }],
      },
      [
        `UPDATE ${T} SET "caption" = pgrst_body."caption" FROM`,
        'LIMIT 1) pgrst_body',
        `WHERE ${T}."id" = $2`,
      ],
      ['{"caption":"x"}', '1'],
    ],
    [
      'delete',
      {
        kind: 'delete',
        table: 'signatures',
        ...output,
        representation: false,
        filters: [{ column: 'id', op: 'eq', value: '1' }],
      },
      [`DELETE FROM ${T} WHERE ${T}."id" = $1 RETURNING 1`],
      ['1'],
    ],
  ])('%s', (_name, plan, fragments, params) => {
    const statement = buildStatement(plan);
    for (const fragment of fragments) expect(statement.text).toContain(fragment);
    expect(statement.text).toMatch(/^WITH pgrst_source AS \(/);
    expect(statement.text).toContain('AS total_count, pg_catalog.count(_t)::int AS page_total');
    expect(statement.params).toEqual(params);
  });
});

describe('the byte cap on reads', () => {
  const read: Plan = {
    kind: 'read',
    table: 'signatures',
    ...output,
    filters: [],
    order: [{ column: 'id' }],
    limit: 1000,
    offset: 0,
  };

  it('is absent unless asked for', () => {
    expect(buildStatement(read).text).not.toContain('AS fits');
  });

  it('keeps the leading rows whose running JSON size fits, and at least one', () => {
    const { text } = buildStatement(read, { maxResponseBytes: 32 * 1024 * 1024 });
    expect(text).toContain('(_j.n = 1 OR pg_catalog.sum(pg_catalog.octet_length(_j.j) + 4)');
    expect(text).toContain('ROWS UNBOUNDED PRECEDING) <= 33554432) AS fits');
    // Each row printed once: what is measured is what is answered.
    expect(text.match(/row_to_json/g)).toHaveLength(1);
    expect(text).not.toContain('json_agg');
  });
});
