/** Rows written before a restart are there after it (same DATA_DIR, or the same PostgreSQL database). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSignature, allRows, backends, startServer, type Target } from './harness.ts';

describe.each(backends)('persistence on $name', (backend) => {
  let target: Target;

  beforeAll(async () => {
    target = await backend.createTarget();
  });
  afterAll(async () => {
    await target?.cleanup();
  });

  it('keeps rows across a restart, and ids keep counting up', async () => {
    const first = await startServer(target);
    // One row per request (the database's rule for anon).
    const rowsToAdd: Array<{ signature: string; caption: string | null }> = [
      { signature: nextSignature(), caption: 'before restart' },
      { signature: nextSignature(), caption: null },
    ];
    for (const row of rowsToAdd) {
      const written = await first.client.from('signatures').insert(row).select('*');
      expect(written.error).toBeNull();
    }
    const rows = await allRows(first);
    await first.stop();

    const second = await startServer(target);
    try {
      expect(second.db.applied).toEqual([]); // nothing left to migrate
      expect(await allRows(second)).toEqual(rows);
      const next = await second.client
        .from('signatures')
        .insert({ signature: nextSignature() })
        .select('*')
        .single();
      expect(next.error).toBeNull();
      expect(next.data!.id).toBe(3);
    } finally {
      await second.stop();
    }
  });
});
