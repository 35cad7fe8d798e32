/**
 * PostgREST's request context as the server sets it (server/api/request-context.ts): the
 * `request.*` settings live for the request's transaction only, and the pre-request function runs
 * after them, as the request's role, and can end the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRequestContext } from '../../server/api/request-context.ts';
import type { Tx } from '../../server/db/types.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

const settings = {
  method: 'GET',
  path: '/signatures',
  headers: '{"x-forwarded-for":"1.2.3.4","prefer":"it\'s \\\\ \\"quoted\\""}',
};

describe.each(TARGETS)('request context on $kind', ({ open }) => {
  let db: TestDb;
  /** A transaction as anon, as the server runs a request. */
  const asRequest = <T>(fn: (tx: Tx) => Promise<T>) =>
    db.asAnon((query) => fn({ query, exec: () => Promise.reject(new Error('not used')) }));

  beforeAll(async () => {
    db = await open();
    await db.exec(`
      create schema pre;
      grant usage on schema pre to anon;
      create function pre.refuse() returns void language plpgsql as $$
      begin
        raise exception '% % % as %', current_setting('request.method'),
          current_setting('request.path'),
          current_setting('request.headers')::json ->> 'x-forwarded-for', current_user;
      end $$;
      grant execute on function pre.refuse() to anon;`);
  });
  afterAll(() => db?.close());

  it('sets request.method, request.path and request.headers, byte for byte', async () => {
    const seen = await asRequest(async (tx) => {
      await applyRequestContext(tx, settings);
      return tx.query(
        `select current_setting('request.method') as method,
                current_setting('request.path') as path,
                current_setting('request.headers') as headers`,
      );
    });
    expect(seen).toEqual([settings]);
  });

  it('keeps them to the transaction', async () => {
    await asRequest((tx) => applyRequestContext(tx, settings));
    const after = await asRequest((tx) =>
      tx.query("select nullif(current_setting('request.path', true), '') as path"),
    );
    expect(after).toEqual([{ path: null }]);
  });

  it('calls the pre-request function after them, as the request role; its error ends the request', async () => {
    await expect(
      asRequest((tx) => applyRequestContext(tx, settings, 'pre.refuse')),
    ).rejects.toMatchObject({ message: 'GET /signatures 1.2.3.4 as anon' });
  });
});
