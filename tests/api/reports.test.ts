/**
 * Reports and taking one's own signature back through the API, with the real
 * supabase-js `.rpc()` against the real server: each line of the contract of report_signature,
 * reported_signatures, dismiss_reports and remove_my_signature, who may call what, community hiding
 * (REPORTS_TO_HIDE) and that `removal_hash` is never readable by a visitor.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  clientFrom,
  makeClient,
  nextSignature,
  useServer,
  type AddressedClient,
  signWith,
} from './harness.ts';

const SERVICE_KEY = 'sk_test_reports_0123456789abcdefghijklmnopqr';
const COLUMNS = 'id,signature,caption,created_at';

function newSecret(): { secret: string; removal_hash: string } {
  const secret = randomBytes(32).toString('hex');
  return { secret, removal_hash: createHash('sha256').update(secret, 'utf8').digest('hex') };
}

describe.each(backends)('reports and removal on $name', (backend) => {
  const ctx = useServer(backend, { app: { serviceRoleKey: SERVICE_KEY } });
  let anon: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    anon = ctx.server.client;
    service = makeClient(ctx.server.url, SERVICE_KEY);
  });

  const sign = (extra: Record<string, unknown> = {}) => signWith(anon, extra);

  it('a report is 204; the same one again is 409 already reported', async () => {
    const id = await sign();
    const first = await anon.rpc('report_signature', { signature_id: id, reason: 'offensive' });
    expect(first).toMatchObject({ error: null, data: null, status: 204 });
    const again = await anon.rpc('report_signature', { signature_id: id, reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'PT409', message: 'already reported' });
  });

  it('a missing or hidden signature is 404; a bad reason or a long note is 400', async () => {
    const missing = await anon.rpc('report_signature', { signature_id: 9e9, reason: 'spam' });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PT404');
    const hidden = await sign();
    expect((await service.from('signatures').update({ hidden: true }).eq('id', hidden)).error).toBe(
      null,
    );
    const ofHidden = await anon.rpc('report_signature', { signature_id: hidden, reason: 'spam' });
    expect(ofHidden.status).toBe(404);
    const id = await sign();
    for (const args of [
      { signature_id: id, reason: 'ugly' },
      { signature_id: id, reason: 'other', note: 'x'.repeat(201) },
    ]) {
      const refused = await anon.rpc('report_signature', args);
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('22023');
    }
    const wrongType = await anon.rpc('report_signature', { signature_id: 'one', reason: 'spam' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.error?.code).toBe('22P02');
    const withNote = await anon.rpc('report_signature', {
      signature_id: id,
      reason: 'other',
      note: 'n'.repeat(200),
    });
    expect(withNote.status).toBe(204);
  });

  it('the 21st report from one address in an hour is 429; another address still reports', async () => {
    const flooder = clientFrom(ctx.server, '127.0.0.21');
    const other = clientFrom(ctx.server, '127.0.0.22');
    try {
      const ids: number[] = [];
      for (let i = 0; i < 21; i++) ids.push(await sign());
      for (const id of ids.slice(0, 20)) {
        const { status } = await flooder.client.rpc('report_signature', {
          signature_id: id,
          reason: 'spam',
        });
        expect(status).toBe(204);
      }
      const over = await flooder.client.rpc('report_signature', {
        signature_id: ids[20],
        reason: 'spam',
      });
      expect(over.status).toBe(429);
      expect(over.error?.code).toBe('PT429');
      const fine = await other.client.rpc('report_signature', {
        signature_id: ids[20],
        reason: 'spam',
      });
      expect(fine.status).toBe(204);
    } finally {
      flooder.close();
      other.close();
    }
  });

  it('only the service key reads and dismisses reports, most reported first', async () => {
    const once = await sign();
    const twice = await sign();
    const visitors: AddressedClient[] = ['127.0.0.31', '127.0.0.32'].map((address) =>
      clientFrom(ctx.server, address),
    );
    try {
      await visitors[0]!.client.rpc('report_signature', { signature_id: once, reason: 'spam' });
      await visitors[0]!.client.rpc('report_signature', {
        signature_id: twice,
        reason: 'offensive',
        note: 'first',
      });
      await visitors[1]!.client.rpc('report_signature', {
        signature_id: twice,
        reason: 'personal_information',
        note: 'second',
      });
    } finally {
      for (const visitor of visitors) visitor.close();
    }
    const denied = await anon.rpc('reported_signatures');
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
    const deniedDismiss = await anon.rpc('dismiss_reports', { signature_id: twice });
    expect(deniedDismiss.status).toBe(401);

    const { data, error, status } = await service.rpc('reported_signatures');
    expect(error).toBeNull();
    expect(status).toBe(200);
    const rows = data as {
      signature_id: number;
      report_count: number;
      last_reported_at: string;
      reports: { reason: string; note: string | null; created_at: string }[];
    }[];
    const ours = rows.filter((row) => [once, twice].includes(row.signature_id));
    expect(ours.map((row) => [row.signature_id, row.report_count])).toEqual([
      [twice, 2],
      [once, 1],
    ]);
    expect(ours[0]!.reports.map((report) => [report.reason, report.note])).toEqual([
      ['personal_information', 'second'],
      ['offensive', 'first'],
    ]);
    expect(rows.map((row) => row.report_count)).toEqual(
      [...rows.map((row) => row.report_count)].sort((a, b) => b - a),
    );

    const dismissed = await service.rpc('dismiss_reports', { signature_id: twice });
    expect(dismissed).toMatchObject({ error: null, data: 2, status: 200 });
    const after = (await service.rpc('reported_signatures')).data as { signature_id: number }[];
    expect(after.some((row) => row.signature_id === twice)).toBe(false);
  });

  it('unknown functions and arguments are 404 PGRST202; functions outside public are unknown', async () => {
    for (const [name, args] of [
      ['no_such_function', {}],
      ['report_signature', { signature_id: 1, reason: 'spam', extra: 1 }],
      ['report_signature', { reason: 'spam' }],
      ['pg_sleep', { seconds: 10 }],
      ['set_config', { setting_name: 'role', new_value: 'service_role', is_local: true }],
      ['client_key', { headers: '{}' }],
      ['signwall.client_hash', {}],
    ] as const) {
      const { status, error } = await anon.rpc(name, args);
      expect({ name, status, code: error?.code }).toEqual({ name, status: 404, code: 'PGRST202' });
    }
  });

  it('removal_hash is sent with the row and never kept in it: select=* reads every column, none secret', async () => {
    const { removal_hash } = newSecret();
    const id = await sign({ removal_hash });
    const star = await anon.from('signatures').select('*').eq('id', id).single();
    expect(star.error).toBeNull();
    expect(star.data).toMatchObject({ id, removal_hash: null });
    expect(JSON.stringify(star.data)).not.toContain(removal_hash);
    // Not even the owner finds it in the table: it lives where no API role reads
    // (tests/db/reports.test.ts).
    const asOwner = await service.from('signatures').select('removal_hash').eq('id', id).single();
    expect(asOwner.data).toEqual({ removal_hash: null });
    const bad = await anon
      .from('signatures')
      .insert({ signature: nextSignature(), removal_hash: 'NOT-HEX' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('23514');
  });

  it('remove_my_signature: right secret 204, wrong 403, after 10 minutes 403 too late, hidden 404', async () => {
    const mine = newSecret();
    const id = await sign({ removal_hash: mine.removal_hash });
    const wrong = await anon.rpc('remove_my_signature', {
      signature_id: id,
      secret: newSecret().secret,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.error).toMatchObject({ code: 'PT403', message: 'wrong secret' });
    const removed = await anon.rpc('remove_my_signature', {
      signature_id: id,
      secret: mine.secret,
    });
    expect(removed.status).toBe(204);
    const gone = await service.from('signatures').select('id').eq('id', id);
    expect(gone.data).toEqual([]);

    const old = newSecret();
    const oldId = await sign({ removal_hash: old.removal_hash });
    await ctx.server.db.transaction((tx) =>
      tx.query(
        "update public.signatures set created_at = now() - interval '10 minutes 1 second' where id = $1",
        [oldId],
      ),
    );
    const late = await anon.rpc('remove_my_signature', { signature_id: oldId, secret: old.secret });
    expect(late.status).toBe(403);
    expect(late.error).toMatchObject({ code: 'PT403', message: 'too late' });

    const hiddenSecret = newSecret();
    const hiddenId = await sign({ removal_hash: hiddenSecret.removal_hash });
    await service.from('signatures').update({ hidden: true }).eq('id', hiddenId);
    const ofHidden = await anon.rpc('remove_my_signature', {
      signature_id: hiddenId,
      secret: hiddenSecret.secret,
    });
    expect(ofHidden.status).toBe(404);
    expect(ofHidden.error?.code).toBe('PT404');

    const noHash = await sign();
    const withoutHash = await anon.rpc('remove_my_signature', { signature_id: noHash, secret: '' });
    expect(withoutHash.status).toBe(403);
  });

  it('a removed signature leaves a cached full-wall read at once', async () => {
    const wall = `/rest/v1/signatures?select=${COLUMNS}&order=created_at.asc,id.asc`;
    const ids = async () =>
      ((await (await ctx.server.fetch(wall)).json()) as { id: number }[]).map((row) => row.id);
    const mine = newSecret();
    const id = await sign({ removal_hash: mine.removal_hash });
    expect(await ids()).toContain(id);
    expect(await ids()).toContain(id); // now from the read cache
    await anon.rpc('remove_my_signature', { signature_id: id, secret: mine.secret });
    expect(await ids()).not.toContain(id);
  });
});

describe.each(backends)('community hiding on $name', (backend) => {
  const ctx = useServer(backend, {
    app: { serviceRoleKey: SERVICE_KEY, reportsToHide: 2 },
  });
  // Two networks (127.0.41.0/24, 127.0.42.0/24), and a second address in the first one.
  const visitors: AddressedClient[] = [];
  beforeAll(() => {
    for (const address of ['127.0.41.1', '127.0.42.1', '127.0.41.2']) {
      visitors.push(clientFrom(ctx.server, address));
    }
  });
  afterAll(() => {
    for (const visitor of visitors) visitor.close();
  });

  const report = (visitor: number, id: number, reason = 'spam') =>
    visitors[visitor]!.client.rpc('report_signature', { signature_id: id, reason });

  async function signed(): Promise<{ id: number; visible: () => Promise<boolean> }> {
    const { data } = await ctx.server.client
      .from('signatures')
      .insert({ signature: nextSignature() })
      .select('id')
      .single();
    const id = (data as { id: number }).id;
    const visible = async () =>
      (await ctx.server.client.from('signatures').select('id').eq('id', id)).data?.length === 1;
    return { id, visible };
  }

  it('REPORTS_TO_HIDE distinct networks hide a signature; two addresses of one /24 count once', async () => {
    const { id, visible } = await signed();
    expect((await report(0, id)).status).toBe(204);
    expect((await report(2, id)).status).toBe(204);
    expect(await visible()).toBe(true);
    const second = await report(1, id, 'offensive');
    expect(second.status).toBe(204);
    expect(await visible()).toBe(false);
  });

  it('a forged X-Forwarded-For does not make one network many', async () => {
    const { id, visible } = await signed();
    for (const [visitor, forged] of [
      [0, '198.51.100.7'],
      [2, '2001:db8:99::1'],
    ] as const) {
      const answer = await visitors[visitor]!.fetch('/rest/v1/rpc/report_signature', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forged },
        body: JSON.stringify({ signature_id: id, reason: 'spam' }),
      });
      expect(answer.status).toBe(204);
    }
    expect(await visible()).toBe(true);
  });

  it('the same reporters cannot hide again what the owner unhid; their reports are listed', async () => {
    const service = makeClient(ctx.server.url, SERVICE_KEY);
    const { id, visible } = await signed();
    await report(0, id);
    await report(1, id);
    expect(await visible()).toBe(false);

    expect((await service.from('signatures').update({ hidden: false }).eq('id', id)).error).toBe(
      null,
    );
    expect(await visible()).toBe(true);
    const reportedNow = async () =>
      (
        (await service.rpc('reported_signatures')).data as {
          signature_id: number;
          report_count: number;
        }[]
      ).find((row) => row.signature_id === id);
    // Unhiding cleared the reports the owner saw.
    expect(await reportedNow()).toBeUndefined();
    // The same two networks report again: counted and listed, and it stays up.
    expect((await report(0, id)).status).toBe(204);
    expect((await report(1, id)).status).toBe(204);
    expect((await report(2, id)).status).toBe(204);
    expect(await visible()).toBe(true);
    expect((await reportedNow())?.report_count).toBe(3);
    const status = await service.rpc('community_hiding_status');
    expect(status.error).toBeNull();
    expect((status.data as { kept: number[] }[])[0]!.kept).toContain(id);
    // The owner still hides it.
    expect((await service.from('signatures').update({ hidden: true }).eq('id', id)).error).toBe(
      null,
    );
    expect(await visible()).toBe(false);
  });
});
