/**
 * The real server in-process with database limits of the test's choosing (a lowered statement budget,
 * a one-connection pool …) and a logger the test can read: what harness.ts's startServer cannot set.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app.ts';
import { openDatabase, type OpenOptions, type OpenedDatabase } from '../../server/db/index.ts';
import type { Logger } from '../../server/db/logger.ts';
import { ANON_KEY, type Target } from '../api/harness.ts';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/** A Logger that keeps every line, and can wait for the next line of a given `event`. */
export function captureLogger() {
  const entries: LogEntry[] = [];
  const waiting: Array<{ event: string; resolve: (entry: LogEntry) => void }> = [];
  const write = (level: LogEntry['level']) => (fields: object, message: string) => {
    const entry = { level, fields: fields as Record<string, unknown>, message };
    entries.push(entry);
    for (const wait of waiting.filter((w) => w.event === entry.fields.event)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(entry);
    }
  };
  const logger: Logger = { info: write('info'), warn: write('warn'), error: write('error') };
  return {
    logger,
    entries,
    /** Resolves on the next line logged with this `event` (after this call). */
    next: (event: string) => new Promise<LogEntry>((resolve) => waiting.push({ event, resolve })),
  };
}

export interface LimitedServer {
  url: string;
  app: FastifyInstance;
  db: OpenedDatabase;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startLimitedServer(
  target: Target,
  open: OpenOptions,
  distDir = join(tmpdir(), 'signwall-no-build'),
): Promise<LimitedServer> {
  const db = await openDatabase(target.config, open);
  const app = await buildServer({ db, anonKey: ANON_KEY, distDir, logRequests: false });
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  let stopped = false;
  return {
    url,
    app,
    db,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', ANON_KEY);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await db.close();
    },
  };
}
