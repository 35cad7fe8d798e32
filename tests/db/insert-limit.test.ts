/**
 * The flood limit's SQL (20261123000200_insert_rate_limit.sql) on its own, driven as PostgREST and
 * our server drive it: `request.*` set, then signwall.limit_inserts(), then the insert, in one
 * transaction as the request's role. The API tests cover the whole path; these cover the rules
 * that are easier to reach here: which header names the client, windows that close, pruning, who
 * is never limited, and that the API roles cannot touch the counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSERT_LIMIT_PRE_REQUEST } from '../../server/settings/insert-limit.ts';
import { applyRequestContext } from '../../server/api/request-context.ts';
import { applyVersion, TARGETS, type TestDb } from './support/databases.ts';

const VERSION = '20261123000200';
const LIMIT = 2;

let cell = 0;
/** A small signature in a spot of its own. */
function signature(): string {
  const x = 50 + (cell % 30) * 100;
  const y = 50 + Math.floor(cell++ / 30) * 100;
  return JSON.stringify([
    [
      [x, y],
      [x + 5, y + 5],
    ],
  ]);
}

describe.each(TARGETS)('flood limit SQL on $kind', ({ openMigrated }) => {
  let db: TestDb;

  /** One API request: settings, pre-request, then a save for an anon POST; as `role`. */
  function request(headers: Record<string, string>, method = 'POST', role = 'anon') {
    return db.asAnon(async (query) => {
      if (role !== 'anon') await query(`set local role ${role}`);
      const tx = { query, exec: () => Promise.reject(new Error('not used')) };
      const settings = { method, path: '/signatures', headers: JSON.stringify(headers) };
      await applyRequestContext(tx, settings, INSERT_LIMIT_PRE_REQUEST);
      // service_role has no grants on signatures in this migration set; its pre-request alone
      // is what counts here (had it counted, the commit would keep the count).
      if (method === 'POST' && role === 'anon') {
        await query('insert into public.signatures (signature) values ($1)', [signature()]);
      }
    });
  }
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const counts = () =>
    db.query<{ client: string; saves: number }>(
      'select client, saves from signwall.insert_counts order by client',
    );

  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it('is off by default: nothing is counted', async () => {
    for (let i = 0; i < LIMIT + 1; i++) await request(from('198.51.100.1'));
    expect(await counts()).toEqual([]);
  });

  it('keeps the limit when the migration runs again', async () => {
    await db.query('update signwall.insert_limit set per_minute = $1', [LIMIT]);
    await applyVersion(db, VERSION);
    expect(await db.query('select per_minute from signwall.insert_limit')).toEqual([
      { per_minute: LIMIT },
    ]);
  });

  it('names the client by cf-connecting-ip, else the first x-forwarded-for entry', async () => {
    const key = async (headers: string | null) =>
      (await db.query<{ key: string }>('select signwall.client_key($1) as key', [headers]))[0]!.key;
    expect(await key('{"cf-connecting-ip":"203.0.113.1","x-forwarded-for":"6.6.6.6"}')).toBe(
      '203.0.113.1',
    );
    expect(await key('{"x-forwarded-for":" 198.51.100.1 , 10.0.0.1"}')).toBe('198.51.100.1');
    expect(await key('{"x-forwarded-for":"::ffff:198.51.100.1"}')).toBe('198.51.100.1');
    expect(await key('{"x-forwarded-for":"2001:db8:1:2:3:4:5:6"}')).toBe('2001:db8:1:2::/64');
    for (const unknown of ['{"x-forwarded-for":"nonsense"}', '{}', 'not json', '', null]) {
      expect(await key(unknown)).toBe('unknown');
    }
  });

  it(`refuses save ${LIMIT + 1} of one client with PGRST/PT429, and rolls its count back`, async () => {
    for (let i = 0; i < LIMIT; i++) await request(from('198.51.100.2'));
    const refused = request(from('198.51.100.2'));
    await expect(refused).rejects.toMatchObject({ code: 'PGRST' });
    const error = (await refused.catch((e: unknown) => e)) as { message: string; detail: string };
    expect(JSON.parse(error.message)).toMatchObject({ code: 'PT429' });
    expect(JSON.parse(error.detail)).toMatchObject({
      status: 429,
      headers: { 'Retry-After': expect.stringMatching(/^[1-9][0-9]?$/) },
    });
    expect(await counts()).toContainEqual({ client: '198.51.100.2', saves: LIMIT });
  });

  it('never counts reads, nor saves by the service role', async () => {
    await request(from('198.51.100.2'), 'GET');
    await request(from('198.51.100.2'), 'HEAD');
    await request(from('198.51.100.2'), 'POST', 'service_role');
    expect(await counts()).toContainEqual({ client: '198.51.100.2', saves: LIMIT });
  });

  it('opens a new window once the last one is a minute old', async () => {
    await db.query(
      "update signwall.insert_counts set window_start = now() - interval '61 seconds' where client = '198.51.100.2'",
    );
    await request(from('198.51.100.2'));
    expect(await counts()).toContainEqual({ client: '198.51.100.2', saves: 1 });
  });

  it('prunes closed windows when a new one opens', async () => {
    await db.query(
      `insert into signwall.insert_counts (client, window_start, saves)
       select '192.0.2.' || n, now() - interval '2 minutes', 1 from generate_series(1, 5) n`,
    );
    await request(from('198.51.100.3'));
    const clients = (await counts()).map((row) => row.client);
    expect(clients.filter((client) => client.startsWith('192.0.2.'))).toEqual([]);
    expect(clients).toContain('198.51.100.3');
  });

  it('gives the API roles no way to read or change the limit or the counters', async () => {
    for (const sql of [
      'select * from signwall.insert_counts',
      'delete from signwall.insert_counts',
      'select * from signwall.insert_limit',
      'update signwall.insert_limit set per_minute = 0',
    ]) {
      await expect(db.asAnon((query) => query(sql))).rejects.toMatchObject({ code: '42501' });
    }
  });
});
