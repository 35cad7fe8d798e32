/**
 * Reads of an unchanged wall are answered from the server's read cache; a save must show up in
 * the very next read, through the same server and (on PostgreSQL) through another server process
 * sharing the database, whose cache never saw the insert.
 */
import { describe, expect, it } from 'vitest';
import { backends, nextSignature, useServersOnOneDatabase, type TestServer } from './harness.ts';

const WALL = `/rest/v1/signatures?select=*&order=created_at.asc,id.asc`;

async function wallIds(server: TestServer, init?: RequestInit): Promise<number[]> {
  const res = await server.fetch(WALL, init);
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: number }>).map((row) => row.id);
}

describe.each(backends)('read cache on $name', (backend) => {
  // A second process on the same database only exists with PostgreSQL (PGlite has one opener).
  const servers = useServersOnOneDatabase(backend);

  it('answers repeated reads identically, compressed or not', async () => {
    const [server] = servers;
    // Enough rows to pass the 1 KiB compression threshold.
    for (let i = 0; i < 12; i++) {
      await server!.client.from('signatures').insert({ signature: nextSignature() });
    }
    const plain = await server!.fetch(WALL);
    const again = await server!.fetch(WALL);
    const gzipped = await server!.fetch(WALL, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(await again.text()).toBe(await plain.text());
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('content-range')).toBe(plain.headers.get('content-range'));
  });

  it('shows a save in the next read, on every server sharing the database', async () => {
    for (const writer of servers) {
      const before = await Promise.all(servers.map((s) => wallIds(s)));
      const { data, error } = await writer.client
        .from('signatures')
        .insert({ signature: nextSignature() })
        .select('*');
      expect(error).toBeNull();
      const id = (data as Array<{ id: number }>)[0]!.id;
      for (const [i, reader] of servers.entries()) {
        const after = await wallIds(reader);
        expect(after).toEqual([...before[i]!, id]);
      }
    }
  });

  it('keeps differently shaped reads apart', async () => {
    const [server] = servers;
    const all = await wallIds(server!);
    const firstOnly = await server!.fetch(`${WALL}&limit=1`);
    expect(((await firstOnly.json()) as unknown[]).length).toBe(1);
    const counted = await server!.fetch(WALL, { headers: { Prefer: 'count=exact' } });
    expect(counted.headers.get('content-range')).toBe(`0-${all.length - 1}/${all.length}`);
  });
});
