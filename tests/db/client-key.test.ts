/**
 * The server's clientKey (server/http/client-key.ts) and the database's signwall.client_key name
 * every client alike, so the socket cap, fair queues and the flood limit all count the same client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../server/http/client-key.ts';
import { TARGETS, type TestDb } from './support/databases.ts';

const ADDRESSES = [
  '203.0.113.7',
  '127.0.0.1',
  '::ffff:203.0.113.7',
  '::ffff:cb00:7107',
  '::1',
  '::',
  '2001:db8:1:2:3:4:5:6',
  '2001:DB8:1:2::1',
  '2001:0:0:1::5',
  '1:0:2:0::1',
  '0:1:0:0::',
  '0:0:0:1::',
  'fe80::fc:ff:fe00:1',
  'fd00::2',
  '::ffff:0:1.2.3.4',
  '2001:db8:abcd:12:ffff:ffff:ffff:ffff',
  'not an address',
];

describe.each(TARGETS)('client keys on $kind', ({ openMigrated }) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await openMigrated();
  });
  afterAll(() => db?.close());

  it.each(ADDRESSES)('%s: the server and the SQL flood limit agree', async (address) => {
    const [row] = await db.query<{ key: string }>('select signwall.client_key($1) as key', [
      JSON.stringify({ 'x-forwarded-for': address }),
    ]);
    expect(clientKey(address)).toBe(row!.key);
  });
});
