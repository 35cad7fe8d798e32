/**
 * What /moderate's data module (src/data/moderation.ts) does, with real supabase-js against the
 * real server on each backend: the moderator key refused, the newest rows with hidden ones, hide
 * and unhide (the refusal's message naming the signature in the spot, as the page parses it),
 * delete, and "Hide all since…" counting exactly what it then hides.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { spotTakenBy } from '../../src/domain/moderation.ts';
import {
  countVisibleSince,
  deleteSignature,
  fetchNewest,
  fetchRows,
  fetchSignature,
  hideSince,
  KeyRefusedError,
  setHidden,
} from '../../src/data/moderation.ts';
import { DataApiError } from '../../src/data/table.ts';
import { backends, makeClient, nextSignature, useServer } from './harness.ts';

const SERVICE_KEY = 'sk_test_moderation_page_0123456789abcdefghijklm';

describe.each(backends)('the moderation page data on $name', (backend) => {
  const ctx = useServer(backend, { app: { serviceRoleKey: SERVICE_KEY } });
  let owner: SupabaseClient;
  beforeAll(() => {
    owner = makeClient(ctx.server.url, SERVICE_KEY);
  });

  async function add(signature = nextSignature()): Promise<{ id: number; created_at: string }> {
    const { data, error } = await ctx.server.client
      .from('signatures')
      .insert({ signature })
      .select('id,created_at');
    expect(error).toBeNull();
    return data![0] as { id: number; created_at: string };
  }

  it('answers a wrong key as the key refused', async () => {
    const wrong = makeClient(ctx.server.url, 'sk_wrong_0123456789abcdefghijklmnopqrstuvwxyz');
    await expect(fetchNewest(wrong, 5)).rejects.toBeInstanceOf(KeyRefusedError);
  });

  it('lists the newest rows first, hidden ones too; hides, unhides, deletes', async () => {
    const a = await add();
    const b = await add();
    expect(await setHidden(owner, a.id, true)).toBe(true);
    const newest = await fetchNewest(owner, 2);
    expect(newest.map((r) => [r.id, r.hidden])).toEqual([
      [b.id, false],
      [a.id, true],
    ]);
    expect(Object.keys(newest[0]!).sort()).toEqual(['caption', 'created_at', 'hidden', 'id']);
    expect((await fetchSignature(owner, a.id))?.signature).toMatch(/^\[\[\[/);

    expect(await setHidden(owner, a.id, false)).toBe(true);
    expect((await fetchRows(owner, [a.id, b.id])).every((r) => !r.hidden)).toBe(true);

    expect(await deleteSignature(owner, b.id)).toBe(true);
    expect(await deleteSignature(owner, b.id)).toBe(false);
    expect(await setHidden(owner, b.id, true)).toBe(false);
    expect(await fetchSignature(owner, b.id)).toBeNull();
    expect((await fetchRows(owner, [a.id, b.id])).map((r) => r.id)).toEqual([a.id]);
  });

  it('refuses an unhide into a taken spot with a 409 that names the signature there', async () => {
    const square = JSON.stringify([
      [
        [300, 2600],
        [400, 2700],
      ],
    ]);
    const first = await add(square);
    await setHidden(owner, first.id, true);
    const taker = await add(square);
    const refusal = await setHidden(owner, first.id, false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataApiError);
    expect((refusal as DataApiError).status).toBe(409);
    expect(spotTakenBy((refusal as DataApiError).message)).toBe(taker.id);
  });

  it('counts what "Hide all since…" will hide, then hides exactly that', async () => {
    const before = await add();
    let since = before.created_at;
    let later = await add();
    // Rows of one transaction time share created_at: the window must part them.
    while (later.created_at === since) later = await add();
    since = later.created_at;
    const last = await add();
    await setHidden(owner, last.id, true); // already hidden: not counted, not touched
    const count = await countVisibleSince(owner, since);
    const visibleLater = (await fetchNewest(owner, 1000)).filter(
      (r) => !r.hidden && Date.parse(r.created_at) >= Date.parse(since),
    );
    expect(count).toBe(visibleLater.length);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(await hideSince(owner, since)).toBe(count);
    expect(await countVisibleSince(owner, since)).toBe(0);
    expect((await fetchRows(owner, [before.id]))[0]!.hidden).toBe(false);
  });
});
