/**
 * Link previews of the wall (`GET /preview.png`), the way tldraw serves its social previews: never
 * blocking. A request is answered at once from what is there: the picture of its view for the
 * current wall version ('fresh'), else the last one of that view ('stale'), else the last picture of
 * the whole wall, else a blank wall ('default'); and a render of its view is queued. One render
 * runs at a time, in a worker thread (preview-worker.ts), so no request ever waits for one, and the
 * event loop never paints: a read is never delayed by a preview.
 *
 * The wall is read in pages of PAGE_ROWS rows, each in a read transaction of its own as anon (so
 * hidden signatures never show), under a client key of its own, so visitors' reads take their turns
 * between the pages (db/fair-scheduler.ts). When its version moved (db/table-version.ts), only
 * what changed is read (see #sendWall); the worker keeps the parsed wall meanwhile, so other views
 * of the same version cost a paint only. A view is rendered again at most every `refreshMs`
 * however often the wall changes.
 *
 * Bounds, whatever a crowd asks: at most `maxQueued` views wait (the oldest is dropped), at most
 * `cacheBytes` of pictures are kept (least recently used first out).
 *
 * Nobody waits for a render, and visitors do wait for their reads: a render, and each page of its
 * read, starts once the server has served nothing for QUIET_MS (http/activity.ts), or after
 * MAX_WAIT_MS on a server that is never quiet. A page visit asks for its preview, and on a heavy
 * wall rendering it beside that visitor's own load doubled the load on a 2-core server.
 */
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { ViewLink } from '../../src/domain/view-link.ts';
import type { Database, Tx as Transaction } from '../db/types.ts';
import type { Activity } from '../http/activity.ts';
import type { Logger } from '../log.ts';
import type { PreviewReply, PreviewRequest } from './preview-protocol.ts';

export type PreviewView = ViewLink | 'fit';
export type PreviewState = 'fresh' | 'stale' | 'default';

export interface PreviewAnswer {
  readonly png: Buffer;
  readonly state: PreviewState;
}

export interface PreviewTiming {
  readonly signatures: number;
  /** Rows read for it: every row the first time, then what joined or came back since. */
  readonly rowsRead: number;
  /** Reading the rows (only when the version moved; else 0). */
  readonly readMs: number;
  readonly parseMs: number;
  readonly paintMs: number;
  readonly encodeMs: number;
  /** From the render's start to the picture in the cache. */
  readonly totalMs: number;
}

export interface PreviewOptions {
  readonly db: Database;
  readonly logger?: Logger;
  /** A view is rendered again at most this often (ms); default REFRESH_MS. */
  readonly refreshMs?: number;
  readonly maxQueued?: number;
  readonly cacheBytes?: number;
  /** The server's requests: renders wait for a quiet moment (see the header). None: no wait. */
  readonly activity?: Activity;
}

const TABLE = 'signatures';
/** Rows per read transaction: small turns, so visitors' reads never wait long behind one. */
export const PAGE_ROWS = 500;
export const REFRESH_MS = 10_000;
/** Served nothing for this long: a visitor's load is over (its pages follow each other closely). */
export const QUIET_MS = 1_000;
/** A render waits at most this long for a quiet moment. */
export const MAX_WAIT_MS = 30_000;
const MAX_QUEUED = 16;
/** A 1200×630 preview of a full wall is under 1 MB: room for dozens of views. */
const CACHE_BYTES = 48 * 1024 * 1024;
const WORKER_URL = new URL('./preview-worker.ts', import.meta.url);

interface Picture {
  readonly png: Buffer;
  /** The wall version it shows; undefined when the database keeps none. */
  readonly version: string | undefined;
  readonly renderedAt: number;
}

/** A view's cache key: the whole wall, or x, y and zoom as the link writes them. */
export function previewKey(view: PreviewView): string {
  return view === 'fit' ? 'fit' : `${view.x},${view.y},${view.zoom}`;
}

/** One worker and its conversation: a request, then its one answer. */
class PreviewWorker {
  readonly #worker: Worker;
  readonly #events: EventEmitter;
  /** The renders sent and not answered yet, in order: the worker answers them in turn. */
  readonly #waiting: Array<{ answer: (reply: PreviewReply) => void; fail: (e: Error) => void }> =
    [];
  dead = false;
  /** The wall version it holds (null: none). */
  version: string | undefined | null = null;
  /** The ids of the rows it holds, and the highest (null: no whole wall yet). */
  ids: Set<number> | null = null;
  maxId = -1;

  constructor(events: EventEmitter, onExit: (error: Error) => void) {
    this.#events = events;
    this.#worker = new Worker(WORKER_URL, { name: 'signwall-previews' });
    this.#worker.unref();
    this.#worker.on('message', (reply: PreviewReply) => {
      if (reply.type === 'started') {
        this.#events.emit('started', reply.family);
        return;
      }
      if (reply.type === 'painting') {
        this.#events.emit('painting');
        return;
      }
      this.#waiting.shift()?.answer(reply);
    });
    const died = (error: Error) => {
      if (this.dead) return;
      this.dead = true;
      for (const waiting of this.#waiting.splice(0)) waiting.fail(error);
      onExit(error);
    };
    this.#worker.on('error', died);
    this.#worker.on('exit', (code) => died(new Error(`the preview worker exited (${code})`)));
  }

  send(request: PreviewRequest): void {
    this.#worker.postMessage(request);
  }

  render(view: PreviewView, empty = false): Promise<Extract<PreviewReply, { type: 'rendered' }>> {
    return new Promise((resolve, reject) => {
      if (this.dead) return reject(new Error('the preview worker is gone'));
      this.#waiting.push({
        answer: (reply) => {
          if (reply.type === 'rendered') resolve(reply);
          else reject(new Error(reply.type === 'failed' ? reply.message : 'unexpected reply'));
        },
        fail: reject,
      });
      this.send({ type: 'render', view, empty });
    });
  }

  terminate(): Promise<number> {
    this.dead = true;
    return this.#worker.terminate();
  }
}

export class Previews {
  readonly #db: Database;
  readonly #logger: Logger | undefined;
  readonly #refreshMs: number;
  readonly #maxQueued: number;
  readonly #pictures: LRUCache<string, Picture>;
  /** Views waiting for their render, oldest first. */
  readonly #queued = new Map<string, PreviewView>();
  #running: Promise<void> | null = null;
  #worker: PreviewWorker | null = null;
  #blank: Promise<Buffer> | null = null;
  #closed = false;
  readonly #stopWaiting = new AbortController();
  readonly #activity: Activity | undefined;
  /** 'started' (the caption family), 'painting', 'rendered' (key, timing), 'failed' (error). */
  readonly events = new EventEmitter();

  constructor(options: PreviewOptions) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#refreshMs = options.refreshMs ?? REFRESH_MS;
    this.#maxQueued = options.maxQueued ?? MAX_QUEUED;
    this.#activity = options.activity;
    this.#pictures = new LRUCache<string, Picture>({
      maxSize: options.cacheBytes ?? CACHE_BYTES,
      sizeCalculation: (picture) => Math.max(1, picture.png.byteLength),
    });
    this.events.on('started', (family: string | null) =>
      this.#logger?.info(`previews: captions drawn in ${family ?? 'no font found'}`),
    );
  }

  /** The picture to answer for `view` now; queues its render when it is not fresh. */
  async get(view: PreviewView): Promise<PreviewAnswer> {
    const key = previewKey(view);
    const version = await this.#currentVersion();
    const held = this.#pictures.get(key);
    if (held && version !== undefined && held.version === version) {
      return { png: held.png, state: 'fresh' };
    }
    if (!held || performance.now() - held.renderedAt >= this.#refreshMs) this.#queue(key, view);
    if (held) return { png: held.png, state: 'stale' };
    const whole = this.#pictures.get(previewKey('fit'));
    return { png: whole?.png ?? (await this.#blankWall()), state: 'default' };
  }

  /** Queues a render of `view` unless its picture is fresh (a page was served for it). */
  prepare(view: PreviewView): void {
    void this.get(view).catch(() => undefined);
  }

  /** Resolves once nothing is queued or rendering (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Renders `view` now (after any running render), whatever the cache holds: the benchmark. */
  async renderNow(view: PreviewView): Promise<PreviewTiming> {
    await this.idle();
    const timing = new Promise<PreviewTiming>((resolve, reject) => {
      const key = previewKey(view);
      const onRendered = (rendered: string, t: PreviewTiming) => {
        if (rendered !== key) return;
        this.events.off('rendered', onRendered);
        this.events.off('failed', onFailed);
        resolve(t);
      };
      const onFailed = (error: Error) => {
        this.events.off('rendered', onRendered);
        this.events.off('failed', onFailed);
        reject(error);
      };
      this.events.on('rendered', onRendered);
      this.events.on('failed', onFailed);
      this.#queued.delete(key);
      this.#queued.set(key, view);
      this.#pump();
    });
    return timing;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#queued.clear();
    this.#stopWaiting.abort();
    await this.#running?.catch(() => undefined);
    await this.#worker?.terminate();
    this.#worker = null;
  }

  async #currentVersion(): Promise<string | undefined> {
    try {
      return await this.#db.tableVersions.current(TABLE);
    } catch {
      return undefined;
    }
  }

  #queue(key: string, view: PreviewView): void {
    if (this.#closed || this.#queued.has(key)) return;
    if (this.#queued.size >= this.#maxQueued) {
      this.#queued.delete(this.#queued.keys().next().value!);
    }
    this.#queued.set(key, view);
    this.#pump();
  }

  #pump(): void {
    if (this.#running || this.#closed) return;
    const next = this.#queued.entries().next();
    if (next.done) return;
    const [key, view] = next.value;
    this.#queued.delete(key);
    this.#running = this.#render(key, view)
      .catch((error: unknown) => {
        this.#logger?.error({ err: error }, 'previews: a render failed');
        this.events.emit('failed', error);
      })
      .finally(() => {
        this.#running = null;
        this.#pump();
      });
  }

  #workerNow(): PreviewWorker {
    if (!this.#worker || this.#worker.dead) {
      const worker = new PreviewWorker(this.events, (error) => {
        if (!this.#closed) this.#logger?.error({ err: error }, 'previews: the worker ended');
      });
      this.#worker = worker;
    }
    return this.#worker;
  }

  /** A blank wall, fitted: the picture before any other exists. Rendered once. */
  #blankWall(): Promise<Buffer> {
    if (!this.#blank) {
      // Rendered outside the queue (it is tiny), by the worker the queue uses.
      const blank = this.#workerNow()
        .render('fit', true)
        .then((reply) => Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      this.#blank = blank;
      blank.catch(() => {
        if (this.#blank === blank) this.#blank = null;
      });
    }
    return this.#blank;
  }

  /** Resolves once the server is quiet, or at `deadline` (performance.now()), or on close. */
  async #yieldToVisitors(deadline: number): Promise<void> {
    const wait = deadline - performance.now();
    if (!this.#activity || wait <= 0) return;
    await this.#activity.whenQuiet(QUIET_MS, wait, this.#stopWaiting.signal);
  }

  async #render(key: string, view: PreviewView): Promise<void> {
    const deadline = performance.now() + MAX_WAIT_MS;
    await this.#yieldToVisitors(deadline);
    if (this.#closed) return;
    const started = performance.now();
    // The blank picture is asked of the same worker, which answers one request at a time.
    await this.#blankWall().catch(() => undefined);
    const worker = this.#workerNow();
    const current = await this.#currentVersion();
    let version = current;
    let readMs = 0;
    let rowsRead = 0;
    if (current === undefined || worker.version !== current) {
      const read = performance.now();
      const sent = await this.#sendWall(worker, deadline);
      if (!sent) return;
      ({ version, rows: rowsRead } = sent);
      readMs = performance.now() - read;
    }
    const reply = await worker.render(view);
    const png = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
    this.#pictures.set(key, { png, version, renderedAt: performance.now() });
    const timing: PreviewTiming = {
      signatures: reply.signatures,
      rowsRead,
      readMs,
      // Parsing happens as the rows arrive: it is this render's only when it read them.
      parseMs: readMs > 0 ? reply.parseMs : 0,
      paintMs: reply.paintMs,
      encodeMs: reply.encodeMs,
      totalMs: performance.now() - started,
    };
    this.events.emit('rendered', key, timing);
  }

  /**
   * Brings the worker's wall up to the table as anon sees it now, page by page; answers the version
   * read first and how many rows were read, or null once closed. The first read takes every row.
   * Later ones take what changed since the worker's last: the ids up to the last one it holds (one
   * read, 8 bytes a row) tell what left and what came back, and only the rows after that id and the
   * ones that came back are read. A wall of 100,000 signatures that one save moved costs one id
   * list and one row, where it cost 200 pages of rows.
   */
  async #sendWall(
    worker: PreviewWorker,
    deadline: number,
  ): Promise<{ version: string | undefined; rows: number } | null> {
    const held = worker.ids;
    const ids = held ?? new Set<number>();
    let maxId = held ? worker.maxId : -1;
    let version: string | undefined;
    let cameBack: number[] = [];
    worker.version = null;
    worker.ids = null;
    if (held) {
      const { seen, visible } = await this.#read(async (tx) => {
        const seen = await this.#db.tableVersions.read(tx, TABLE);
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
      // A visitor who came meanwhile is served first (the picture waits at most until `deadline`).
      if (!first) await this.#yieldToVisitors(deadline);
      if (this.#closed) return null;
      const { page, seen } = await this.#read(async (tx) => ({
        seen: first ? await this.#db.tableVersions.read(tx, TABLE) : undefined,
        page: await this.#rowsPage(tx, 'id > $1 order by id', after),
      }));
      if (first) version = seen;
      const pageIds = send(page, first);
      if (pageIds.length < PAGE_ROWS) break;
      after = pageIds.at(-1)!;
    }
    // The rows shown again (unhidden) below it.
    for (let i = 0; i < cameBack.length; i += PAGE_ROWS) {
      await this.#yieldToVisitors(deadline);
      if (this.#closed) return null;
      const part = cameBack.slice(i, i + PAGE_ROWS);
      const { page } = await this.#read(async (tx) => ({
        page: await this.#rowsPage(tx, 'id = any($1::float8[]) order by id', part),
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
  #read<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#db.transaction(work, { role: 'anon', kind: 'read', client: 'signwall-previews' });
  }

  /**
   * Up to PAGE_ROWS rows matching `where` (its $1 is `param`) as one JSON text, and their ids: not
   * rows, since PGlite turns each row of an answer into a JavaScript object (25x the time of the
   * read itself on a full wall), and the worker parses the text anyway.
   */
  async #rowsPage(
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
}
