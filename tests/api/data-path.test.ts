/**
 * The app's own reads and saves (src/data) against the real server, through the REST client the
 * app builds (createDataApi, with a fetch that records each request and can act between two):
 * - every paged read pages by id, so rows deleted or inserted between two pages neither drop nor
 *   repeat another row (offset paging would skip the rows that moved up into the page already
 *   read);
 * - every read names its columns: the wall's rows carry SignatureRow's four fields, never the
 *   outline, its edges or `hidden`.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createDataApi, type DataApi } from '../../src/data/client.ts';
import { fetchVisibleSignatureIds } from '../../src/data/removed-signatures.ts';
import { fetchSignaturesSince, insertSignature } from '../../src/data/signatures.ts';
import { pagesById, signatureRead } from '../../src/data/pager.ts';
import { SIGNATURE_COLUMNS } from '../../src/data/table.ts';
import { streamWall } from '../../src/data/wall-load.ts';
import type { Signature } from '../../src/domain/signature.ts';
import { backends, nextSignature, useServer, type TestServer } from './harness.ts';

/** Rows per answer: small, so a read of a few dozen rows takes several pages. */
const MAX_ROWS = 10;

interface Recorded {
  method: string;
  url: URL;
  /** The keys of each row of a JSON array answer. */
  rowKeys: string[][];
}

/**
 * The app's REST client on `server`, recording every request; `between(n)` runs after the n-th
 * read (1-based) has been answered and before its answer is handed on.
 */
function recordingApi(
  server: TestServer,
  between: (reads: number) => Promise<void> = async () => {},
): { api: DataApi; requests: Recorded[] } {
  const requests: Recorded[] = [];
  let reads = 0;
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const method = init?.method ?? 'GET';
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const rowKeys = Array.isArray(body) ? body.map((row: object) => Object.keys(row)) : [];
    requests.push({ method, url: new URL(String(input)), rowKeys });
    if (method === 'GET') await between(++reads);
    return response;
  };
  return { api: createDataApi(`${server.url}/rest/v1`, server.anonKey, recording), requests };
}

async function seed(server: TestServer, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { data, error } = await server.client
      .from('signatures')
      .insert({ signature: nextSignature(), caption: `#${i}` })
      .select('id');
    if (error) throw new Error(`seeding failed: ${error.message}`);
    ids.push((data as Array<{ id: number }>)[0]!.id);
  }
  return ids;
}

/** The owner deletes rows (as `npm run moderate delete` would), bypassing the API. */
async function deleteAsOwner(server: TestServer, ids: readonly number[]): Promise<void> {
  await server.db.transaction((tx) =>
    tx.exec(`delete from public.signatures where id in (${ids.map(Number).join(',')})`),
  );
}

/** What visitors can read, asked of the database itself (an API answer holds MAX_ROWS at most). */
async function visibleIds(server: TestServer): Promise<number[]> {
  const rows = await server.db.transaction((tx) =>
    tx.query<{ id: number | string }>(
      'select id from public.signatures where not hidden order by id',
    ),
  );
  return rows.map((row) => Number(row.id));
}

/** Each id once; a repeated one fails the test through the length check. */
function expectOnce(ids: readonly number[], expected: readonly number[]) {
  expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
}

async function allOf(stream: AsyncIterable<readonly Signature[]>): Promise<Signature[]> {
  const out: Signature[] = [];
  for await (const chunk of stream) out.push(...chunk);
  return out;
}

describe.each(backends)('the app’s data path on $name', (backend) => {
  const ctx = useServer(backend, { maxRows: MAX_ROWS });

  describe('paged reads under concurrent writes', () => {
    /**
     * Before the second page is read, the owner deletes three rows of the first page and a visitor
     * saves two more. Every row that was visible throughout must come back exactly once.
     */
    async function changeBetweenPages(
      read: (api: DataApi) => Promise<number[]>,
    ): Promise<{ got: number[]; kept: number[]; requests: Recorded[] }> {
      const before = await visibleIds(ctx.server);
      expect(before.length).toBeGreaterThan(2 * MAX_ROWS);
      const deleted = before.slice(2, 5);
      let changed = false;
      const { api, requests } = recordingApi(ctx.server, async (reads) => {
        if (reads !== 1 || changed) return;
        changed = true;
        await deleteAsOwner(ctx.server, deleted);
        await seed(ctx.server, 2);
      });
      const got = await read(api);
      expect(changed).toBe(true);
      const kept = before.filter((id) => !deleted.includes(id));
      return { got, kept, requests };
    }

    it('the live poll’s read (created_at since) drops and repeats no row', async () => {
      await seed(ctx.server, 3 * MAX_ROWS);
      const { got, kept, requests } = await changeBetweenPages(async (api) =>
        (await fetchSignaturesSince('2000-01-01T00:00:00Z', api)).map((s) => s.id),
      );
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(expect.arrayContaining(kept));
      // Offset paging skips kept[2..4] here: the page after the deletion starts three rows later.
      expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(2);
      for (const r of requests) expect(r.url.searchParams.has('offset')).toBe(false);
    });

    it('the removal check’s read of visible ids drops and repeats no row', async () => {
      const { got, kept } = await changeBetweenPages(async (api) => [
        ...(await fetchVisibleSignatureIds(api)),
      ]);
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(expect.arrayContaining(kept));
    });

    it('the wall’s load drops and repeats no row', async () => {
      const { got, kept } = await changeBetweenPages(async (api) =>
        (await allOf(streamWall(new QueryClient(), null, null, api))).map((s) => s.id),
      );
      expect(new Set(got).size).toBe(got.length);
      expect(got).toEqual(expect.arrayContaining(kept));
    });

    it('with nothing changing, each read returns exactly the visible rows', async () => {
      const visible = await visibleIds(ctx.server);
      const { api } = recordingApi(ctx.server);
      expectOnce(
        (await fetchSignaturesSince(null, api)).map((s) => s.id),
        visible,
      );
      expectOnce([...(await fetchVisibleSignatureIds(api))], visible);
      const view = { x: 0, y: 0, width: 800, height: 600 };
      const wall = await allOf(streamWall(new QueryClient(), view, null, api));
      expectOnce(
        wall.map((s) => s.id),
        visible,
      );
    });
  });

  it('every read and save of the board names its columns, and rows carry only those', async () => {
    const { api, requests } = recordingApi(ctx.server);
    const view = { x: 0, y: 0, width: 800, height: 600 };
    await allOf(streamWall(new QueryClient(), view, null, api));
    await allOf(streamWall(new QueryClient(), null, null, api));
    await fetchSignaturesSince('2000-01-01T00:00:00Z', api);
    await fetchVisibleSignatureIds(api);
    const saved = await insertSignature(
      {
        strokes: [
          [
            [3000, 3000],
            [3050, 3020],
          ],
        ],
        caption: 'named columns',
      },
      api,
    );
    expect(saved.caption).toBe('named columns');

    const selects = new Set(requests.map((r) => r.url.searchParams.get('select')));
    // The wall's rows, the wall's size (`id,created_at`, one row) and the removal check's ids.
    expect(selects).toEqual(new Set([SIGNATURE_COLUMNS, 'id,created_at', 'id']));
    const signatureRowKeys = requests
      .filter((r) => r.url.searchParams.get('select') === SIGNATURE_COLUMNS)
      .flatMap((r) => r.rowKeys);
    expect(signatureRowKeys.length).toBeGreaterThan(MAX_ROWS);
    for (const keys of signatureRowKeys) expect(keys).toEqual(SIGNATURE_COLUMNS.split(','));
  });

  it('the live poll reads the rows of the signatures the wall lacks, and of the rest only the ids', async () => {
    const lacking = await seed(ctx.server, 2);
    const visible = await visibleIds(ctx.server);
    expect(visible.length).toBeGreaterThan(2 * MAX_ROWS);
    const onWall = new Set(visible.filter((id) => !lacking.includes(id)));
    const { api, requests } = recordingApi(ctx.server);
    const fresh = await fetchSignaturesSince('2000-01-01T00:00:00Z', api, () => onWall);
    expectOnce(
      fresh.map((s) => s.id),
      lacking,
    );
    const rowsRead = requests
      .filter((r) => r.url.searchParams.get('select') === SIGNATURE_COLUMNS)
      .flatMap((r) => r.rowKeys);
    expect(rowsRead).toHaveLength(lacking.length);
    // Whatever the wall holds, what the poll finds is what a whole read of the window finds.
    expectOnce(
      (await fetchSignaturesSince('2000-01-01T00:00:00Z', api, () => new Set(lacking))).map(
        (s) => s.id,
      ),
      [...onWall],
    );
  });

  it('a long window is read in pages that grow from the first size to the largest', async () => {
    await seed(ctx.server, 2 + 4 + 8 + 1);
    const visible = await visibleIds(ctx.server);
    expect(visible.length).toBeGreaterThan(2 + 4 + 8);
    const { api, requests } = recordingApi(ctx.server);
    const ids: number[] = [];
    for await (const rows of pagesById(api, signatureRead('test read'), undefined, 2, 8)) {
      ids.push(...rows.map((row) => row.id));
    }
    expectOnce(ids, visible);
    const limits = requests.map((r) => Number(r.url.searchParams.get('limit')));
    expect(limits.slice(0, 4)).toEqual([2, 4, 8, 8]);
    expect(Math.max(...limits)).toBe(8);
  });

  it('asks for the next page while the reader still holds this one, and for none past the end', async () => {
    await seed(ctx.server, 5);
    const visible = await visibleIds(ctx.server);
    let sent = 0;
    const counting: typeof fetch = (input, init) => {
      sent++;
      return fetch(input, init);
    };
    const api = createDataApi(`${ctx.server.url}/rest/v1`, ctx.server.anonKey, counting);
    const pages = pagesById(api, signatureRead('test read'), undefined, 2, 2);
    const first = await pages.next();
    expect(first.value).toHaveLength(2);
    // The reader has not asked for more; the second page was asked for before this one was handed
    // over (no wait here: a pager that asked only later would count 1).
    expect(sent).toBe(2);
    const ids = [...(first.value as Array<{ id: number }>)].map((row) => row.id);
    for await (const rows of pages) ids.push(...rows.map((row) => row.id));
    expectOnce(ids, visible);
    // Pages of 2 until one comes back short: nothing asked after it.
    expect(sent).toBe(Math.floor(visible.length / 2) + 1);
  });
});
