/**
 * The owner's board's read (src/data/moderation-wall.ts), with real supabase-js against the real
 * server on each backend: every signature, hidden ones too and marked so, read by id across pages
 * (a page size smaller than the wall), and the moderator key refused like every moderation read.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { KeyRefusedError, setHidden } from '../../src/data/moderation.ts';
import { fetchModeratedWall } from '../../src/data/moderation-wall.ts';
import { backends, makeClient, useServer, signWith } from './harness.ts';

const SERVICE_KEY = 'sk_test_moderation_wall_0123456789abcdefghijklm';

describe.each(backends)("the owner's board's read on $name", (backend) => {
  const ctx = useServer(backend, { app: { serviceRoleKey: SERVICE_KEY } });
  let owner: SupabaseClient;
  beforeAll(() => {
    owner = makeClient(ctx.server.url, SERVICE_KEY);
  });

  const add = () => signWith(ctx.server.client);

  it('reads every signature page by page, hidden ones too, and says which are hidden', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await add());
    await setHidden(owner, ids[1]!, true);
    await setHidden(owner, ids[3]!, true);

    const wall = await fetchModeratedWall(owner, 2);
    expect(wall.signatures.map((s) => s.id)).toEqual(ids);
    expect([...wall.hiddenIds].sort((a, b) => a - b)).toEqual([ids[1], ids[3]]);
    // Drawable signatures: strokes parsed, outline derived.
    expect(wall.signatures[0]!.strokes.length).toBeGreaterThan(0);
    expect(wall.signatures[0]!.outline.width).toBeGreaterThan(0);
    // One page or many, the same wall.
    expect(await fetchModeratedWall(owner)).toEqual(wall);
  });

  it('refuses a wrong key as the key refused', async () => {
    const wrong = makeClient(ctx.server.url, 'sk_wrong_0123456789abcdefghijklmnopqrstuvwxyz');
    await expect(fetchModeratedWall(wrong)).rejects.toBeInstanceOf(KeyRefusedError);
  });
});
