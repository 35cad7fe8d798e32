import { describe, expect, it } from 'vitest';
import type { FunctionCache, FunctionDef } from './ast.ts';
import { ApiError } from './envelope.ts';
import type { RestRequest } from './parse.ts';
import { buildRpcStatement, parseRpc, respondRpc } from './rpc.ts';

const report: FunctionDef = {
  name: 'report_signature',
  args: [
    { name: 'signature_id', type: 'bigint' },
    { name: 'reason', type: 'text' },
    { name: 'note', type: 'text' },
  ],
  requiredArgs: 2,
  returns: 'void',
  executableBy: ['anon', 'authenticated', 'service_role'],
};
const listed: FunctionDef = {
  name: 'reported_signatures',
  args: [],
  requiredArgs: 0,
  returns: 'set',
  executableBy: ['service_role'],
};
const functions: FunctionCache = new Map([
  [report.name, report],
  [listed.name, listed],
]);

function request(path: string, body: string, method = 'POST'): RestRequest {
  return { method, path, query: [], headers: { contentType: 'application/json' }, body };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.body.code}`;
    throw error;
  }
  return 'accepted';
}

describe('parseRpc', () => {
  it('keeps the arguments the body names, in declaration order, and the body as it came', () => {
    const body = '{"reason":"spam","signature_id":3}';
    const plan = parseRpc(request('rpc/report_signature', body), functions, 'anon');
    expect(plan.args.map((arg) => arg.name)).toEqual(['signature_id', 'reason']);
    expect(plan.payload).toBe(body);
  });

  it.each([
    ['an unknown function', 'rpc/pg_sleep', '{"seconds":1}', 'anon', '404 PGRST202'],
    ['a schema-qualified name', 'rpc/pg_catalog.pg_sleep', '{}', 'anon', '404 PGRST202'],
    [
      'an unknown argument',
      'rpc/report_signature',
      '{"signature_id":1,"reason":"x","y":1}',
      'anon',
      '404 PGRST202',
    ],
    [
      'a missing required argument',
      'rpc/report_signature',
      '{"signature_id":1}',
      'anon',
      '404 PGRST202',
    ],
    ['a function anon may not execute', 'rpc/reported_signatures', '', 'anon', '401 42501'],
    [
      'an array body',
      'rpc/report_signature',
      '[{"signature_id":1,"reason":"x"}]',
      'anon',
      '400 PGRST102',
    ],
    ['invalid JSON', 'rpc/report_signature', '{', 'anon', '400 PGRST102'],
    [
      'a body nested too deep',
      'rpc/report_signature',
      `{"note":${'['.repeat(20)}${']'.repeat(20)}}`,
      'anon',
      '400 PGRST102',
    ],
  ])('refuses %s', (_name, path, body, role, expected) => {
    expect(refusal(() => parseRpc(request(path, body), functions, role))).toBe(expected);
  });

  it('refuses another schema by Content-Profile: only public is exposed', () => {
    const req = request('rpc/client_hash', '{}');
    expect(
      refusal(() =>
        parseRpc(
          { ...req, headers: { ...req.headers, contentProfile: 'signwall' } },
          functions,
          'anon',
        ),
      ),
    ).toBe('406 PGRST106');
  });

  it('lets service_role call what it may; GET is refused', () => {
    expect(
      parseRpc(request('rpc/reported_signatures', ''), functions, 'service_role').args,
    ).toEqual([]);
    expect(
      refusal(() =>
        parseRpc(request('rpc/reported_signatures', '', 'GET'), functions, 'service_role'),
      ),
    ).toBe('400 PGRST100');
  });

  it('echoes only a few argument names in PGRST202', () => {
    const body = JSON.stringify(
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
    );
    let message = '';
    try {
      parseRpc(request('rpc/report_signature', body), functions, 'anon');
    } catch (error) {
      message = (error as ApiError).body.message ?? '';
    }
    expect(message).toMatch(/^Could not find the function public\.report_signature\(k0, k1, /);
    expect(message.length).toBeLessThan(200);
  });
});

describe('buildRpcStatement', () => {
  it('calls with named arguments read from $1 by json_to_record; values never in the text', () => {
    const plan = parseRpc(
      request('rpc/report_signature', '{"signature_id":3,"reason":"x\'; drop table t; --"}'),
      functions,
      'anon',
    );
    const { text, params } = buildRpcStatement(plan);
    expect(text).toContain(
      '"public"."report_signature"("signature_id" := pgrst_args."signature_id", "reason" := pgrst_args."reason")',
    );
    expect(text).toContain(
      'json_to_record($1::json) AS pgrst_args("signature_id" bigint, "reason" text)',
    );
    expect(text).not.toContain('drop table');
    expect(params).toEqual([plan.payload]);
  });

  it('has no parameter for a call without arguments', () => {
    const plan = parseRpc(request('rpc/reported_signatures', ''), functions, 'service_role');
    expect(buildRpcStatement(plan).params).toEqual([]);
  });
});

describe('respondRpc', () => {
  it('answers void with 204 and a set with a JSON array', () => {
    const voidPlan = parseRpc(
      request('rpc/report_signature', '{"signature_id":1,"reason":"x"}'),
      functions,
      'anon',
    );
    expect(respondRpc(voidPlan, { total_count: null, page_total: 1, body: '' })).toEqual({
      status: 204,
      headers: {},
      body: '',
    });
    const setPlan = parseRpc(request('rpc/reported_signatures', ''), functions, 'service_role');
    const answer = respondRpc(setPlan, { total_count: null, page_total: 2, body: '[{},{}]' });
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Range']).toBe('0-1/*');
  });
});
