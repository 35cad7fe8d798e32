/**
 * The report budget (20261127000200) at the SQL level, driven as PostgREST and our server drive it:
 * networks count once (an IPv4 /24, an IPv6 /48), the owner's unhide or dismissal stands against the
 * same reporters, at most `hides_per_hour` signatures are hidden by reports in any hour (under a
 * crowd of 24 networks, and under racing last reports on PostgreSQL), and the owner's status says so.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyRequestContext } from '../../server/api/request-context.ts';
import { signatureAt } from '../support/grid.ts';
import { applyVersion, TARGETS, type TestDb } from './support/databases.ts';

const VERSION = '20261127000200';

let cell = 0;

interface Status {
  reports_to_hide: number;
  hides_per_hour: number;
  hidden_last_hour: number;
  paused: boolean;
  resumes_at: string | null;
  waiting: string[];
  kept: string[];
}

describe.each(TARGETS)('report budget SQL on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  async function insert(): Promise<number> {
    const [row] = await db.query<{ id: string }>(
      'insert into public.signatures (signature) values ($1) returning id',
      [signatureAt(cell++)],
    );
    return Number(row!.id);
  }

  /** One API request with these headers, as `role`. */
  function call<T>(
    headers: Record<string, string>,
    sql: string,
    params: unknown[],
    role = 'anon',
  ): Promise<T[]> {
    return db.asAnon(async (query) => {
      if (role !== 'anon') await query(`set local role ${role}`);
      const tx = { query, exec: () => Promise.reject(new Error('not used')) };
      await applyRequestContext(tx, {
        method: 'POST',
        path: '/rpc/x',
        headers: JSON.stringify(headers),
      });
      return query<T>(sql, params);
    });
  }
  const report = (address: string, id: number, reason = 'spam', note: string | null = null) =>
    call({ 'x-forwarded-for': address }, 'select public.report_signature($1, $2, $3)', [
      id,
      reason,
      note,
    ]);
  const isHidden = async (id: number) =>
    (
      await db.query<{ hidden: boolean }>('select hidden from public.signatures where id = $1', [
        id,
      ])
    )[0]?.hidden;
  const status = async () =>
    (
      await call<Status>({}, 'select * from public.community_hiding_status()', [], 'service_role')
    )[0]!;
  const settings = (toHide: number, perHour = 10) =>
    db.query('update signwall.report_settings set reports_to_hide = $1, hides_per_hour = $2', [
      toHide,
      perHour,
    ]);

  beforeEach(async () => {
    // Each test starts with an empty budget and queue.
    await db.query('delete from signwall.community_hides');
    await db.query('delete from signwall.report_digests');
    await db.query('delete from signwall.report_notices');
    await db.query(
      'update signwall.report_notifier set last_sent_at = null, retry_at = null, failures = 0',
    );
    await settings(0);
  });

  it('derives the network from the address: an IPv4 /24, an IPv6 /48, one for the unreadable', async () => {
    const network = async (headers: Record<string, string>) =>
      (
        await db.query<{ n: string }>('select signwall.client_network($1) as n', [
          JSON.stringify(headers),
        ])
      )[0]!.n;
    expect(await network({ 'x-forwarded-for': '203.0.113.77' })).toBe('203.0.113.0/24');
    expect(await network({ 'x-forwarded-for': '::ffff:203.0.113.7' })).toBe('203.0.113.0/24');
    expect(await network({ 'x-forwarded-for': '2001:db8:1:ff00::1' })).toBe('2001:db8:1::/48');
    // Hosted Supabase: Cloudflare's header wins over what the client wrote.
    expect(
      await network({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '203.0.113.1' }),
    ).toBe('198.51.100.0/24');
    expect(await network({ 'x-forwarded-for': 'not an address' })).toBe('unknown');
    expect(await network({})).toBe('unknown');
  });

  it('reports from one /24 count once towards hiding; another network hides', async () => {
    await settings(2);
    const id = await insert();
    await report('203.0.113.5', id);
    await report('203.0.113.200', id);
    expect(await isHidden(id)).toBe(false);
    // Both are stored and listed.
    const [listed] = (
      await call<{ signature_id: string; report_count: number }>(
        {},
        'select * from public.reported_signatures()',
        [],
        'service_role',
      )
    ).filter((row) => Number(row.signature_id) === id);
    expect(listed!.report_count).toBe(2);
    await report('198.51.100.5', id);
    expect(await isHidden(id)).toBe(true);
  });

  it('reports from one IPv6 /48 count once, from its many /64s', async () => {
    await settings(2);
    const id = await insert();
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:2::1', '2001:db8:7:ffff::9']) {
      await report(address, id);
    }
    expect(await isHidden(id)).toBe(false);
    await report('2001:db8:8::1', id);
    expect(await isHidden(id)).toBe(true);
  });

  it('the same reporters cannot hide again what the owner unhid; new reports are counted and listed', async () => {
    await settings(3);
    const id = await insert();
    const crowd = ['203.0.1.1', '203.0.2.1', '203.0.3.1'];
    for (const address of crowd) await report(address, id, 'offensive');
    expect(await isHidden(id)).toBe(true);

    // The owner unhides it (any way: here SQL, as the owner's PATCH runs it).
    await db.query('update public.signatures set hidden = false where id = $1', [id]);
    for (const address of crowd) await report(address, id, 'offensive', 'again');
    await report('203.0.4.1', id, 'spam');
    expect(await isHidden(id)).toBe(false);
    const [listed] = (
      await call<{ signature_id: string; report_count: number }>(
        {},
        'select * from public.reported_signatures()',
        [],
        'service_role',
      )
    ).filter((row) => Number(row.signature_id) === id);
    expect(listed!.report_count).toBe(4);
    expect((await status()).kept.map(Number)).toContain(id);
    expect((await status()).waiting.map(Number)).not.toContain(id);
    // The owner still can.
    await db.query('update public.signatures set hidden = true where id = $1', [id]);
    expect(await isHidden(id)).toBe(true);
  });

  it('dismissing reports is the same decision: the signature is not hidden by reports again', async () => {
    await settings(2);
    const id = await insert();
    await report('203.0.5.1', id);
    const [dismissed] = await call<{ n: number }>(
      {},
      'select public.dismiss_reports($1) as n',
      [id],
      'service_role',
    );
    expect(dismissed!.n).toBe(1);
    await report('203.0.5.1', id);
    await report('203.0.6.1', id);
    await report('203.0.7.1', id);
    expect(await isHidden(id)).toBe(false);
    // Dismissing a signature that is gone keeps nothing and fails nothing.
    await call({}, 'select public.dismiss_reports($1)', [999_999_999], 'service_role');
  });

  it('24 networks hide at most hides_per_hour signatures; the rest wait, the owner is told, the window slides', async () => {
    await settings(3, 10);
    const ids: number[] = [];
    for (let i = 0; i < 160; i++) ids.push(await insert());
    // Network n reports 20 signatures from one address (its hourly limit), networks 3k, 3k+1 and
    // 3k+2 the same 20: every signature gets 3 networks.
    for (let n = 0; n < 24; n++) {
      for (let k = 0; k < 20; k++) {
        await report(`198.18.${n}.1`, ids[Math.floor(n / 3) * 20 + k]!);
      }
    }
    const hidden = (
      await db.query<{ n: string }>(
        'select count(*) as n from public.signatures where id = any($1) and hidden',
        [ids],
      )
    )[0]!.n;
    expect(Number(hidden)).toBe(10);
    const now = await status();
    expect(now).toMatchObject({ reports_to_hide: 3, hides_per_hour: 10, hidden_last_hour: 10 });
    expect(now.paused).toBe(true);
    expect(now.waiting).toHaveLength(150);
    const oldest = (
      await db.query<{ at: Date }>('select min(hidden_at) as at from signwall.community_hides')
    )[0]!.at;
    expect(new Date(now.resumes_at!).getTime()).toBe(oldest.getTime() + 3_600_000);
    // The queue says which were held.
    const held = await db.query<{ n: string }>(
      'select count(*) as n from signwall.report_notices where held and not hidden',
    );
    expect(Number(held[0]!.n)).toBe(150);

    // An hour later the window has room again: the next report on a waiting one hides it.
    await db.query("update signwall.community_hides set hidden_at = now() - interval '61 minutes'");
    const later = await status();
    expect(later.paused).toBe(false);
    expect(later.hidden_last_hour).toBe(0);
    const waiting = Number(now.waiting[0]);
    await report('198.18.200.1', waiting);
    expect(await isHidden(waiting)).toBe(true);
    expect((await status()).hidden_last_hour).toBe(1);
  });

  it('hides_per_hour 0: reports never hide, they wait for the owner', async () => {
    await settings(1, 0);
    const id = await insert();
    await report('203.0.9.1', id);
    expect(await isHidden(id)).toBe(false);
    expect((await status()).paused).toBe(true);
    expect((await status()).waiting.map(Number)).toContain(id);
  });

  it('last reports racing for the last slots of the hour take exactly the budget', async () => {
    await settings(2, 3);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await insert());
    for (const [i, id] of ids.entries()) await report(`100.64.${i}.1`, id);
    // Twelve second reports at once (four connections at a time on PostgreSQL).
    await Promise.all(ids.map((id, i) => report(`100.65.${i}.1`, id)));
    const hidden = await db.query<{ n: string }>(
      'select count(*) as n from public.signatures where id = any($1) and hidden',
      [ids],
    );
    expect(Number(hidden[0]!.n)).toBe(3);
  });

  it('queues one open row per signature, with the note as stored; a digest is claimed, given back and sent', async () => {
    const a = await insert();
    const b = await insert();
    await report('203.0.10.1', a, 'spam', '\u202Eevil\u202C note [x](https://phish.example)');
    await report('203.0.11.1', a, 'offensive');
    await report('203.0.12.1', b, 'other', 'b');
    const open = await db.query<{
      signature_id: string;
      reports: number;
      spam: number;
      offensive: number;
      report_count: number;
      note: string;
      last_reason: string;
    }>(
      'select signature_id, reports, spam, offensive, report_count, note, last_reason from signwall.report_notices where digest_id is null order by signature_id',
    );
    expect(open.map((row) => ({ ...row, signature_id: Number(row.signature_id) }))).toEqual([
      {
        signature_id: a,
        reports: 2,
        spam: 1,
        offensive: 1,
        report_count: 2,
        note: 'evil note [x](https://phish.example)',
        last_reason: 'offensive',
      },
      {
        signature_id: b,
        reports: 1,
        spam: 0,
        offensive: 0,
        report_count: 1,
        note: 'b',
        last_reason: 'other',
      },
    ]);

    const claim = async (lease = 60_000, gather = 0, gap = 0) =>
      (
        await db.query<{ digest_id: string | null; wait_until: Date | null }>(
          'select * from signwall.claim_report_digest($1, $2, $3)',
          [lease, gather, gap],
        )
      )[0]!;
    // The first report of the burst waits `gather`.
    expect((await claim(60_000, 60_000)).wait_until).not.toBeNull();
    const first = await claim();
    expect(first.digest_id).not.toBeNull();
    // One digest at a time: nothing more while it is under way.
    await report('203.0.13.1', a, 'spam', 'while sending');
    expect(await claim()).toEqual({ digest_id: null, wait_until: null });
    // The post failed: its rows go back, added to what came meanwhile, and the next try waits.
    const [{ retry }] = (await db.query<{ retry: Date }>(
      'select signwall.release_report_digest($1, true) as retry',
      [first.digest_id],
    )) as [{ retry: Date }];
    expect(retry.getTime()).toBeGreaterThan(Date.now() - 1000);
    const merged = await db.query<{ reports: number; note: string }>(
      'select reports, note from signwall.report_notices where signature_id = $1',
      [a],
    );
    expect(merged).toEqual([{ reports: 3, note: 'while sending' }]);
    expect((await claim()).wait_until).not.toBeNull();
    await db.query('update signwall.report_notifier set retry_at = null');
    const second = await claim();
    expect(second.digest_id).not.toBeNull();
    const sum = await db.query<{ n: string }>(
      'select sum(reports) as n from signwall.report_notices where digest_id = $1',
      [second.digest_id],
    );
    expect(Number(sum[0]!.n)).toBe(4);
    await db.query('select signwall.finish_report_digest($1)', [second.digest_id]);
    expect(await db.query('select * from signwall.report_notices')).toEqual([]);
    // The gap after a sent digest.
    await report('203.0.14.1', b);
    const gapped = await claim(60_000, 0, 60_000);
    expect(gapped.digest_id).toBeNull();
    expect(new Date(gapped.wait_until!).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('a digest whose process died is merged back when its lease runs out; deleted signatures keep their notice', async () => {
    const id = await insert();
    await report('203.0.15.1', id);
    const [dead] = await db.query<{ digest_id: string }>(
      'select * from signwall.claim_report_digest(0, 0, 0)',
    );
    expect(dead!.digest_id).not.toBeNull();
    await db.query('delete from public.signatures where id = $1', [id]);
    const [next] = await db.query<{ digest_id: string }>(
      'select * from signwall.claim_report_digest(60000, 0, 0)',
    );
    expect(next!.digest_id).not.toBe(dead!.digest_id);
    const rows = await db.query<{ signature_id: string; reports: number }>(
      'select signature_id, reports from signwall.report_notices where digest_id = $1',
      [next!.digest_id],
    );
    expect(rows.map((row) => [Number(row.signature_id), row.reports])).toEqual([[id, 1]]);
  });

  it('claims at once make one digest, whatever waits', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await insert());
    for (const [i, id] of ids.entries()) await report(`203.0.16.${1 + i}`, id);
    for (let round = 0; round < 5; round++) {
      const claims = await Promise.all(
        [0, 1, 2, 3, 4, 5].map(() =>
          db.query<{ digest_id: string | null }>(
            'select * from signwall.claim_report_digest(60000, 0, 0)',
          ),
        ),
      );
      const made = claims.map(([row]) => row!.digest_id).filter((id) => id !== null);
      expect(made).toHaveLength(1);
      expect(await db.query('select id from signwall.report_digests')).toHaveLength(1);
      const claimed = await db.query<{ n: string }>(
        'select count(*) as n from signwall.report_notices where digest_id = $1',
        [made[0]],
      );
      expect(Number(claimed[0]!.n)).toBe(30);
      await db.query('select signwall.release_report_digest($1, false)', [made[0]]);
    }
  });

  it('visitors and the owner read none of it; only the owner reads the status', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of [
        'signwall.kept_signatures',
        'signwall.community_hides',
        'signwall.report_notices',
        'signwall.report_digests',
        'signwall.report_notifier',
      ]) {
        await expect(call({}, `select * from ${table}`, [], role)).rejects.toMatchObject({
          code: '42501',
        });
      }
      await expect(
        call({}, 'select * from signwall.claim_report_digest(1, 1, 1)', [], role),
      ).rejects.toMatchObject({ code: '42501' });
    }
    for (const role of ['anon', 'authenticated']) {
      await expect(
        call({}, 'select * from public.community_hiding_status()', [], role),
      ).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('running the migration again keeps the settings, the kept signatures and the queue', async () => {
    await settings(4, 7);
    const id = await insert();
    await report('203.0.17.1', id);
    await call({}, 'select public.dismiss_reports($1)', [id], 'service_role');
    await report('203.0.18.1', id);
    await applyVersion(db, VERSION);
    expect(
      await db.query('select reports_to_hide, hides_per_hour from signwall.report_settings'),
    ).toEqual([{ reports_to_hide: 4, hides_per_hour: 7 }]);
    expect((await status()).kept.map(Number)).toContain(id);
    expect(
      await db.query('select reports from signwall.report_notices where signature_id = $1', [id]),
    ).toEqual([{ reports: 2 }]);
  });
});
