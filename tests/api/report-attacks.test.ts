/**
 * Attacks on reporting, removal and the RPC route, each a clear 4xx with nothing leaked,
 * and the wall still serving another visitor after it: a report flood from one address, forged
 * X-Forwarded-For, reports of hidden and missing signatures, wrong and old removal secrets, huge and
 * deeply nested RPC bodies, calls to functions anon may not call or that are not in public, made-up
 * arguments, the moderator key in the URL; and no key in the server's log. A few seconds each.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { MAX_BODY_BYTES } from '../../src/domain/rules.ts';
import {
  ANON_KEY,
  backends,
  clientFrom,
  makeClient,
  useServer,
  type AddressedClient,
  signWith,
} from './harness.ts';

const SERVICE_KEY = 'sk_test_report_attacks_0123456789abcdefghijkl';

interface Answer {
  status: number;
  code?: string;
  message?: string;
}

describe.each(backends)('attacks on reports and RPC on $name', (backend) => {
  let logText = '';
  const ctx = useServer(backend, {
    app: {
      serviceRoleKey: SERVICE_KEY,
      logRequests: true,
      logger: createLogger('info', { write: (line: string) => void (logText += line) }),
    },
  });
  let attacker: AddressedClient;
  let bystander: AddressedClient;
  beforeAll(() => {
    attacker = clientFrom(ctx.server, '127.0.0.71');
    bystander = clientFrom(ctx.server, '127.0.0.72');
  });
  afterAll(() => {
    attacker.close();
    bystander.close();
  });

  const sign = (removalHash?: string) => signWith(bystander.client, { removal_hash: removalHash });

  /** The wall still serves someone else: a read, a save and a report from another address. */
  async function stillServes(label: string): Promise<void> {
    const read = await bystander.client.from('signatures').select('id').limit(1);
    expect(read.status, `read after ${label}`).toBe(200);
    const id = await sign();
    const report = await bystander.client.rpc('report_signature', {
      signature_id: id,
      reason: 'other',
    });
    expect(report.status, `report after ${label}`).toBe(204);
  }

  /** A raw RPC call from the attacker's address. */
  async function rpc(
    name: string,
    body: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await attacker.fetch(`/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as { code?: string; message?: string };
    return { status: res.status, code: json.code, message: json.message };
  }

  it('a report flood from one address: 20 an hour, then 429; a forged X-Forwarded-For changes nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push(await sign());
    const started = performance.now();
    for (const [i, id] of ids.slice(0, 20).entries()) {
      const answer = await rpc(
        'report_signature',
        JSON.stringify({ signature_id: id, reason: 'spam' }),
        {
          'X-Forwarded-For': `198.51.100.${i}`,
        },
      );
      expect(answer.status).toBe(204);
    }
    for (const id of ids.slice(20)) {
      const answer = await rpc(
        'report_signature',
        JSON.stringify({ signature_id: id, reason: 'spam' }),
        {
          'X-Forwarded-For': `203.0.113.${id % 250}`,
          'CF-Connecting-IP': '203.0.113.250',
        },
      );
      expect(answer).toMatchObject({ status: 429, code: 'PT429' });
    }
    console.log(
      `${backend.name}: 22 reports from one address in ${(performance.now() - started).toFixed(0)} ms`,
    );
    await stillServes('a report flood');
  });

  it('reports of a hidden or missing signature, and nonsense ids, are 4xx', async () => {
    const hidden = await sign();
    const service = makeClient(ctx.server.url, SERVICE_KEY);
    await service.from('signatures').update({ hidden: true }).eq('id', hidden);
    const cases: [string, string, number, string][] = [
      ['hidden', JSON.stringify({ signature_id: hidden, reason: 'spam' }), 404, 'PT404'],
      ['missing', JSON.stringify({ signature_id: 2 ** 53, reason: 'spam' }), 404, 'PT404'],
      ['negative', JSON.stringify({ signature_id: -1, reason: 'spam' }), 404, 'PT404'],
      ['beyond bigint', '{"signature_id": 99999999999999999999, "reason": "spam"}', 400, '22003'],
      ['a string id', JSON.stringify({ signature_id: 'x', reason: 'spam' }), 400, '22P02'],
      ['null id', JSON.stringify({ signature_id: null, reason: 'spam' }), 404, 'PT404'],
      [
        'an object reason',
        JSON.stringify({ signature_id: hidden, reason: { a: 1 } }),
        400,
        '22023',
      ],
    ];
    for (const [label, body, status, code] of cases) {
      expect({ label, ...(await rpc('report_signature', body)) }).toMatchObject({
        label,
        status,
        code,
      });
    }
    await stillServes('reports of what is not there');
  });

  it('a wrong or an old removal secret is 403, and removes nothing', async () => {
    const secret = randomBytes(32).toString('hex');
    const id = await sign(createHash('sha256').update(secret).digest('hex'));
    for (const guess of [
      '',
      'a'.repeat(64),
      secret.toUpperCase(),
      `${secret} `,
      'x'.repeat(100_000),
    ]) {
      const answer = await rpc(
        'remove_my_signature',
        JSON.stringify({ signature_id: id, secret: guess }),
      );
      expect(answer).toMatchObject({ status: 403, code: 'PT403', message: 'wrong secret' });
    }
    await ctx.server.db.transaction((tx) =>
      tx.query(
        "update public.signatures set created_at = now() - interval '11 minutes' where id = $1",
        [id],
      ),
    );
    const late = await rpc('remove_my_signature', JSON.stringify({ signature_id: id, secret }));
    expect(late).toMatchObject({ status: 403, message: 'too late' });
    const still = await bystander.client.from('signatures').select('id').eq('id', id);
    expect(still.data).toEqual([{ id }]);
    await stillServes('removal guesses');
  });

  it('a huge or deeply nested RPC body is a short 4xx; only a well-formed one reaches the database', async () => {
    const id = await sign();
    const near = JSON.stringify({
      signature_id: id,
      reason: 'other',
      note: 'n'.repeat(MAX_BODY_BYTES - 100),
    });
    const over = JSON.stringify({
      signature_id: id,
      reason: 'other',
      note: 'n'.repeat(MAX_BODY_BYTES),
    });
    const deep = `{"signature_id": ${id}, "reason": "spam", "note": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const manyKeys = JSON.stringify(
      Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])),
    );
    const cases: [string, string, number, string | undefined][] = [
      ['near 512 KiB', near, 400, '22023'],
      ['over 512 KiB', over, 413, 'PGRST413'],
      ['100,000 levels deep', deep, 400, 'PGRST102'],
      ['20,000 made-up arguments', manyKeys, 404, 'PGRST202'],
      [
        'an array body',
        `[${JSON.stringify({ signature_id: id, reason: 'spam' })}]`,
        400,
        'PGRST102',
      ],
      ['not JSON', '{"signature_id":', 400, 'PGRST102'],
    ];
    for (const [label, body, status, code] of cases) {
      const started = performance.now();
      const answer = await rpc('report_signature', body);
      console.log(
        `${backend.name}: ${label} → ${answer.status} in ${(performance.now() - started).toFixed(0)} ms`,
      );
      expect({ label, ...answer }).toMatchObject({ label, status, ...(code && { code }) });
      if (answer.message) expect(answer.message.length).toBeLessThan(1000);
    }
    await stillServes('huge bodies');
  });

  it('functions anon may not call are 401; functions outside public, or made up, are 404', async () => {
    const cases: [string, string, number, string][] = [
      ['reported_signatures', '{}', 401, '42501'],
      ['dismiss_reports', '{"signature_id": 1}', 401, '42501'],
      ['pg_sleep', '{"seconds": 30}', 404, 'PGRST202'],
      [
        'set_config',
        '{"setting_name": "role", "new_value": "service_role", "is_local": false}',
        404,
        'PGRST202',
      ],
      ['pg_catalog.pg_sleep', '{"seconds": 30}', 404, 'PGRST202'],
      ['signwall.client_hash', '{}', 404, 'PGRST202'],
      ['signwall.limit_inserts', '{}', 404, 'PGRST202'],
      ['client_key', '{"headers": "{}"}', 404, 'PGRST202'],
      [
        'report_signature',
        '{"signature_id": 1, "reason": "spam", "role": "service_role"}',
        404,
        'PGRST202',
      ],
      ['report_signature', '{"reason": "spam"}', 404, 'PGRST202'],
      ['remove_my_signature', '{"signature_id": 1}', 404, 'PGRST202'],
      ['constructor', '{}', 404, 'PGRST202'],
      ['__proto__', '{}', 404, 'PGRST202'],
      ['report_signature%3B%20select%201', '{}', 404, 'PGRST202'],
    ];
    for (const [name, body, status, code] of cases) {
      expect({ name, ...(await rpc(name, body)) }).toMatchObject({ name, status, code });
    }
    const get = await attacker.fetch('/rest/v1/rpc/reported_signatures');
    expect(get.status).toBe(400);
    await stillServes('forbidden functions');
  });

  it('the moderator key in the URL is refused, and the log never holds a key', async () => {
    const inUrl = await fetch(
      `${ctx.server.url}/rest/v1/rpc/reported_signatures?apikey=${SERVICE_KEY}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      },
    );
    expect(inUrl.status).toBe(401);
    const read = await fetch(
      `${ctx.server.url}/rest/v1/signatures?select=id&apikey=${SERVICE_KEY}`,
    );
    expect(read.status).toBe(401);
    const anonInUrl = await fetch(
      `${ctx.server.url}/rest/v1/signatures?select=id&apikey=${ANON_KEY}`,
    );
    expect(anonInUrl.status).toBe(200);
    const wrong = await makeClient(ctx.server.url, `${SERVICE_KEY}x`).rpc('reported_signatures');
    expect(wrong.status).toBe(401);
    const right = await makeClient(ctx.server.url, SERVICE_KEY).rpc('reported_signatures');
    expect(right.status).toBe(200);
    expect(logText).toContain('POST /rest/v1/rpc/reported_signatures');
    expect(logText).not.toContain(SERVICE_KEY);
    expect(logText).not.toContain(ANON_KEY);
    expect(logText).not.toContain('apikey=');
  });
});
