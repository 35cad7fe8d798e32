/**
 * The built app from DIST_DIR: hashed `/assets/*` cached forever, `index.html` always revalidated,
 * and every other GET that is not a file answered with `index.html` so client routes such as
 * `/export` work on reload. Without a build, GET / explains how to make one.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_BUILD_HINT =
  'signwall: the data API is running, but there is no built app to serve.\n' +
  'Run `npm run build` (or `npm start`, which builds first), then reload.\n';

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      cacheControl: false, // set below: the default max-age=0 fits neither kind of file
      setHeaders(reply, filePath) {
        const inAssets = relative(distDir, filePath).split(sep)[0] === 'assets';
        reply.header('Cache-Control', inAssets ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.raw.url ?? '/').split('?')[0]!;
    const spaRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/assets\//.test(path);
    if (!spaRoute) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    if (!hasBuild) {
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(NO_BUILD_HINT);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
