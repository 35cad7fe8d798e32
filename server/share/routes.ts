/**
 * The routes that put the wall on other pages: `GET /preview.png` (previews.ts), `GET /oembed`
 * (oembed.ts), and the writer of each HTML page's preview tags (page-meta.ts), which static.ts
 * calls for every page it serves.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/types.ts';
import type { Activity } from '../http/activity.ts';
import type { PageWriter } from '../http/static.ts';
import type { Logger } from '../log.ts';
import { oembedAnswer, type OEmbedQuery } from './oembed.ts';
import { viewOfUrl, withPageMeta } from './page-meta.ts';
import { Previews } from './previews.ts';
import { publicOrigin } from './public-origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The link previews (tests and the benchmark wait for renders through it). */
    previews: Previews;
  }
}

export interface ShareOptions {
  readonly db: Database;
  readonly logger?: Logger;
  /** PUBLIC_URL: the origin of every absolute URL; unset, the request's Host (checked). */
  readonly publicUrl?: string;
  readonly trustProxy: number;
  /** A view's picture is rendered again at most this often (ms); default REFRESH_MS. */
  readonly previewRefreshMs?: number;
  /** What the server is serving (http/activity.ts). */
  readonly activity?: Activity;
}

export const PREVIEW_PATH = '/preview.png';

export interface Share {
  readonly previews: Previews;
  readonly writePage: PageWriter;
}

/** A fresh picture may be kept a little; any other is the stand-in until the render is done. */
const FRESH_PICTURE = 'public, max-age=60';
const STAND_IN_PICTURE = 'no-cache';

export function registerShare(app: FastifyInstance, options: ShareOptions): Share {
  const previews = new Previews({
    db: options.db,
    logger: options.logger,
    refreshMs: options.previewRefreshMs,
    activity: options.activity,
  });
  app.addHook('onClose', () => previews.close());
  app.decorate('previews', previews);
  const originOf = (request: FastifyRequest) =>
    publicOrigin(request, options.publicUrl, options.trustProxy);

  app.get(PREVIEW_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const view = viewOfUrl(request.raw.url ?? '') ?? 'fit';
    const answer = await previews.get(view);
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', answer.state === 'fresh' ? FRESH_PICTURE : STAND_IN_PICTURE)
      .header('X-Preview', answer.state)
      .send(answer.png);
  });

  app.get('/oembed', async (request: FastifyRequest, reply: FastifyReply) => {
    const { origin, fromRequest } = originOf(request);
    const answer = oembedAnswer(
      request.query as OEmbedQuery,
      origin === null ? null : new URL(origin).host,
    );
    if (answer.status !== 200) {
      return reply
        .code(answer.status)
        .type('text/plain; charset=utf-8')
        .send(`${answer.message}\n`);
    }
    return (
      reply
        // Written from this client's Host (no PUBLIC_URL): kept by the client alone, as pages are.
        .header('Cache-Control', fromRequest ? 'private, max-age=300' : 'public, max-age=300')
        .header('Access-Control-Allow-Origin', '*')
        .send(answer.body)
    );
  });

  const writePage: PageWriter = (html, request) => {
    const { origin, fromRequest } = originOf(request);
    const view = viewOfUrl(request.raw.url ?? '');
    // A crawler asks for the picture right after the page: have it rendering by then (at most
    // once per wall version and view, and per refresh interval).
    previews.prepare(view ?? 'fit');
    return {
      html: withPageMeta(html, { origin, view }),
      // Written from this client's Host: no shared cache may hand it to anyone else.
      cacheControl: fromRequest ? 'private, no-cache' : 'no-cache',
    };
  };
  return { previews, writePage };
}
