/**
 * Hosted Supabase's route for hides: where the `realtime` schema exists, the migration
 * adds a trigger that sends each hide and unhide with `realtime.send(payload, event, topic, false)`
 * on the public broadcast topic 'signwall:changes', and puts the table in the supabase_realtime
 * publication. Here a database is given a stand-in `realtime.send` with Supabase's signature (it
 * records its calls) and that publication before the migrations run; a database without them gets
 * neither (the other API tests run there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  backends,
  makeClient,
  signWith,
  startServer,
  type Target,
  type TestServer,
} from './harness.ts';

const SERVICE_KEY = 'sk_test_realtime_hosted_0123456789abcdefghij';

/** What Supabase provides before any migration: realtime.send and the publication. */
const HOSTED_REALTIME = `
create schema realtime;
create table realtime.sent (payload jsonb, event text, topic text, private boolean);
create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language sql as $$ insert into realtime.sent values (payload, event, topic, private) $$;
create publication supabase_realtime;
`;

describe.each(backends)('hosted Supabase route for hides on $name', (backend) => {
  let target: Target;
  let server: TestServer;
  beforeAll(async () => {
    target = await backend.createTarget({ empty: true });
    await asOwner(target, HOSTED_REALTIME);
    server = await startServer(target, { app: { serviceRoleKey: SERVICE_KEY } });
  });
  afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  it('sends each hide and unhide on the public topic signwall:changes, and nothing else', async () => {
    const service = makeClient(server.url, SERVICE_KEY);
    const id = await signWith(server.client);
    for (const hidden of [true, false]) {
      const { error } = await service.from('signatures').update({ hidden }).eq('id', id);
      expect(error).toBeNull();
    }
    const sent = await server.db.transaction((tx) =>
      tx.query('select payload, event, topic, private from realtime.sent'),
    );
    expect(sent).toEqual([
      { payload: { id }, event: 'hide', topic: 'signwall:changes', private: false },
      { payload: { id }, event: 'unhide', topic: 'signwall:changes', private: false },
    ]);
  });

  it('puts public.signatures in the supabase_realtime publication', async () => {
    const tables = await server.db.transaction((tx) =>
      tx.query(
        `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
      ),
    );
    expect(tables).toEqual([{ schemaname: 'public', tablename: 'signatures' }]);
  });
});
