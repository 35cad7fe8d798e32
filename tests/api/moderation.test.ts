/**
 * Moderation through the API, with real supabase-js clients: one with the anon key, one
 * with the service key (SERVICE_ROLE_KEY). Visitors cannot hide, unhide, delete or insert hidden
 * rows and never read hidden ones, not even from the read cache; the service key can do each; a
 * hidden signature's spot is free; unhiding into a taken spot is refused. Nothing logs a key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { spawnServer } from '../support/server-process.ts';
import { copyFreshPgliteData } from '../support/pglite-template.ts';
import { ANON_KEY, backends, makeClient, nextSignature, useServer } from './harness.ts';

const SERVICE_KEY = 'sk_test_moderation_0123456789abcdefghijklmnop';
const WALL = `/rest/v1/signatures?select=*&order=created_at.asc,id.asc`;

interface Row {
  id: number;
  signature: string;
  caption: string | null;
  created_at: string;
  hidden: boolean;
}

/**
 * A diagonal stroke from (x, y), `size` long on each axis. Used below y = 2000, where
 * nextSignature's grid cells (100 px apart from y = 50) do not reach in this file.
 */
function squareAt(x: number, y: number, size = 100): string {
  return JSON.stringify([
    [
      [x, y],
      [x + size, y + size],
    ],
  ]);
}

describe.each(backends)('moderation on $name', (backend) => {
  let logText = '';
  const ctx = useServer(backend, {
    app: {
      serviceRoleKey: SERVICE_KEY,
      logRequests: true,
      logger: createLogger('info', { write: (line: string) => void (logText += line) }),
    },
  });
  let anon: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(() => {
    anon = ctx.server.client;
    service = makeClient(ctx.server.url, SERVICE_KEY);
  });

  async function addVisible(signature = nextSignature()): Promise<Row> {
    const { data, error, status } = await anon.from('signatures').insert({ signature }).select('*');
    expect(error).toBeNull();
    expect(status).toBe(201);
    return (data as Row[])[0]!;
  }

  async function rowAsOwner(id: number): Promise<Row | undefined> {
    const { data, error } = await service.from('signatures').select('*').eq('id', id);
    expect(error).toBeNull();
    return (data as Row[])[0];
  }

  async function anonIds(): Promise<number[]> {
    const res = await ctx.server.fetch(WALL);
    expect(res.status).toBe(200);
    return ((await res.json()) as Row[]).map((row) => row.id);
  }

  describe('anon', () => {
    it('cannot hide, unhide or delete (401 42501, as PostgREST answers anon) and changes nothing', async () => {
      const row = await addVisible();
      const hidden = await service
        .from('signatures')
        .insert({ signature: nextSignature(), hidden: true })
        .select('*');
      const hiddenRow = (hidden.data as Row[])[0]!;
      const attempts = [
        anon.from('signatures').update({ hidden: true }).eq('id', row.id),
        anon.from('signatures').update({ hidden: true }).in('id', [row.id]),
        anon.from('signatures').update({ hidden: false }).eq('id', hiddenRow.id),
        anon.from('signatures').delete().eq('id', row.id),
        anon.from('signatures').delete().in('id', [row.id, hiddenRow.id]),
      ];
      for (const attempt of attempts) {
        const { status, error } = await attempt;
        expect(status).toBe(401);
        expect(error).toMatchObject({
          code: '42501',
          message: 'permission denied for table signatures',
        });
      }
      expect(await rowAsOwner(row.id)).toEqual(row);
      expect(await rowAsOwner(hiddenRow.id)).toMatchObject({ hidden: true });
    });

    it('cannot insert a hidden row, nor even one that says hidden: false', async () => {
      const before = await anonIds();
      for (const hidden of [true, false]) {
        const { status, error } = await anon
          .from('signatures')
          .insert({ signature: nextSignature(), hidden });
        expect(status).toBe(401);
        expect(error).toMatchObject({ code: '42501' });
      }
      expect(await anonIds()).toEqual(before);
    });

    it('never reads a hidden row, whatever it asks for', async () => {
      const { data } = await service
        .from('signatures')
        .insert({ signature: nextSignature(), hidden: true })
        .select('*');
      const id = (data as Row[])[0]!.id;
      for (const query of [
        anon.from('signatures').select('*').eq('id', id),
        anon.from('signatures').select('*').eq('hidden', true),
        anon.from('signatures').select('*').in('id', [id]),
      ]) {
        const { data: rows, error } = await query;
        expect(error).toBeNull();
        expect(rows).toEqual([]);
      }
      const counted = await anon.from('signatures').select('id', { count: 'exact', head: true });
      const all = await service.from('signatures').select('id', { count: 'exact', head: true });
      expect(counted.count).toBeLessThan(all.count!);
    });
  });

  describe('the service key', () => {
    it('inserts a hidden row, hides, unhides and deletes, with return=representation', async () => {
      const inserted = await service
        .from('signatures')
        .insert({ signature: nextSignature(), hidden: true })
        .select('*');
      expect(inserted.status).toBe(201);
      const a = (inserted.data as Row[])[0]!;
      expect(a.hidden).toBe(true);
      const b = await addVisible();
      const c = await addVisible();

      const hid = await service
        .from('signatures')
        .update({ hidden: true })
        .in('id', [b.id, c.id])
        .select('id,hidden');
      expect(hid.status).toBe(200);
      expect(hid.data).toEqual([
        { id: b.id, hidden: true },
        { id: c.id, hidden: true },
      ]);
      expect(await anonIds()).not.toContain(b.id);

      const unhid = await service
        .from('signatures')
        .update({ hidden: false })
        .in('id', [a.id, b.id])
        .select('id,hidden');
      expect(unhid.status).toBe(200);
      expect(unhid.data).toEqual([
        { id: a.id, hidden: false },
        { id: b.id, hidden: false },
      ]);
      expect(await anonIds()).toEqual(expect.arrayContaining([a.id, b.id]));

      const deleted = await service.from('signatures').delete().eq('id', c.id).select('id');
      expect(deleted.status).toBe(200);
      expect(deleted.data).toEqual([{ id: c.id }]);
      const minimal = await service.from('signatures').delete().in('id', [a.id]);
      expect(minimal.status).toBe(204);
      expect(await rowAsOwner(a.id)).toBeUndefined();
      expect(await rowAsOwner(c.id)).toBeUndefined();
    });

    it('hides a time window at once (created_at=gte.X&created_at=lt.Y)', async () => {
      const rows: Row[] = [];
      for (let i = 0; i < 3; i++) rows.push(await addVisible());
      const { data, error, count } = await service
        .from('signatures')
        .update({ hidden: true }, { count: 'exact' })
        .gte('created_at', rows[0]!.created_at)
        .lt('created_at', rows[2]!.created_at)
        .select('id');
      expect(error).toBeNull();
      expect(count).toBe(2);
      expect(data).toEqual([{ id: rows[0]!.id }, { id: rows[1]!.id }]);
      const visible = await anonIds();
      expect(visible).toContain(rows[2]!.id);
      expect(visible).not.toContain(rows[0]!.id);
      expect(visible).not.toContain(rows[1]!.id);
    });

    it('may change only `hidden`: any other column is 403 42501 (it is not anon)', async () => {
      const row = await addVisible();
      for (const change of [{ caption: 'rewritten' }, { signature: nextSignature() }]) {
        const { status, error } = await service.from('signatures').update(change).eq('id', row.id);
        expect(status).toBe(403);
        expect(error).toMatchObject({ code: '42501' });
      }
      expect(await rowAsOwner(row.id)).toEqual(row);
    });

    it('cannot change or delete the whole table by leaving out the filter (400 21000)', async () => {
      const before = await service.from('signatures').select('id,hidden').order('id');
      const res = await fetch(`${ctx.server.url}/rest/v1/signatures`, {
        method: 'DELETE',
        headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: '21000',
        message: 'DELETE requires a WHERE clause',
      });
      const patch = await fetch(`${ctx.server.url}/rest/v1/signatures`, {
        method: 'PATCH',
        headers: { apikey: SERVICE_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ hidden: true }),
      });
      expect(patch.status).toBe(400);
      expect(await patch.json()).toMatchObject({
        code: '21000',
        message: 'UPDATE requires a WHERE clause',
      });
      expect((await service.from('signatures').select('id,hidden').order('id')).data).toEqual(
        before.data,
      );
    });
  });

  it('a wrong key is 401, and so is a wrong bearer with the right key', async () => {
    const wrong = makeClient(ctx.server.url, 'sk_test_wrong_0123456789abcdefghijklmnopqr');
    const read = await wrong.from('signatures').select('*');
    expect(read.status).toBe(401);
    expect(read.error).toMatchObject({ message: 'Invalid API key' });
    const hide = await wrong.from('signatures').update({ hidden: true }).eq('id', 1);
    expect(hide.status).toBe(401);
    const res = await fetch(`${ctx.server.url}/rest/v1/signatures?select=id`, {
      headers: { apikey: SERVICE_KEY, Authorization: 'Bearer not-a-key' },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST301');
  });

  describe('reads through the cache', () => {
    it('a hidden row leaves a cached full read at once; a deleted one too', async () => {
      const kept = await addVisible();
      const hidden = await addVisible();
      const deleted = await addVisible();
      // Twice, so the second answer comes from the warm cache.
      const warm = await anonIds();
      expect(await anonIds()).toEqual(warm);
      expect(warm).toEqual(expect.arrayContaining([kept.id, hidden.id, deleted.id]));

      await service.from('signatures').update({ hidden: true }).eq('id', hidden.id);
      const afterHide = await anonIds();
      expect(afterHide).toEqual(warm.filter((id) => id !== hidden.id));
      expect(await anonIds()).toEqual(afterHide);

      await service.from('signatures').delete().eq('id', deleted.id);
      expect(await anonIds()).toEqual(afterHide.filter((id) => id !== deleted.id));

      await service.from('signatures').update({ hidden: false }).eq('id', hidden.id);
      expect(await anonIds()).toContain(hidden.id);
    });

    it('never serves a service_role read to anon, nor an anon read to the service key', async () => {
      const row = await addVisible();
      await service.from('signatures').update({ hidden: true }).eq('id', row.id);
      const asService = () =>
        ctx.server.fetch(WALL, {
          headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` },
        });
      const ids = async (res: Response) => ((await res.json()) as Row[]).map((r) => r.id);

      // Service first (hidden row included), then anon on the same URL and version.
      expect(await ids(await asService())).toContain(row.id);
      expect(await anonIds()).not.toContain(row.id);
      // And the other way round, on a fresh version.
      await addVisible();
      expect(await anonIds()).not.toContain(row.id);
      expect(await ids(await asService())).toContain(row.id);
    });
  });

  describe('spots', () => {
    it('a hidden signature no longer blocks its spot', async () => {
      const first = await addVisible(squareAt(1000, 2000));
      const blocked = await anon.from('signatures').insert({ signature: squareAt(1050, 2050) });
      expect(blocked.status).toBe(409);
      expect(blocked.error).toMatchObject({
        code: 'PT409',
        message: `signature overlaps signature #${first.id}`,
      });
      await service.from('signatures').update({ hidden: true }).eq('id', first.id);
      const second = await addVisible(squareAt(1050, 2050));
      expect(second.id).toBeGreaterThan(first.id);
    });

    it('unhiding into a spot taken since is refused (409, naming the signature there)', async () => {
      const first = await addVisible(squareAt(1400, 2000));
      await service.from('signatures').update({ hidden: true }).eq('id', first.id);
      const taker = await addVisible(squareAt(1450, 2050, 20));

      const { status, error } = await service
        .from('signatures')
        .update({ hidden: false })
        .eq('id', first.id);
      expect(status).toBe(409);
      expect(error).toMatchObject({
        code: 'PT409',
        message: `signature #${first.id} cannot be unhidden: signature #${taker.id} is now in its spot`,
      });
      expect(await rowAsOwner(first.id)).toMatchObject({ hidden: true });

      // Once the taker is hidden, the first one may come back.
      await service.from('signatures').update({ hidden: true }).eq('id', taker.id);
      const back = await service
        .from('signatures')
        .update({ hidden: false })
        .eq('id', first.id)
        .select('id,hidden');
      expect(back.status).toBe(200);
      expect(back.data).toEqual([{ id: first.id, hidden: false }]);
    });

    it('two hidden signatures that overlap cannot both come back in one request', async () => {
      const ids: number[] = [];
      for (const signature of [squareAt(1800, 2000), squareAt(1850, 2050)]) {
        const { data } = await service
          .from('signatures')
          .insert({ signature, hidden: true })
          .select('id');
        ids.push((data as Array<{ id: number }>)[0]!.id);
      }
      const { status, error } = await service
        .from('signatures')
        .update({ hidden: false })
        .in('id', ids);
      expect(status).toBe(409);
      expect(error).toMatchObject({ code: 'PT409' });
      for (const id of ids) expect(await rowAsOwner(id)).toMatchObject({ hidden: true });
    });

    it('unhiding a signature whose spot is still free works', async () => {
      const row = await addVisible(squareAt(2200, 2000));
      await service.from('signatures').update({ hidden: true }).eq('id', row.id);
      const { status } = await service
        .from('signatures')
        .update({ hidden: false })
        .eq('id', row.id);
      expect(status).toBe(204);
      expect(await anonIds()).toContain(row.id);
    });
  });

  // Last: everything above was logged (one line per request, errors with their cause).
  it('never logs a key', () => {
    expect(logText).toContain('PATCH /rest/v1/signatures');
    expect(logText).not.toContain(SERVICE_KEY);
    expect(logText).not.toContain(ANON_KEY);
  });
});

describe('server/main.ts with SERVICE_ROLE_KEY', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'signwall-service-key-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['is shorter than 32 characters', 'short-but-not-empty', /too short to be a secret/],
    ['equals the anon key', 'k'.repeat(40), /equals ANON_KEY/],
  ])('refuses to start when the key %s, in one line that says why', async (_name, key, why) => {
    const server = spawnServer({
      DATA_DIR: join(dir, 'never-created'),
      ANON_KEY: 'k'.repeat(40),
      SERVICE_ROLE_KEY: key,
    });
    const error = await server.then(
      () => new Error('started'),
      (e: Error) => e,
    );
    expect(error.message).toMatch(/server exited with 1/);
    const output = error.message.split('\n').slice(1).join('\n').trim();
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(why);
    expect(output).not.toContain(key);
  });

  it('starts with a good key, which then reads hidden rows', { timeout: 120_000 }, async () => {
    const dataDir = join(dir, 'data');
    await copyFreshPgliteData(dataDir);
    const server = await spawnServer({
      DATA_DIR: dataDir,
      DIST_DIR: join(dir, 'no-dist'),
      ANON_KEY: 'anon-key',
      SERVICE_ROLE_KEY: SERVICE_KEY,
    });
    try {
      const owner = makeClient(server.url, SERVICE_KEY);
      const added = await owner
        .from('signatures')
        .insert({ signature: '[[[1,2],[3,4]]]', hidden: true })
        .select('hidden');
      expect(added.data).toEqual([{ hidden: true }]);
      expect(
        (await makeClient(server.url, 'anon-key').from('signatures').select('*')).data,
      ).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
