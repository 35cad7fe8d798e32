/**
 * Link previews of the wall (`GET /preview.png`), the way tldraw serves its social previews: never
 * blocking. A request is answered at once from what is there: the picture of its view for the
 * current wall version ('fresh'), else the last one of that view ('stale'), else the last picture of
 * the whole wall, else a blank wall ('default'); and a render of its view is queued. One render
 * runs at a time, in a worker thread (preview-worker.ts), so no request ever waits for one, and the
 * event loop never paints: a read is never delayed by a preview.
 *
 * The wall is read in pages between visitors' reads, and once the worker holds it, only what
 * changed when its version moved (db/table-version.ts; preview-wall-read.ts); the worker keeps the
 * parsed wall meanwhile, so other views of the same version cost a paint only. A view is rendered
 * again at most every `refreshMs` however often the wall changes.
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
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/types.ts';
import type { Activity } from '../http/activity.ts';
import type { Logger } from '../log.ts';
import type { PreviewView } from './preview-protocol.ts';
import { PreviewWorker } from './preview-thread.ts';
import { readWallInto, WALL_TABLE } from './preview-wall-read.ts';

export type { PreviewView };
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

/** Rows per read transaction: small turns, so visitors' reads never wait long behind one. */
export const REFRESH_MS = 10_000;
/** Served nothing for this long: a visitor's load is over (its pages follow each other closely). */
export const QUIET_MS = 1_000;
/** A render waits at most this long for a quiet moment. */
export const MAX_WAIT_MS = 30_000;
const MAX_QUEUED = 16;
/** A 1200×630 preview of a full wall is under 1 MB: room for dozens of views. */
const CACHE_BYTES = 48 * 1024 * 1024;

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
      return await this.#db.tableVersions.current(WALL_TABLE);
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
      const sent = await readWallInto(worker, {
        db: this.#db,
        closed: () => this.#closed,
        yieldToVisitors: () => this.#yieldToVisitors(deadline),
      });
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
}
