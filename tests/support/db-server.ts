/**
 * The real server in-process with database limits of the test's choosing (a lowered statement budget,
 * a one-connection pool …), and a logger the test can read.
 */
import type { OpenOptions } from '../../server/db/index.ts';
import type { Logger } from '../../server/db/logger.ts';
import { startServer, type Target, type TestServer } from '../api/harness.ts';

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

/** The harness's server, with the database limits (and its logger) of the test's choosing. */
export type LimitedServer = TestServer;

export function startLimitedServer(
  target: Target,
  open: OpenOptions,
  distDir?: string,
): Promise<LimitedServer> {
  return startServer(target, { open, ...(distDir ? { distDir } : {}) });
}
