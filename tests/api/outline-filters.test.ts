/**
 * Viewport-first reads through real supabase-js against the real server: the outline's
 * edge columns are real columns to the server's checks (selected with `*`, filtered with plain
 * operators), and the app's regions (src/domain/wall-regions.ts) split the wall into disjoint reads
 * that together return every row once, the view's first. Id windows (`id=gt.…&id=lte.…`) too.
 */
import { describe, expect, it } from 'vitest';
import { outlineOf } from '../../src/domain/geometry.ts';
import { parseStrokes } from '../../src/domain/signature.ts';
import { wallRegions, type WallRegion } from '../../src/domain/wall-regions.ts';
import { backends, signatureAt, useServer } from './harness.ts';

interface Row {
  id: number;
  signature: string;
  min_x: number | null;
  max_x: number | null;
  min_y: number | null;
  max_y: number | null;
}

describe.each(backends)('outline filters on $name', (backend) => {
  const ctx = useServer(backend);
  /** Two rows of 30 cells across the wall: outlines x 40+100k..80+100k, y 40..80 and 140..180. */
  const CELLS = 60;

  async function seedOnce(): Promise<void> {
    const { count } = await ctx.server.client
      .from('signatures')
      .select('id', { count: 'exact' })
      .limit(1);
    if (count) return;
    const rows = Array.from({ length: CELLS }, (_, cell) => ({ signature: signatureAt(cell) }));
    for (const row of rows) {
      const { error } = await ctx.server.client.from('signatures').insert(row);
      expect(error).toBeNull();
    }
  }

  async function read(region: WallRegion): Promise<Row[]> {
    let query = ctx.server.client.from('signatures').select('*');
    for (const f of region.filters) query = query.filter(f.column, f.op, f.value);
    const { data, error } = await query.order('id');
    expect(error).toBeNull();
    return data as Row[];
  }

  it('answers the padded outline edges with every row', async () => {
    await seedOnce();
    const { data, error } = await ctx.server.client.from('signatures').select('*').order('id');
    expect(error).toBeNull();
    for (const row of data as Row[]) {
      const outline = outlineOf(parseStrokes(row.signature)!)!;
      expect(row).toMatchObject({
        min_x: outline.x,
        max_x: outline.x + outline.width,
        min_y: outline.y,
        max_y: outline.y + outline.height,
      });
    }
  });

  it('reads the view first and the rest in disjoint regions that hold every row once', async () => {
    await seedOnce();
    // Meets cells 0–3 of the first row (x 40..380) and, by its bottom edge, none of the second.
    const view = { x: 0, y: 0, width: 340, height: 100 };
    const regions = wallRegions(view);
    const inView = await read(regions.view);
    expect(inView.map((r) => JSON.parse(r.signature)[0][0])).toEqual([
      [50, 50],
      [150, 50],
      [250, 50],
      [350, 50],
    ]);
    const rest = (await Promise.all(regions.rest.map((r) => read(r)))).flat();
    const ids = [...inView, ...rest].map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(CELLS);
    expect(new Set(ids).size).toBe(CELLS);
  });

  it('filters the rows without an outline (none here) and windows of ids', async () => {
    await seedOnce();
    const { data: none, error } = await ctx.server.client
      .from('signatures')
      .select('*')
      .is('min_x', null);
    expect(error).toBeNull();
    expect(none).toEqual([]);
    const { data: all } = await ctx.server.client.from('signatures').select('id').order('id');
    const ids = (all as Array<{ id: number }>).map((r) => r.id);
    const { data: window } = await ctx.server.client
      .from('signatures')
      .select('id')
      .gt('id', ids[9]!)
      .lte('id', ids[19]!)
      .order('id');
    expect((window as Array<{ id: number }>).map((r) => r.id)).toEqual(ids.slice(10, 20));
  });

  it('refuses to write the edges: they are derived', async () => {
    const { error, status } = await ctx.server.client
      .from('signatures')
      .insert({ signature: signatureAt(200), min_x: 0 });
    expect(error).not.toBeNull();
    expect(status).toBeGreaterThanOrEqual(400);
  });
});
