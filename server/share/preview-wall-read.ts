/**
 * Brings the preview worker's wall up to the table as anon sees it now (so hidden signatures never
 * show), page by page. The first read takes every row. Later ones take what changed since the
 * worker's last: the ids up to the last one it holds (one read, 8 bytes a row) tell what left and
 * what came back, and only the rows after that id and the ones that came back are read. A wall of
 * 100,000 signatures that one save moved costs one id list and one row, where it cost 200 pages of
 * rows.
 *
 * Each page is a read transaction of its own, under the previews' own client key, so visitors'
 * reads take their turns between the pages (db/fair-scheduler.ts); before each page after the first,
 * visitors who came meanwhile are served first.
 */
import type { Database, Tx as Transaction } from '../db/types.ts';
import type { PreviewRequest } from './preview-protocol.ts';

export const WALL_TABLE = 'signatures';
export const PAGE_ROWS = 500;

/** The worker, and what the server knows it holds of the wall. */
export interface HeldWall {
  /** The wall version it holds (null: none, or its last read did not finish). */
  version: string | undefined | null;
  /** The ids of the rows it holds (null: no whole wall yet), and the highest. */
  ids: Set<number> | null;
  maxId: number;
  send(request: PreviewRequest): void;
}

export interface WallReader {
  readonly db: Database;
  /** True once the previews are closed: the read stops. */
  closed(): boolean;
  /** Resolves once visitors had their turn (the server is quiet, or the render waited enough). */
  yieldToVisitors(): Promise<void>;
}

/**
 * Reads the wall into `worker` and updates what it holds; answers the version read first and how
 * many rows were read, or null once closed (the worker then holds no version, so the next read
 * starts over).
 */
export async function readWallInto(
  worker: HeldWall,
  reader: WallReader,
): Promise<{ version: string | undefined; rows: number } | null> {
  const held = worker.ids;
  const ids = held ?? new Set<number>();
  let maxId = held ? worker.maxId : -1;
  let version: string | undefined;
  let cameBack: number[] = [];
  worker.version = null;
  worker.ids = null;
  if (held) {
    const { seen, visible } = await read(reader.db, async (tx) => {
      const seen = await reader.db.tableVersions.read(tx, WALL_TABLE);
      const [answer] = await tx.query<{ ids: string }>(
        `select coalesce(pg_catalog.json_agg(_t.id order by _t.id), '[]')::text as ids
           from (select id::float8 as id from public.signatures where id <= $1) _t`,
        [maxId],
      );
      return { seen, visible: JSON.parse(answer!.ids) as number[] };
    });
    version = seen;
    const shown = new Set(visible);
    const removed = [...held].filter((id) => !shown.has(id));
    cameBack = visible.filter((id) => !held.has(id));
    for (const id of removed) ids.delete(id);
    worker.send({ type: 'change', removed });
  }
  let rows = 0;
  /** Sends a page to the worker; answers its ids, in order. */
  const send = (page: { json: string; ids: string }, first: boolean): number[] => {
    worker.send({ type: 'rows', json: page.json, first, last: false });
    const pageIds = JSON.parse(page.ids) as number[];
    for (const id of pageIds) ids.add(id);
    maxId = Math.max(maxId, pageIds.at(-1) ?? -1);
    rows += pageIds.length;
    return pageIds;
  };
  // The rows after the last id held (every row, the first time), in pages.
  for (let after = maxId, first = !held; ; first = false) {
    if (!first) await reader.yieldToVisitors();
    if (reader.closed()) return null;
    const { page, seen } = await read(reader.db, async (tx) => ({
      seen: first ? await reader.db.tableVersions.read(tx, WALL_TABLE) : undefined,
      page: await rowsPage(tx, 'id > $1 order by id', after),
    }));
    if (first) version = seen;
    const pageIds = send(page, first);
    if (pageIds.length < PAGE_ROWS) break;
    after = pageIds.at(-1)!;
  }
  // The rows shown again (unhidden) below it.
  for (let i = 0; i < cameBack.length; i += PAGE_ROWS) {
    await reader.yieldToVisitors();
    if (reader.closed()) return null;
    const part = cameBack.slice(i, i + PAGE_ROWS);
    const { page } = await read(reader.db, async (tx) => ({
      page: await rowsPage(tx, 'id = any($1::float8[]) order by id', part),
    }));
    send(page, false);
  }
  worker.send({ type: 'rows', json: '[]', first: false, last: true });
  worker.ids = ids;
  worker.maxId = maxId;
  worker.version = version;
  return { version, rows };
}

/** A read transaction as anon, under the previews' own client key (db/fair-scheduler.ts). */
function read<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work, { role: 'anon', kind: 'read', client: 'signwall-previews' });
}

/**
 * Up to PAGE_ROWS rows matching `where` (its $1 is `param`) as one JSON text, and their ids: not
 * rows, since PGlite turns each row of an answer into a JavaScript object (25x the time of the read
 * itself on a full wall), and the worker parses the text anyway.
 */
async function rowsPage(
  tx: Transaction,
  where: string,
  param: unknown,
): Promise<{ json: string; ids: string }> {
  const [page] = await tx.query<{ json: string; ids: string }>(
    `select coalesce(pg_catalog.json_agg(_t order by _t.id), '[]')::text as json,
            coalesce(pg_catalog.json_agg(_t.id order by _t.id), '[]')::text as ids
       from (select id::float8 as id, signature, caption from public.signatures
              where ${where} limit ${PAGE_ROWS}) _t`,
    [param],
  );
  return page!;
}
