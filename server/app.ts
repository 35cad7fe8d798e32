/**
 * The server, built but not listening: tests start it in-process on port 0, `main.ts` on PORT.
 * Order matters: compression wraps every reply (API JSON too: bytes matter on phones), the body
 * limit and raw-text parsing come before any route, then the API, then the app with its SPA fallback.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '../src/domain/constants.ts';
import { loadSchemaCache } from './db/schema-cache.ts';
import type { Database } from './db/types.ts';
import { ApiError, pgrst } from './rest/errors.ts';
import { registerHealth } from './http/health.ts';
import { registerRest, sendError } from './http/rest-route.ts';
import { registerStatic } from './http/static.ts';

export interface ServerOptions {
  db: Database;
  anonKey: string;
  /** Row cap per GET, like hosted Supabase's `max_rows`. */
  maxRows?: number;
  distDir: string;
  logRequests?: boolean;
  /** Tables exposed under /rest/v1; everything else is 404 PGRST205. */
  tables?: string[];
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db, anonKey, distDir, maxRows = 1000, logRequests = true } = options;
  const schema = await loadSchemaCache(db, options.tables ?? ['signatures']);
  const app = Fastify({ logger: false, bodyLimit: MAX_BODY_BYTES });

  // Refuse big bodies from their declared length, before a byte of them is read.
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > MAX_BODY_BYTES) throw pgrst.bodyTooLarge(MAX_BODY_BYTES);
  });
  if (logRequests) {
    app.addHook('onResponse', async (request, reply) => {
      const path = (request.raw.url ?? '').split('?')[0];
      const ms = reply.elapsedTime.toFixed(1);
      console.log(`${request.method} ${path} ${reply.statusCode} ${ms}ms`);
    });
  }

  // Bodies stay raw text: with `columns=` PostgREST hands the untouched text to Postgres, and the
  // content type is judged by the API (415 in the envelope), not by a parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const api =
      error instanceof ApiError
        ? error
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? pgrst.bodyTooLarge(MAX_BODY_BYTES)
          : error.statusCode && error.statusCode < 500
            ? new ApiError(error.statusCode, { message: error.message })
            : error;
    if (request.url.startsWith('/rest/')) return sendError(reply, api);
    const status = api instanceof ApiError ? api.status : 500;
    if (status === 500) console.error('unexpected error:', error);
    return reply.code(status).type('text/plain; charset=utf-8').send(`${api.message}\n`);
  });

  // Responses only: PostgREST takes no compressed request bodies, and inflating them would let a small
  // upload expand past the body limit's intent.
  await app.register(compress, {
    encodings: ['br', 'gzip', 'deflate'],
    globalDecompression: false,
  });
  registerRest(app, { db, schema, anonKey, maxRows });
  registerHealth(app, db);
  await registerStatic(app, distDir);
  return app;
}
