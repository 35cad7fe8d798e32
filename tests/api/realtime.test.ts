/**
 * Our server speaks Supabase Realtime. The real supabase-js channel the app uses
 * (`channel().on('postgres_changes', {event: '*', schema: 'public', table: 'signatures'})`), on
 * both wire versions, against the real server on each database: an INSERT for a save (the row as
 * anon reads it: never removal_hash), a DELETE with the id alone for a hide (the owner's CLI), a
 * delete (service key) and remove_my_signature; an unhide is an INSERT; a hidden row never arrives.
 * The exact frames realtime-js relies on are checked with a raw socket.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';
import { TABLE_COLUMNS } from '../support/columns.ts';
import { backends, makeClient, nextSignature, signWith, useServer } from './harness.ts';
import {
  bigSignatureAt,
  joinFrame,
  openRaw,
  subscribeWithSupabase,
  type ChangePayload,
  type Subscription,
  type Vsn,
  waitFor,
} from './realtime-support.ts';

const SERVICE_KEY = 'sk_test_realtime_0123456789abcdefghijklmnopq';
const APP_COLUMNS: readonly string[] = TABLE_COLUMNS;

/** `npm run moderate -- <args>` as the owner runs it, against the server at `url`. */
function moderate(url: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/moderate.mjs', ...args],
      {
        env: { PATH: process.env.PATH ?? '', SUPABASE_URL: url, SERVICE_ROLE_KEY: SERVICE_KEY },
        timeout: 20_000,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

const isInsert = (id: number) => (e: ChangePayload) =>
  e.eventType === 'INSERT' && (e.new as { id?: number }).id === id;
const isDelete = (id: number) => (e: ChangePayload) =>
  e.eventType === 'DELETE' && (e.old as { id?: number }).id === id;

describe.each(backends)('Realtime postgres_changes on $name', (backend) => {
  const ctx = useServer(backend, { app: { serviceRoleKey: SERVICE_KEY } });
  let anon: SupabaseClient;
  let service: SupabaseClient;
  const subscriptions: Partial<Record<Vsn, Subscription>> = {};
  beforeAll(async () => {
    anon = ctx.server.client;
    service = makeClient(ctx.server.url, SERVICE_KEY);
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      subscriptions[vsn] = await subscribeWithSupabase(ctx.server.url, ctx.server.anonKey, { vsn });
    }
  });
  afterAll(async () => {
    for (const subscription of Object.values(subscriptions)) await subscription.close();
  });

  describe.each(['1.0.0', '2.0.0'] as const)('vsn %s', (vsn) => {
    const events = () => subscriptions[vsn]!;

    it('a save arrives as an INSERT carrying the row as anon reads it, never removal_hash', async () => {
      const secret = randomBytes(16).toString('hex');
      const removal_hash = createHash('sha256').update(secret).digest('hex');
      const { data: saved } = await anon
        .from('signatures')
        .insert({ signature: nextSignature(), caption: 'live', removal_hash })
        .select('*')
        .single();
      const row = saved as unknown as Record<string, unknown>;
      const event = await events().next('the INSERT', isInsert(row.id as number));
      expect(event).toMatchObject({ schema: 'public', table: 'signatures', errors: null });
      expect(Object.keys(event.new).sort()).toEqual([...APP_COLUMNS].sort());
      // The same values the data API answers (types converted by realtime-js from `columns`).
      expect(event.new).toEqual(row);
      expect(JSON.stringify(event)).not.toContain(removal_hash);
      expect(new Date(event.commit_timestamp).getTime()).not.toBeNaN();
    });

    it('a large signature (~54 KB, sent as fragments of one message) arrives whole', async () => {
      const signature = bigSignatureAt(vsn === '1.0.0' ? 0 : 1);
      const { data } = await anon
        .from('signatures')
        .insert({ signature, caption: 'großes Ünicode ✓' })
        .select('id')
        .single();
      const id = (data as { id: number }).id;
      const event = await events().next('the INSERT', isInsert(id));
      expect(event.new).toMatchObject({ id, signature, caption: 'großes Ünicode ✓' });
    });

    it('a hide by the owner (CLI, service key) is a DELETE with the id alone; an unhide an INSERT', async () => {
      const id = await signWith(anon);
      await events().next('the INSERT', isInsert(id));
      await moderate(ctx.server.url, ['hide', String(id)]);
      const hidden = await events().next('the DELETE', isDelete(id));
      expect(hidden.old).toEqual({ id });
      expect(hidden.new).toEqual({});
      await moderate(ctx.server.url, ['unhide', String(id)]);
      const inserts = await waitFor('the INSERT of the unhide', () => {
        const found = events().events.filter(isInsert(id));
        return found.length === 2 && found;
      });
      expect(inserts[1]!.new).toMatchObject({ id, hidden: false });
      expect(events().events.indexOf(inserts[1]!)).toBeGreaterThan(events().events.indexOf(hidden));
    });

    it('a delete with the service key and remove_my_signature are DELETEs', async () => {
      const deleted = await signWith(anon);
      const { error } = await service.from('signatures').delete().eq('id', deleted);
      expect(error).toBeNull();
      expect((await events().next('the DELETE', isDelete(deleted))).old).toEqual({ id: deleted });

      const secret = randomBytes(16).toString('hex');
      const removal_hash = createHash('sha256').update(secret).digest('hex');
      const mine = await signWith(anon, { removal_hash });
      const removed = await anon.rpc('remove_my_signature', { signature_id: mine, secret });
      expect(removed.error).toBeNull();
      expect((await events().next('the DELETE', isDelete(mine))).old).toEqual({ id: mine });
    });

    it('a row saved hidden never arrives, nor does any hidden row after its hide', async () => {
      const { data } = await service
        .from('signatures')
        .insert({ signature: nextSignature(), hidden: true })
        .select('id')
        .single();
      const hiddenId = (data as { id: number }).id;
      // Changes arrive in order: once a later save is here, the hidden one would have been too.
      const later = await signWith(anon);
      await events().next('the later INSERT', isInsert(later));
      expect(events().events.filter((e) => (e.new as { id?: number }).id === hiddenId)).toEqual([]);
      for (const event of events().events) {
        if (event.eventType === 'INSERT')
          expect((event.new as { hidden: boolean }).hidden).toBe(false);
        expect((event.new as { removal_hash?: unknown }).removal_hash ?? null).toBeNull();
      }
    });
  });

  it('hears a change committed right after listenChanges has resolved', async () => {
    const config = ctx.target.config;
    // On PostgreSQL: a handle of its own (its own LISTEN connection), and a writer already
    // connected, whose insert commits within a round trip; PGlite has one opener, the server.
    const db =
      'databaseUrl' in config ? await openDatabase(config, { migrate: false }) : ctx.server.db;
    const writer =
      'databaseUrl' in config ? new pg.Client({ connectionString: config.databaseUrl }) : undefined;
    await writer?.connect();
    const insert = `insert into public.signatures (signature) values ($1) returning id::int as id`;
    const heard: { id: number; type: string }[] = [];
    const stop = await db.listenChanges!((payload) => heard.push(JSON.parse(payload)));
    try {
      const id = writer
        ? (await writer.query<{ id: number }>(insert, [nextSignature()])).rows[0]!.id
        : (await db.transaction((tx) => tx.query<{ id: number }>(insert, [nextSignature()])))[0]!
            .id;
      expect(await waitFor('the announcement', () => heard.find((h) => h.id === id))).toEqual({
        id,
        type: 'INSERT',
      });
    } finally {
      stop();
      await writer?.end();
      if (db !== ctx.server.db) await db.close();
    }
  });

  it('a row hidden before the server reads it is not sent: rows are read as anon reads them', async () => {
    // Saved and hidden in one transaction: both announcements arrive together, after the commit,
    // when anon can no longer read the row. Only its DELETE may reach visitors.
    const id = await ctx.server.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `insert into public.signatures (signature) values ($1) returning id::int as id`,
        [nextSignature()],
      );
      await tx.query(`update public.signatures set hidden = true where id = $1`, [row!.id]);
      return row!.id;
    });
    const later = await signWith(anon);
    for (const subscription of Object.values(subscriptions)) {
      await subscription.next('the later INSERT', isInsert(later));
      expect(subscription.events.filter(isInsert(id))).toEqual([]);
    }
  });

  it('answers a join, the system message and heartbeats with the frames realtime-js expects (v1 and v2)', async () => {
    const key = ctx.server.anonKey;
    const v2 = await openRaw(ctx.server.url, { apikey: key, vsn: '2.0.0' });
    v2.send(joinFrame('frames', '1'));
    expect(await v2.next('the reply', (f) => (f as unknown[])[3] === 'phx_reply')).toEqual([
      '1',
      '1',
      'realtime:frames',
      'phx_reply',
      {
        status: 'ok',
        response: {
          postgres_changes: [
            { id: expect.any(Number), event: '*', schema: 'public', table: 'signatures' },
          ],
        },
      },
    ]);
    expect(await v2.next('the system message', (f) => (f as unknown[])[3] === 'system')).toEqual([
      '1',
      null,
      'realtime:frames',
      'system',
      {
        channel: 'frames',
        extension: 'postgres_changes',
        message: 'Subscribed to PostgreSQL',
        status: 'ok',
      },
    ]);
    v2.send([null, '2', 'phoenix', 'heartbeat', {}]);
    expect(await v2.next('the heartbeat reply', (f) => (f as unknown[])[1] === '2')).toEqual([
      null,
      '2',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    v2.ws.close();

    const v1 = await openRaw(ctx.server.url, { apikey: key, vsn: '1.0.0' });
    v1.send({
      topic: 'realtime:frames',
      event: 'phx_join',
      payload: {
        config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'signatures' }] },
        access_token: key,
      },
      ref: '1',
      join_ref: '1',
    });
    expect(
      await v1.next('the reply', (f) => (f as { event: string }).event === 'phx_reply'),
    ).toEqual({
      topic: 'realtime:frames',
      event: 'phx_reply',
      payload: {
        status: 'ok',
        response: {
          postgres_changes: [
            { id: expect.any(Number), event: 'INSERT', schema: 'public', table: 'signatures' },
          ],
        },
      },
      ref: '1',
      join_ref: '1',
    });
    const id = await signWith(anon);
    const change = (await v1.next(
      'the change',
      (f) => (f as { event: string }).event === 'postgres_changes',
    )) as {
      payload: { ids: number[]; data: Record<string, unknown> };
      join_ref: string;
    };
    expect(change.join_ref).toBeNull();
    expect(change.payload.ids).toEqual([
      (v1.frames[0] as { payload: { response: { postgres_changes: { id: number }[] } } }).payload
        .response.postgres_changes[0]!.id,
    ]);
    expect(change.payload.data).toMatchObject({
      schema: 'public',
      table: 'signatures',
      type: 'INSERT',
      record: { id, hidden: false },
      old_record: {},
      errors: null,
    });
    expect((change.payload.data.columns as { name: string }[]).map((c) => c.name)).toEqual(
      APP_COLUMNS,
    );
    v1.send({ topic: 'realtime:frames', event: 'phx_leave', payload: {}, ref: '3', join_ref: '1' });
    expect(
      await v1.next(
        'the leave reply',
        (f) => (f as { ref: string }).ref === '3' && (f as { event: string }).event === 'phx_reply',
      ),
    ).toMatchObject({ payload: { status: 'ok' } });
    v1.ws.close();
  });

  it('refuses a join for another table, a filter, a private channel or a wrong token, with a phx_reply error', async () => {
    const raw = await openRaw(ctx.server.url, { apikey: ctx.server.anonKey, vsn: '2.0.0' });
    const refusals: unknown[][] = [
      joinFrame('a', '1', [{ event: '*', schema: 'signwall', table: 'reports' }]),
      joinFrame('b', '2', [{ event: '*', schema: 'public', table: 'other' }]),
      joinFrame('c', '3', [
        { event: '*', schema: 'public', table: 'signatures', filter: 'id=eq.1' },
      ]),
      ['4', '4', 'realtime:d', 'phx_join', { config: { private: true, postgres_changes: [] } }],
      ['5', '5', 'realtime:e', 'phx_join', { config: {}, access_token: 'not-a-key' }],
    ];
    for (const frame of refusals) {
      raw.send(frame);
      const reply = (await raw.next(
        'the reply',
        (f) => (f as unknown[])[1] === frame[1],
      )) as unknown[];
      expect(reply[3]).toBe('phx_reply');
      expect(reply[4]).toMatchObject({
        status: 'error',
        response: { reason: expect.stringMatching(/^[A-Za-z]+: /) },
      });
    }
    // And the socket still serves a good join.
    raw.send(joinFrame('good', '6'));
    expect(await raw.next('the good reply', (f) => (f as unknown[])[1] === '6')).toMatchObject([
      '6',
      '6',
      'realtime:good',
      'phx_reply',
      { status: 'ok' },
    ]);
    raw.ws.close();
  });
});
