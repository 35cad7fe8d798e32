/**
 * The reports migration (20261125000000) at the SQL level, driven as PostgREST and our server drive
 * it: `request.*` set, then the function, in one transaction as the request's role. Reporting once,
 * twice, too often, of what is not there; what anon can never read; community hiding at N distinct
 * networks (report-budget.test.ts has the rest of it); unhiding clearing reports; removing one's own
 * signature with its secret, in time.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRequestContext } from '../../server/api/request-context.ts';
import { INSERT_LIMIT_PRE_REQUEST } from '../../server/settings/insert-limit.ts';
import { REMOVAL_WINDOW_MS } from '../../src/domain/removal.ts';
import { MAX_REPORT_NOTE_LENGTH, REPORT_REASONS } from '../../src/domain/reports.ts';
import { signatureAt } from '../support/grid.ts';
import { applyVersion, TARGETS, type TestDb } from './support/databases.ts';

const VERSION = '20261125000000';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let cell = 0;

describe.each(TARGETS)('reports SQL on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  async function insert(removalHash: string | null = null): Promise<number> {
    const [row] = await db.query<{ id: string }>(
      'insert into public.signatures (signature, removal_hash) values ($1, $2) returning id',
      [signatureAt(cell++), removalHash],
    );
    return Number(row!.id);
  }

  /** One API request from `address`, as `role`: settings, then the statement. */
  function call<T>(address: string, sql: string, params: unknown[], role = 'anon'): Promise<T[]> {
    return db.asAnon(async (query) => {
      if (role !== 'anon') await query(`set local role ${role}`);
      const tx = { query, exec: () => Promise.reject(new Error('not used')) };
      const headers = JSON.stringify({ 'x-forwarded-for': address });
      await applyRequestContext(tx, { method: 'POST', path: '/rpc/x', headers });
      return query<T>(sql, params);
    });
  }
  const report = (address: string, id: number, reason = 'spam', note: string | null = null) =>
    call(address, 'select public.report_signature($1, $2, $3)', [id, reason, note]);
  const remove = (id: number, secret: string | null) =>
    call('198.51.100.1', 'select public.remove_my_signature($1, $2)', [id, secret]);
  const reportCount = async (id: number) =>
    Number(
      (
        await db.query<{ n: string }>(
          'select count(*) as n from signwall.reports where signature_id = $1',
          [id],
        )
      )[0]!.n,
    );
  const isHidden = async (id: number) =>
    (
      await db.query<{ hidden: boolean }>('select hidden from public.signatures where id = $1', [
        id,
      ])
    )[0]?.hidden;

  it('stores one report per signature and address, as a salted hash, never the address', async () => {
    const id = await insert();
    await report('203.0.113.5', id, 'offensive', '  a note  ');
    await expect(report('203.0.113.5', id)).rejects.toMatchObject({
      code: 'PT409',
      message: 'already reported',
    });
    await report('203.0.113.6', id);
    const rows = await db.query<{ client_hash: string; note: string | null }>(
      'select client_hash, note from signwall.reports where signature_id = $1 order by id',
      [id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.note).toBe('a note');
    for (const row of rows) {
      expect(row.client_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.client_hash).not.toBe(sha256('203.0.113.5'));
    }
  });

  it('refuses a missing or hidden signature (PT404), a bad reason or long note (22023)', async () => {
    await expect(report('203.0.113.7', 999_999_999)).rejects.toMatchObject({ code: 'PT404' });
    const hidden = await insert();
    await db.query('update public.signatures set hidden = true where id = $1', [hidden]);
    await expect(report('203.0.113.7', hidden)).rejects.toMatchObject({ code: 'PT404' });
    const id = await insert();
    for (const [reason, note] of [
      ['nasty', null],
      [null, null],
      ['other', 'x'.repeat(201)],
      ['other', 'x'.repeat(100_000)],
    ] as const) {
      await expect(
        call('203.0.113.7', 'select public.report_signature($1, $2, $3)', [id, reason, note]),
      ).rejects.toMatchObject({ code: '22023' });
    }
    expect(await reportCount(id)).toBe(0);
  });

  it('the 21st report from one address within an hour is PT429; older ones do not count', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push(await insert());
    for (const id of ids.slice(0, 20)) await report('203.0.113.20', id);
    await expect(report('203.0.113.20', ids[20]!)).rejects.toMatchObject({ code: 'PT429' });
    await report('203.0.113.21', ids[20]!);
    // An hour later the window has moved on.
    const hash = (
      await db.query<{ client_hash: string }>(
        'select client_hash from signwall.reports where signature_id = $1',
        [ids[0]],
      )
    )[0]!.client_hash;
    await db.query(
      "update signwall.reports set created_at = now() - interval '61 minutes' where client_hash = $1",
      [hash],
    );
    await report('203.0.113.20', ids[21]!);
  });

  it('anon and service_role cannot read reports, the salt or removal hashes; anon may send one, never read it', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      for (const table of [
        'signwall.reports',
        'signwall.report_salt',
        'signwall.report_settings',
        'signwall.removal_hashes',
      ]) {
        await expect(call('1.1.1.1', `select * from ${table}`, [], role)).rejects.toMatchObject({
          code: '42501',
        });
      }
    }
    // Every column reads (the spec's select=*), and the hash sent with a row never stays in it.
    const [sent] = await call<{ id: string; removal_hash: string | null }>(
      '1.1.1.1',
      'insert into public.signatures (signature, removal_hash) values ($1, $2) returning id, removal_hash',
      [signatureAt(cell++), sha256('secret')],
    );
    expect(sent!.removal_hash).toBeNull();
    const everything = await call<Record<string, unknown>>(
      '1.1.1.1',
      'select * from public.signatures where id = $1',
      [sent!.id],
    );
    expect(everything).toEqual([expect.objectContaining({ id: sent!.id, removal_hash: null })]);
    expect(JSON.stringify(everything)).not.toContain(sha256('secret'));
    const [kept] = await db.query<{ hash: string }>(
      'select hash from signwall.removal_hashes where signature_id = $1',
      [sent!.id],
    );
    expect(kept!.hash).toBe(sha256('secret'));
    // Nothing can put a hash into the row itself, not even the owner.
    await expect(
      db.query('update public.signatures set removal_hash = $1 where id = $2', [
        sha256('x'),
        sent!.id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      call('1.1.1.1', 'insert into public.signatures (signature, removal_hash) values ($1, $2)', [
        signatureAt(cell++),
        'ABC',
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('only service_role may list and dismiss reports', async () => {
    for (const sql of [
      'select * from public.reported_signatures()',
      'select public.dismiss_reports(1)',
    ]) {
      for (const role of ['anon', 'authenticated']) {
        await expect(call('1.1.1.1', sql, [], role)).rejects.toMatchObject({ code: '42501' });
      }
    }
    const id = await insert();
    await report('203.0.113.30', id, 'other', 'older');
    await report('203.0.113.31', id, 'spam', 'newer');
    const [row] = (
      await call<{ signature_id: string; report_count: number; reports: { note: string }[] }>(
        '1.1.1.1',
        'select * from public.reported_signatures()',
        [],
        'service_role',
      )
    ).filter((r) => Number(r.signature_id) === id);
    expect(row!.report_count).toBe(2);
    expect(row!.reports.map((r) => r.note)).toEqual(['newer', 'older']);
    const [dismissed] = await call<{ n: number }>(
      '1.1.1.1',
      'select public.dismiss_reports($1) as n',
      [id],
      'service_role',
    );
    expect(dismissed!.n).toBe(2);
    expect(await reportCount(id)).toBe(0);
  });

  it('REPORTS_TO_HIDE hides at N distinct networks, in the reporting transaction; unhide clears', async () => {
    await db.query('update signwall.report_settings set reports_to_hide = 3');
    try {
      const id = await insert();
      await report('203.0.40.1', id);
      await report('203.0.41.1', id);
      expect(await isHidden(id)).toBe(false);
      await report('203.0.42.1', id);
      expect(await isHidden(id)).toBe(true);
      await expect(report('203.0.43.1', id)).rejects.toMatchObject({ code: 'PT404' });
      await db.query('update public.signatures set hidden = false where id = $1', [id]);
      expect(await reportCount(id)).toBe(0);
      // Hiding (not unhiding) keeps them.
      await report('203.0.40.1', id);
      await db.query('update public.signatures set hidden = true where id = $1', [id]);
      expect(await reportCount(id)).toBe(1);
    } finally {
      await db.query('update signwall.report_settings set reports_to_hide = 0');
    }
  });

  it('0 hides nothing, whatever the count', async () => {
    const id = await insert();
    for (let i = 0; i < 5; i++) await report(`203.0.113.${50 + i}`, id);
    expect(await isHidden(id)).toBe(false);
  });

  // The card offers what src/domain allows; the database must take exactly that, so a change on
  // one side alone fails here.
  it("takes every reason, note length and removal age the card's rules allow, and no more", async () => {
    const id = await insert();
    for (const [i, value] of REPORT_REASONS.entries()) {
      await report(`203.0.113.${100 + i}`, id, value, 'x'.repeat(MAX_REPORT_NOTE_LENGTH));
    }
    expect(await reportCount(id)).toBe(REPORT_REASONS.length);
    await expect(
      report('203.0.113.99', id, 'other', 'x'.repeat(MAX_REPORT_NOTE_LENGTH + 1)),
    ).rejects.toMatchObject({ code: '22023' });

    const age = (id: number, ms: number) =>
      db.query(
        "update public.signatures set created_at = now() - $2 * interval '1 millisecond' where id = $1",
        [id, ms],
      );
    const inTime = await insert(sha256('in time'));
    await age(inTime, REMOVAL_WINDOW_MS - 60_000);
    await remove(inTime, 'in time');
    const late = await insert(sha256('late'));
    await age(late, REMOVAL_WINDOW_MS + 1_000);
    await expect(remove(late, 'late')).rejects.toMatchObject({ message: 'too late' });
  });

  it('remove_my_signature: the right secret deletes, a wrong one is PT403, late is PT403 too late', async () => {
    const id = await insert(sha256('right'));
    await expect(remove(id, 'wrong')).rejects.toMatchObject({
      code: 'PT403',
      message: 'wrong secret',
    });
    await expect(remove(id, null)).rejects.toMatchObject({ code: 'PT403' });
    await remove(id, 'right');
    expect(await db.query('select id from public.signatures where id = $1', [id])).toEqual([]);
    await expect(remove(id, 'right')).rejects.toMatchObject({ code: 'PT404' });

    const old = await insert(sha256('old'));
    await db.query(
      "update public.signatures set created_at = now() - interval '10 minutes' where id = $1",
      [old],
    );
    await expect(remove(old, 'old')).rejects.toMatchObject({ code: 'PT403', message: 'too late' });
    // Only the secret's holder learns it is too late.
    await expect(remove(old, 'other')).rejects.toMatchObject({ message: 'wrong secret' });

    const hidden = await insert(sha256('hidden'));
    await db.query('update public.signatures set hidden = true where id = $1', [hidden]);
    await expect(remove(hidden, 'hidden')).rejects.toMatchObject({ code: 'PT404' });
    const unhashed = await insert();
    await expect(remove(unhashed, '')).rejects.toMatchObject({ code: 'PT403' });
    await expect(
      call('1.1.1.1', 'select public.remove_my_signature($1, $2)', [unhashed, 'x'], 'service_role'),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('the flood limit of saves does not count function calls', async () => {
    await db.query('update signwall.insert_limit set per_minute = 1');
    try {
      const ids = [await insert(), await insert()];
      for (const id of ids) {
        await db.asAnon(async (query) => {
          const tx = { query, exec: () => Promise.reject(new Error('not used')) };
          const headers = JSON.stringify({ 'x-forwarded-for': '203.0.113.90' });
          const settings = { method: 'POST', path: '/rpc/report_signature', headers };
          await applyRequestContext(tx, settings, INSERT_LIMIT_PRE_REQUEST);
          await query('select public.report_signature($1, $2)', [id, 'spam']);
        });
      }
      expect(await db.query('select * from signwall.insert_counts')).toEqual([]);
    } finally {
      await db.query('update signwall.insert_limit set per_minute = 0');
    }
  });

  it('deleting a signature deletes its reports', async () => {
    const id = await insert();
    await report('203.0.113.60', id);
    await db.query('delete from public.signatures where id = $1', [id]);
    expect(await reportCount(id)).toBe(0);
  });

  it('running the migration again keeps the salt, the setting and the reports', async () => {
    const salt = await db.query('select salt from signwall.report_salt');
    await db.query('update signwall.report_settings set reports_to_hide = 7');
    const id = await insert();
    await report('203.0.113.70', id);
    await applyVersion(db, VERSION);
    expect(await db.query('select salt from signwall.report_salt')).toEqual(salt);
    expect(await db.query('select reports_to_hide from signwall.report_settings')).toEqual([
      { reports_to_hide: 7 },
    ]);
    expect(await reportCount(id)).toBe(1);
    await db.query('update signwall.report_settings set reports_to_hide = 0');
    await expect(report('203.0.113.70', id)).rejects.toMatchObject({ code: 'PT409' });
  });
});
