/**
 * The changes of public.signatures as anon sees them, each turned once into the `data` of a
 * postgres_changes event and handed to every subscriber (the sockets' sessions).
 *
 * The database announces each change by id (CHANGES_CHANNEL); an INSERT's row is then read here, in
 * a transaction as role `anon`, so row-level security and the column grants decide what is sent:
 * never a hidden row (a row hidden again before the read is simply not sent), never removal_hash.
 * Reads are batched: every INSERT announced while the last read ran is read by one query, so a burst
 * of saves costs one query, and one per change at most, however many sockets listen. Changes leave
 * in the order the database announced them.
 */
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { DEFLATE_ABOVE_BYTES, deflateShared } from './deflate.ts';

export type ChangeType = 'INSERT' | 'DELETE';

/**
 * What every subscriber receives. `data` is the event's `data` as UTF-8 JSON, made once: every
 * socket's frame carries this same buffer (session.ts), so a change costs each subscriber only its
 * few bytes of envelope, however large the signature.
 */
export interface Change {
  type: ChangeType;
  id: number;
  data: Buffer;
  /** `data` deflated once, for every socket that takes compressed frames (deflate.ts); if large. */
  deflated?: Buffer;
}

export interface Column {
  name: string;
  type: string;
}

interface Announced {
  id: number;
  type: ChangeType;
  at: string;
}

/** Most announcements waiting for their rows; past it the oldest are dropped (and logged). */
const MAX_PENDING = 10_000;
/** Ids read by one query. */
const READ_BATCH = 500;

/**
 * The columns anon may select, in table order, with their type names (the event's `columns`);
 * none when the table does not exist (a database prepared by hand).
 */
export async function anonColumns(db: Database): Promise<Column[]> {
  return db.transaction((tx) =>
    tx.query<Column>(
      `select a.attname as name, t.typname as type
         from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
        where a.attrelid = pg_catalog.to_regclass('public.signatures') and a.attnum > 0
          and not a.attisdropped
          and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'SELECT')
        order by a.attnum`,
    ),
  );
}

function parseAnnouncement(payload: string): Announced | undefined {
  try {
    const { id, type } = JSON.parse(payload) as { id?: unknown; type?: unknown };
    if (!Number.isSafeInteger(id) || (type !== 'INSERT' && type !== 'DELETE')) return undefined;
    if (typeof id !== 'number') return undefined;
    return { id, type, at: new Date().toISOString() };
  } catch {
    return undefined;
  }
}

export class ChangeFeed {
  private readonly subscribers = new Set<(change: Change) => void>();
  private pending: Announced[] = [];
  private draining = false;
  private closed = false;
  private stopListening: (() => void) | undefined;
  private readonly columnsJson: string;
  private readonly selectList: string;

  private readonly db: Database;
  private readonly logger: Logger;

  constructor(db: Database, columns: Column[], logger: Logger) {
    this.db = db;
    this.logger = logger;
    this.columnsJson = JSON.stringify(columns);
    // Names from the catalog, quoted: the list is exactly what anon may read.
    this.selectList = columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', ');
  }

  /**
   * Starts hearing the database; resolves once it listens, so no change committed after the server
   * starts is missed. Past `waitMs` (the database is slow to take another connection) it resolves
   * anyway, and the listener keeps trying in the background.
   */
  async start(waitMs: number): Promise<void> {
    const listening = this.db.listenChanges?.((payload) => this.announce(payload));
    if (!listening) return;
    void listening.then((stop) => {
      if (this.closed) stop();
      else this.stopListening = stop;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, waitMs, 'late')));
    if ((await Promise.race([listening, late])) === 'late') {
      this.logger.warn({ event: 'realtime_listen_late', waitMs }, 'not listening for changes yet');
    }
    clearTimeout(timer);
  }

  subscribe(onChange: (change: Change) => void): () => void {
    this.subscribers.add(onChange);
    return () => void this.subscribers.delete(onChange);
  }

  close(): void {
    this.closed = true;
    this.stopListening?.();
    this.stopListening = undefined;
    this.subscribers.clear();
    this.pending = [];
  }

  private announce(payload: string): void {
    const announced = parseAnnouncement(payload);
    if (!announced) return;
    if (this.pending.length >= MAX_PENDING) {
      this.logger.warn({ event: 'realtime_backlog', max: MAX_PENDING }, 'change backlog full');
      this.pending.shift();
    }
    this.pending.push(announced);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, READ_BATCH);
        const rows = await this.readRows(batch.filter((a) => a.type === 'INSERT').map((a) => a.id));
        for (const announced of batch) await this.publish(announced, rows);
      }
    } finally {
      this.draining = false;
    }
  }

  /** Each id's row as anon reads it now (JSON text); missing when anon cannot read it (any more). */
  private async readRows(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0 || this.subscribers.size === 0) return new Map();
    try {
      const rows = await this.db.transaction(
        (tx) =>
          tx.query<{ id: number | string; record: string }>(
            `select s.id, pg_catalog.to_jsonb(s)::text as record
               from (select ${this.selectList} from public.signatures
                      where id = any($1::bigint[])) s`,
            // An array literal: both drivers pass text parameters alike (ids are safe integers).
            [`{${ids.join(',')}}`],
          ),
        { role: 'anon', kind: 'read' },
      );
      return new Map(rows.map((row) => [Number(row.id), row.record]));
    } catch (error) {
      // The database is restarting or busy: these inserts are not pushed (clients' periodic check
      // finds them); deletes still are.
      this.logger.warn(
        { event: 'realtime_read_failed', detail: (error as Error).message, rows: ids.length },
        'could not read new rows for realtime',
      );
      return new Map();
    }
  }

  private async publish(announced: Announced, rows: Map<number, string>): Promise<void> {
    if (this.subscribers.size === 0) return;
    let record = '{}';
    let oldRecord = '{}';
    if (announced.type === 'INSERT') {
      const row = rows.get(announced.id);
      if (row === undefined) return; // hidden or deleted again before it was read
      record = row;
    } else {
      // What Supabase sends anon for a delete under row-level security: the primary key alone.
      oldRecord = JSON.stringify({ id: announced.id });
    }
    const dataJson =
      `{"schema":"public","table":"signatures","commit_timestamp":${JSON.stringify(announced.at)},` +
      `"type":"${announced.type}","columns":${this.columnsJson},"record":${record},` +
      `"old_record":${oldRecord},"errors":null}`;
    const data = Buffer.from(dataJson);
    const change: Change = {
      type: announced.type,
      id: announced.id,
      data,
      // Once per change, on zlib's threads, whatever the number of sockets.
      deflated: data.length >= DEFLATE_ABOVE_BYTES ? await deflateShared(data) : undefined,
    };
    for (const subscriber of this.subscribers) subscriber(change);
  }
}
