/**
 * The committed table versions on PostgreSQL, asked on a connection of the read cache's own, outside
 * the pool: a read the cache can answer never waits for a turn behind saves (table-version.ts,
 * ProbedTableVersions, shares one query between all the reads that ask meanwhile).
 */
import pg from 'pg';
import type { Logger } from './logger.ts';
import { ProbedTableVersions } from './table-version.ts';

/**
 * Longest wait of a read for the versions. Past it the read takes a turn like any other (or, while
 * the database is busy, is answered from the cache's last snapshot): far above a healthy answer (a
 * millisecond or two), and with the turn's own short wait (server/cache/cached-reads.ts) within half a second.
 */
const VERSION_WAIT_MS = 250;
/**
 * The probe's own bounds (connecting, and its statement): longer than a read waits, so a slow query
 * is let finish (the next one starts after it) rather than cut, which would drop its connection.
 */
const PROBE_TIMEOUT_MS = 1_000;

export function probedTableVersions(databaseUrl: string, logger: Logger): ProbedTableVersions {
  let connection: Promise<pg.Client> | undefined;
  let closed = false;

  /** The open connection, or a new one (the first call, or after the last one broke). */
  function connect(): Promise<pg.Client> {
    if (closed) return Promise.reject(new Error('closed'));
    if (connection) return connection;
    const client = new pg.Client({
      connectionString: databaseUrl,
      options: `-c statement_timeout=${PROBE_TIMEOUT_MS}`,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    const opened: Promise<pg.Client> = client.connect().then(() => client);
    const drop = () => {
      if (connection === opened) connection = undefined;
      void client.end().catch(() => undefined);
    };
    // Without a listener a lost connection (server restart) would crash the process.
    client.on('error', (error) => {
      logger.warn({ event: 'version_probe_error', detail: error.message }, 'postgres probe');
      drop();
    });
    opened.catch(drop);
    connection = opened;
    return opened;
  }

  return new ProbedTableVersions({
    timeoutMs: VERSION_WAIT_MS,
    async query() {
      const opened = connect();
      const client = await opened;
      try {
        const { rows } = await client.query<{ table_name: string; version: string }>(
          'select table_name, version::text as version from signwall.table_versions',
        );
        return new Map(rows.map((row) => [row.table_name, row.version]));
      } catch (error) {
        // A timeout or a broken session: start afresh next time rather than reuse it.
        if (connection === opened) connection = undefined;
        void client.end().catch(() => undefined);
        throw error;
      }
    },
    async close() {
      closed = true;
      const open = connection;
      connection = undefined;
      await open?.then((client) => client.end()).catch(() => undefined);
    },
  });
}
