/**
 * What a client is told when the server turns a request away to stay within its per-client limits
 * (connections.ts): 503 with `Retry-After`, in PostgREST's envelope under /rest/ (supabase-js then
 * retries a GET after Retry-After), plain text elsewhere. And the one preparation such an answer
 * needs: the request's body read to its end, so that closing the socket resets nothing.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../log.ts';
import type { ErrorBody } from '../rest/envelope.ts';
import { corsHeaders } from './cors.ts';

/** What a turned-away client is asked to wait: the requests ahead of it take milliseconds. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export interface BusyReason {
  /** Says what the client has too much of, e.g. "Too many connections from your address". */
  what: string;
  /** The limit, in a sentence. */
  details: string;
}

/**
 * Sets the 503's status and headers on `reply` and returns its body, for a hook to send or (in
 * onSend, replacing an answer already built) to return. Any header of the answer it replaces
 * (Content-Range, Content-Encoding …) is dropped first; the security headers come after (onSend).
 */
export function busyAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  reason: BusyReason,
): string {
  for (const name of Object.keys(reply.getHeaders())) {
    if (name !== 'connection') reply.removeHeader(name);
  }
  const seconds = BUSY_RETRY_AFTER_SECONDS;
  const message = `${reason.what}: try again in ${seconds} second${seconds === 1 ? '' : 's'}`;
  reply.code(503).header('Retry-After', String(seconds));
  if (!pathOf(request.raw.url).startsWith('/rest/')) {
    reply.type('text/plain; charset=utf-8');
    return `${message}.\n`;
  }
  corsHeaders(reply);
  reply.type('application/json; charset=utf-8');
  const body: ErrorBody = {
    code: 'PT503',
    details: reason.details,
    hint: 'Retry after the seconds in Retry-After.',
    message,
  };
  return JSON.stringify(body);
}

/**
 * Reads and discards the request's body; true once it has ended, false if it passes `maxBytes`.
 * Answering before the body is read would close the socket with bytes unread, and the kernel
 * then resets the connection, often before the client has read the answer.
 */
export function drainBody(request: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) finish(false);
    };
    const finish = (ended: boolean) => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      request.pause();
      resolve(ended);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.complete);
    request.on('data', onData).once('end', onEnd).once('close', onClose);
  });
}
