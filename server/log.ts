/**
 * The server's structured log: one pino logger (Fastify's own), JSON lines on stdout. Built once in
 * main.ts from LOG_LEVEL and handed to Fastify and to whoever else needs to log (the database
 * layer), so every line carries the same fields and goes through the same level filter.
 *
 * Per request there is exactly one line, written when the answer is finished: request id, method,
 * path, status and time. The path never includes the query string, where the apikey may travel.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** What the server and the database layer log through. */
export type Logger = pino.Logger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** A logger at `level`, writing JSON lines to stdout (or `destination`, which tests read). */
export function createLogger(
  level: LogLevel = 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    // `err` (and `error`) keep their `cause` chain: a wrapped database error says what went wrong.
    serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The request path without its query string (which may carry `apikey=`). */
export function pathOf(rawUrl: string | undefined): string {
  const url = rawUrl ?? '/';
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

/**
 * Replaces Fastify's two lines per request ("incoming request" with the full URL, then "request
 * completed") with one line at the end. `logRequests: false` (LOG_REQUESTS=0) drops that line;
 * errors are logged wherever they are handled, whatever this says.
 */
export class RequestLog extends LogController {
  readonly #logRequests: boolean;

  constructor(logRequests: boolean) {
    super({});
    this.#logRequests = logRequests;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { err: error, method: request.method, path: pathOf(request.raw.url) },
        'request errored',
      );
      return;
    }
    if (!this.#logRequests) return;
    const path = pathOf(request.raw.url);
    const status = reply.statusCode;
    const ms = Number(reply.elapsedTime.toFixed(1));
    // The message repeats the fields so a human reading the raw lines sees the request at once.
    reply.log.info(
      { method: request.method, path, status, ms },
      `${request.method} ${path} ${status} ${ms}ms`,
    );
  }
}
