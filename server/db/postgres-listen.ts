/**
 * LISTEN on PostgreSQL: one connection of its own, outside the pool (a pooled connection goes back
 * to other transactions, and LISTEN belongs to a session). Opened with the first listener, so a
 * server nobody subscribes to holds no extra connection; every server process on the database opens
 * its own, and PostgreSQL delivers each NOTIFY to every listening session, so each process hears
 * every change. A lost connection is opened again (1 s, 2 s … 10 s apart); changes committed while
 * it was down are not heard (clients keep their periodic check for that).
 */
import pg from 'pg';
import type { Logger } from './logger.ts';
import { CHANGES_CHANNEL, quoteIdent, type ListenChanges } from './types.ts';

const MAX_RETRY_DELAY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface ChangeListener {
  listen: ListenChanges;
  close(): Promise<void>;
}

export function postgresChangeListener(databaseUrl: string, logger: Logger): ChangeListener {
  const listeners = new Set<(payload: string) => void>();
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  /** Settles once the first LISTEN succeeded (or the listener closed first). */
  let markListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  function connect(): void {
    if (closed || client) return;
    const session = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A LISTEN session only waits; it must not be ended by the pool's statement budgets.
      keepAlive: true,
    });
    client = session;
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (client === session) client = undefined;
      void session.end().catch(() => undefined);
      if (closed) return;
      const delayMs = Math.min(1000 * 2 ** failures++, MAX_RETRY_DELAY_MS);
      logger.warn(
        { event: 'postgres_listen_lost', detail: error.message, retryInMs: delayMs },
        'change listener lost its connection; reconnecting',
      );
      retryTimer = setTimeout(connect, delayMs);
    };
    // Without a listener a lost connection (server restart) would crash the process.
    session.on('error', onLost);
    session.on('end', () => onLost(new Error('connection ended')));
    session.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || message.payload === undefined) return;
      for (const listener of listeners) listener(message.payload);
    });
    session
      .connect()
      .then(() => session.query(`LISTEN ${quoteIdent(CHANGES_CHANNEL)}`))
      .then(() => {
        failures = 0;
        markListening();
      })
      .catch((error: Error) => onLost(error));
  }

  return {
    async listen(onPayload) {
      listeners.add(onPayload);
      connect();
      await listening;
      return () => void listeners.delete(onPayload);
    },
    async close() {
      closed = true;
      markListening();
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
